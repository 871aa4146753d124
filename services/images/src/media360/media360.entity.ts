import type { Media360ContentType, Media360Kind, Media360Status } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One frame of a 360, in its place in `Media360.frames`. */
export interface Media360Frame {
  /** the one-time staging key its upload grant names; read only by the check */
  uploadKey: string;
  /** the type the uploader announced (the grant's), then the checked one */
  contentType: Media360ContentType;
  /** where the checked frame is kept, without private metadata (no grant names it); null until then */
  key: string | null;
  size: number | null;
}

const bigint = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A 360 of an order: an exterior's frames around the car, or an interior's panorama; files in S3. */
@Entity('media360')
export class Media360 {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('text') kind!: Media360Kind;
  @Column('text') status!: Media360Status;
  @Column('integer', { name: 'frame_count' }) frameCount!: number;
  @Column('jsonb') frames!: Media360Frame[];
  @Column('integer', { nullable: true }) width!: number | null;
  @Column('integer', { nullable: true }) height!: number | null;
  @Column('bigint', { name: 'total_size', nullable: true, transformer: bigint }) totalSize!: number | null;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column('timestamptz', { name: 'upload_expires_at' }) uploadExpiresAt!: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
