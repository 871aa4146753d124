import type { ImageVersionKind, ImageVersionReason, Route } from '@app/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One version of an image's picture. Its files are written once and never overwritten: the
 * original's own key, or `orders/{orderId}/images/{imageId}/versions/{id}.jpg` and
 * `….thumb.jpg` (`ObjectKeys.imageVersion`). A pipeline or test version exists from the
 * moment its job is queued (who asked, why, the settings) and gets its files when the result
 * arrives (`readyAt`); only ready versions are shown.
 */
@Entity('image_version')
export class ImageVersion {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'image_id' }) imageId!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('text') kind!: ImageVersionKind;
  @Column('text') reason!: ImageVersionReason;
  @Column('text', { nullable: true }) route!: Route | null;
  @Column('jsonb', { nullable: true }) settings!: Record<string, unknown> | null;
  @Column('uuid', { name: 'job_id', nullable: true }) jobId!: string | null;
  @Column('text', { name: 'file_key', nullable: true }) fileKey!: string | null;
  @Column('text', { name: 'thumb_key', nullable: true }) thumbKey!: string | null;
  @Column('int', { nullable: true }) width!: number | null;
  @Column('int', { nullable: true }) height!: number | null;
  @Column('int', { name: 'file_size', nullable: true }) fileSize!: number | null;
  /** who made it: an account, or a signed-in sales person; null for the system */
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column('text', { name: 'created_by_name', nullable: true }) createdByName!: string | null;
  @Column('uuid', { name: 'restored_from_id', nullable: true }) restoredFromId!: string | null;
  /** the image's optimized picture now (at most one per image) */
  @Column('boolean') current!: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'ready_at', nullable: true }) readyAt!: Date | null;
  /** a failed test run: the pipeline's sentence and when (other failed jobs leave no version) */
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
  @Column('timestamptz', { name: 'failed_at', nullable: true }) failedAt!: Date | null;
}
