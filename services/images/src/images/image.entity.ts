import type { ImageType, MediaOrigin, OptimisationStatus, PlateQuad, Route } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Where an image row came from: the creator's upload, or a picture QA inserted. */
export type ImageSource = 'upload' | 'insert';

/**
 * One picture of an order at one position. Its files live under
 * `orders/{orderId}/images/{id}/`: the original, the pipeline's optimized picture and
 * thumbnail, and a staging key while a finished picture is being uploaded.
 */
@Entity('image')
export class Image {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  /** the order's account, kept for scoping lists without asking the orders service */
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('uuid', { name: 'style_guide_id' }) styleGuideId!: string;
  @Column('int') position!: number;
  @Column('text') source!: ImageSource;
  @Column('text', { name: 'media_origin' }) mediaOrigin!: MediaOrigin;
  @Column('text', { name: 'optimisation_status' }) optimisationStatus!: OptimisationStatus;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
  @Column('boolean') approved!: boolean;
  @Column('boolean', { name: 'needs_edition' }) needsEdition!: boolean;
  @Column('text', { name: 'optimised_via', nullable: true }) optimisedVia!: Route | null;
  @Column('text', { array: true }) types!: ImageType[];
  /** of the file being uploaded (or last uploaded) */
  @Column('text', { name: 'content_type' }) contentType!: string;
  /** where the pending upload is expected */
  @Column('text', { name: 'upload_key', nullable: true }) uploadKey!: string | null;
  @Column('text', { name: 'original_key', nullable: true }) originalKey!: string | null;
  /** the original's shared copy, without private metadata: what downloads and links serve (null until it is written) */
  @Column('text', { name: 'shared_original_key', nullable: true }) sharedOriginalKey!: string | null;
  @Column('text', { name: 'optimized_key', nullable: true }) optimizedKey!: string | null;
  @Column('text', { name: 'thumb_key', nullable: true }) thumbKey!: string | null;
  /** the orders list's picture (112 x 84), written with the thumbnail; null for pictures finished before it existed (the list shows `thumbKey`) */
  @Column('text', { name: 'list_thumb_key', nullable: true }) listThumbKey!: string | null;
  /** replace-image flow: where QA's new picture is uploaded before it is checked and swapped in */
  @Column('text', { name: 'replacement_key', nullable: true }) replacementKey!: string | null;
  @Column('text', { name: 'replacement_content_type', nullable: true }) replacementContentType!: string | null;
  /** when the grant of the replacing picture's staging key expires */
  @Column('timestamptz', { name: 'replacement_expires_at', nullable: true }) replacementExpiresAt!: Date | null;
  @Column('int', { name: 'declared_width', nullable: true }) declaredWidth!: number | null;
  @Column('int', { name: 'declared_height', nullable: true }) declaredHeight!: number | null;
  @Column('int', { name: 'declared_size', nullable: true }) declaredSize!: number | null;
  /** of the optimized picture once there is one, else of the accepted original */
  @Column('int', { nullable: true }) width!: number | null;
  @Column('int', { nullable: true }) height!: number | null;
  @Column('int', { name: 'file_size', nullable: true }) fileSize!: number | null;
  @Column('jsonb', { name: 'sensor_data', nullable: true }) sensorData!: Record<string, unknown> | null;
  @Column('text', { name: 'expected_angle', nullable: true }) expectedAngle!: string | null;
  @Column('text', { name: 'detected_angle', nullable: true }) detectedAngle!: string | null;
  /** the number plates the pipeline masked on the optimized picture (corners on the original); null: none masked */
  @Column('jsonb', { name: 'number_plates', nullable: true }) numberPlates!: PlateQuad[] | null;
  /** the last pipeline job asked for this image; results of older jobs are ignored */
  @Column('uuid', { name: 'latest_job_id', nullable: true }) latestJobId!: string | null;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column('timestamptz', { name: 'upload_expires_at' }) uploadExpiresAt!: Date;
  @Column('timestamptz', { name: 'upload_checked_at', nullable: true }) uploadCheckedAt!: Date | null;
  @Column('timestamptz', { name: 'uploaded_at', nullable: true }) uploadedAt!: Date | null;
  @Column('timestamptz', { name: 'processed_at', nullable: true }) processedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** States of an image whose file was accepted (it counts as uploaded). */
export const UPLOADED_STATUSES: readonly OptimisationStatus[] = ['queued', 'completed', 'rejected'];
/** States in which another upload may take the image's position. */
export const REPLACEABLE_STATUSES: readonly OptimisationStatus[] = ['awaiting-upload', 'upload-rejected'];
