import type { OrderDeliveryDestination, OrderPlatform, OrderStatus, QaStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type OrderCreatorRole = 'Admin' | 'SalesPerson' | 'Account';

/**
 * An order of a dealership (or management) account. Names of the account, sales person,
 * style guide and car type are copied in at creation, so lists need no other service.
 * The image counts are the latest progress the images service published (`progressVersion`).
 */
@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('text', { name: 'account_name' }) accountName!: string;
  @Column('text', { name: 'account_email' }) accountEmail!: string;
  @Column('text', { name: 'order_name' }) orderName!: string;
  @Column('text', { nullable: true }) note!: string | null;
  @Column('text') status!: OrderStatus;
  @Column('text', { name: 'qa_status' }) qaStatus!: QaStatus;
  @Column('uuid', { name: 'created_by_id', nullable: true }) createdById!: string | null;
  @Column('text', { name: 'created_by_name' }) createdByName!: string;
  @Column('text', { name: 'created_by_role' }) createdByRole!: OrderCreatorRole;
  @Column('uuid', { name: 'impersonated_by_id', nullable: true }) impersonatedById!: string | null;
  @Column('text', { name: 'impersonated_by_name', nullable: true }) impersonatedByName!: string | null;
  @Column('uuid', { name: 'sales_person_id', nullable: true }) salesPersonId!: string | null;
  @Column('text', { name: 'sales_person_name', nullable: true }) salesPersonName!: string | null;
  @Column('uuid', { name: 'style_guide_id' }) styleGuideId!: string;
  @Column('text', { name: 'style_guide_name' }) styleGuideName!: string;
  @Column('uuid', { name: 'car_type_id', nullable: true }) carTypeId!: string | null;
  @Column('text', { name: 'car_type_name', nullable: true }) carTypeName!: string | null;
  @Column('text') platform!: OrderPlatform;
  @Column('text', { name: 'user_agent', nullable: true }) userAgent!: string | null;
  @Column('text', { name: 'device_model', nullable: true }) deviceModel!: string | null;
  @Column('text', { name: 'os_version', nullable: true }) osVersion!: string | null;
  @Column('text', { name: 'app_version', nullable: true }) appVersion!: string | null;
  @Column('int', { name: 'taken_images_count' }) takenImagesCount!: number;
  @Column('int', { name: 'image_count', default: 0 }) imageCount!: number;
  @Column('int', { name: 'uploaded_images_count', default: 0 }) uploadedImagesCount!: number;
  @Column('int', { name: 'processed_images_count', default: 0 }) processedImagesCount!: number;
  @Column('int', { name: 'failed_images_count', default: 0 }) failedImagesCount!: number;
  @Column('int', { name: 'video_count', default: 0 }) videoCount!: number;
  /** bigint in the table; versions stay far below 2^53 */
  @Column('bigint', { name: 'progress_version', default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  progressVersion!: number;
  /** the object key of the order's picture for lists, as the images service last published it */
  @Column('text', { name: 'thumbnail_key', nullable: true }) thumbnailKey!: string | null;
  /** the object key of the full picture of that image, the list's fallback when the thumbnail fails (as the images service last published it) */
  @Column('text', { name: 'picture_key', nullable: true }) pictureKey!: string | null;
  @Column('boolean', { name: 'enabled_qa', default: false }) enabledQa!: boolean;
  @Column('uuid', { name: 'assigned_editor_id', nullable: true }) assignedEditorId!: string | null;
  @Column('text', { name: 'assigned_editor_name', nullable: true }) assignedEditorName!: string | null;
  /** QA counts the images service publishes with the progress (absent in a message: kept as they are) */
  @Column('int', { name: 'approved_count', default: 0 }) approvedCount!: number;
  @Column('int', { name: 'needs_edition_count', default: 0 }) needsEditionCount!: number;
  @Column('int', { name: 're_edit_open_count', default: 0 }) reEditOpenCount!: number;
  @Column('timestamptz', { name: 're_edit_due_at', nullable: true }) reEditDueAt!: Date | null;
  /** when the order last entered QA stage: how long it has waited in the QA work lists */
  @Column('timestamptz', { name: 'qa_stage_since', nullable: true }) qaStageSince!: Date | null;
  @Column('int', { name: 'time_to_ready_to_download', nullable: true }) timeToReadyToDownload!: number | null;
  @Column('int', { name: 'time_to_completed', nullable: true }) timeToCompleted!: number | null;
  /** the delivery progress last published by the delivery service (0: never queued) */
  @Column('bigint', { name: 'delivery_version', default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  deliveryVersion!: number;
  @Column('int', { name: 'delivery_queued', default: 0 }) deliveryQueued!: number;
  @Column('int', { name: 'delivery_delivered', default: 0 }) deliveryDelivered!: number;
  @Column('int', { name: 'delivery_failed', default: 0 }) deliveryFailed!: number;
  @Column('text', { name: 'delivery_last_error', nullable: true }) deliveryLastError!: string | null;
  /** each destination's state, as last published */
  @Column('jsonb', { name: 'delivery_destinations', default: () => "'[]'::jsonb" }) deliveryDestinations!: OrderDeliveryDestination[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
