import type { ZipMedia } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A zip made for a download; its object is removed once its link has expired. */
@Entity('download_bundle')
export class DownloadBundle {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('text', { name: 'object_key' }) objectKey!: string;
  @Column('int', { name: 'image_count' }) imageCount!: number;
  @Column('text') media!: ZipMedia;
  @Column('bigint', { name: 'size_bytes', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } }) sizeBytes!: number;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
}
