import type { MediaKind } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An image used by style guides, angles and car types (logo, overlays, icons, …). */
@Entity('utility_media')
export class UtilityMedia {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text', { name: 'media_type' }) mediaType!: MediaKind;
  @Column('text', { name: 'file_extension' }) fileExtension!: string;
  /** where the checked file is kept and read; no upload grant names it (media from before staging keys: where it was uploaded) */
  @Column('text', { name: 'object_key' }) objectKey!: string;
  /** the one-time staging key the upload grant names, until the file is checked and kept */
  @Column('text', { name: 'upload_key', nullable: true }) uploadKey!: string | null;
  /** when the upload grant of `uploadKey` expires (null for media from before this was kept) */
  @Column('timestamptz', { name: 'upload_expires_at', nullable: true }) uploadExpiresAt!: Date | null;
  @Column('boolean') uploaded!: boolean;
  @Column('bigint', { name: 'size_bytes', nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  sizeBytes!: number | null;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
