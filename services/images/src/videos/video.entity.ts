import type { VideoContentType, VideoStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A video of an order, uploaded straight to S3; its 225 px thumbnail is made with ffmpeg. */
@Entity('video')
export class Video {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('text') status!: VideoStatus;
  @Column('text', { name: 'content_type' }) contentType!: VideoContentType;
  /** the one-time staging key its upload grant names; read only by the check */
  @Column('text', { name: 'upload_key' }) uploadKey!: string;
  /** where the checked video is kept (no grant names it); null for videos accepted before it existed, read at `uploadKey` */
  @Column('text', { name: 'file_key', nullable: true }) fileKey!: string | null;
  @Column('text', { name: 'thumb_key', nullable: true }) thumbKey!: string | null;
  @Column('bigint', { name: 'file_size', nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  fileSize!: number | null;
  @Column('real', { name: 'duration_seconds', nullable: true }) durationSeconds!: number | null;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column('timestamptz', { name: 'upload_expires_at' }) uploadExpiresAt!: Date;
  @Column('timestamptz', { name: 'upload_checked_at', nullable: true }) uploadCheckedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
