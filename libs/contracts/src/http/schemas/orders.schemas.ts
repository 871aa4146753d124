import {
  DELIVERY_STATES,
  type DeliveryState,
  type OrderDeliveryDestination,
  type OrderDeliveryState,
} from '../../wire/delivery-queue';
import { INTEGRATION_TYPES, type IntegrationType } from '../../wire/integrations';
import { ORDER_EVENT_NAMES, type OrderEventName } from '../../wire/order-events';
import { ORDER_PLATFORMS, ORDER_STATUSES, QA_STATUSES, type OrderPlatform, type OrderStatus, type QaStatus } from '../../wire/orders';
import { TAG_CATEGORIES, TAG_ENTITIES, type TagCategory, type TagEntity } from '../../wire/tags';
import { Field } from '../fields';

/**
 * The answers of orders, tags and the timeline: each class is THE declaration of its shape.
 * The decorators write the OpenAPI schema; the class's type is the wire view (the wire modules
 * re-export it type-only, `export type { OrderView } from '../http/…'`), which the services
 * build and the web app reads. Nullable fields are `| null` here and `nullable: true` in the
 * decorator; a fixed list of values is its union type and `Field.oneOf`.
 */


/** A tag, as every tag list and every tagged thing answers it. */
export class TagView {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(TAG_CATEGORIES, 'TagCategory') category!: TagCategory;
  @Field.oneOf(TAG_ENTITIES, 'TagEntity') entity!: TagEntity;
  @Field.string({ description: 'a named colour or #RRGGBB' }) color!: string;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class OrderPersonRef {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
}

export class OrderAccountRef {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.string({ description: 'the account e-mail' }) userName!: string;
}

export class OrderCreatorRef {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.oneOf(['Admin', 'SalesPerson', 'Account'], 'OrderCreatorRole') role!: 'Admin' | 'SalesPerson' | 'Account';
}

export class OrderSalesPersonRef {
  @Field.id() id!: string;
  @Field.string() name!: string;
}

export class OrderStyleGuideRef {
  @Field.id() id!: string;
  @Field.string() name!: string;
}

export class OrderCarTypeRef {
  @Field.id() id!: string;
  @Field.string() carTypeName!: string;
}

export class OrderDevice {
  @Field.oneOf(ORDER_PLATFORMS, 'OrderPlatform') platform!: OrderPlatform;
  @Field.string({ nullable: true }) userAgent!: string | null;
  @Field.string({ nullable: true }) model!: string | null;
  @Field.string({ nullable: true }) osVersion!: string | null;
}

export class OrderDeliveryDestinationView implements OrderDeliveryDestination {
  @Field.id({ description: 'the newest delivery message of the order to this integration' }) messageId!: string;
  @Field.id() integrationId!: string;
  @Field.string({ example: 'GENERIC_FTP' }) provider!: string;
  @Field.oneOf(INTEGRATION_TYPES, 'IntegrationType') integrationType!: IntegrationType;
  @Field.oneOf(DELIVERY_STATES, 'DeliveryState') state!: DeliveryState;
  @Field.int() attempts!: number;
  @Field.string({ nullable: true, description: 'why it failed (or the last attempt failed); null once delivered' }) lastError!: string | null;
  @Field.dateTime({ description: 'when its state last changed' }) updatedAt!: string;
}

export class OrderDeliveryStateView implements OrderDeliveryState {
  @Field.int({ description: 'messages waiting or being delivered' }) queued!: number;
  @Field.int() delivered!: number;
  @Field.int({ description: 'messages that failed for good (once none waits, the order is back to Ready to download)' }) failed!: number;
  @Field.string({ nullable: true, description: 'the newest error of a message that failed or is retrying' }) lastError!: string | null;
  @Field.list(OrderDeliveryDestinationView, { description: "each destination's state (its newest message), oldest first; a destination removed from the queue is not listed" })
  destinations!: OrderDeliveryDestinationView[];
}

/** One order with its counts, tags and delivery state. */
export class OrderView {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
  @Field.string({ nullable: true, description: 'note from the customer' }) note!: string | null;
  @Field.oneOf(ORDER_STATUSES, 'OrderStatus') status!: OrderStatus;
  @Field.oneOf(QA_STATUSES, 'QaStatus') QAstatus!: QaStatus;
  @Field.object(OrderAccountRef, { description: 'the dealership (or management) account the order belongs to' }) user!: OrderAccountRef;
  @Field.object(OrderCreatorRef) createdBy!: OrderCreatorRef;
  @Field.object(OrderPersonRef, { nullable: true, description: 'the admin who created it for the account' })
  impersonatedBy!: OrderPersonRef | null;
  @Field.object(OrderSalesPersonRef, { nullable: true }) salesMan!: OrderSalesPersonRef | null;
  @Field.object(OrderStyleGuideRef) styleGuide!: OrderStyleGuideRef;
  @Field.object(OrderCarTypeRef, { nullable: true }) carType!: OrderCarTypeRef | null;
  @Field.object(OrderDevice) deviceInformation!: OrderDevice;
  @Field.string({ nullable: true }) appVersion!: string | null;
  @Field.int() takenImagesCount!: number;
  @Field.int({ description: 'images on the order, uploaded or not' }) imageCount!: number;
  @Field.int({ description: 'images accepted after upload' }) uploadedImagesCount!: number;
  @Field.int({ description: 'images the pipeline finished (processed or failed)' }) processedImagesCount!: number;
  @Field.int() failedImagesCount!: number;
  @Field.int() videoCount!: number;
  @Field.list(TagView) tags!: TagView[];
  @Field.object(OrderPersonRef, { nullable: true }) assignedEditor!: OrderPersonRef | null;
  @Field.int({ description: 'pictures QA approved' }) approvedCount!: number;
  @Field.int({ description: 'pictures marked as needing edition' }) needsEditionCount!: number;
  @Field.int({ description: "the dealership's re-edit requests not yet answered" }) reEditOpenCount!: number;
  @Field.dateTime({ nullable: true, description: 'the earliest due time of the open re-edit requests' }) reEditDueAt!: string | null;
  @Field.dateTime({ nullable: true, description: 'when the order last entered QA stage' }) qaStageSince!: string | null;
  @Field.number({ nullable: true, description: 'seconds from creation to Ready to download' }) timeToReadyToDownload!: number | null;
  @Field.number({ nullable: true, description: 'seconds from creation to Completed' }) timeToCompleted!: number | null;
  @Field.object(OrderDeliveryStateView, { nullable: true, description: 'its delivery messages by state, once queued for delivery' })
  delivery!: OrderDeliveryStateView | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

/** A row of the orders list. */
export class OrderListItem {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
  @Field.oneOf(ORDER_STATUSES, 'OrderStatus') status!: OrderStatus;
  @Field.oneOf(QA_STATUSES, 'QaStatus') QAstatus!: QaStatus;
  @Field.object(OrderAccountRef) user!: OrderAccountRef;
  @Field.object(OrderSalesPersonRef, { nullable: true }) salesMan!: OrderSalesPersonRef | null;
  @Field.object(OrderStyleGuideRef) styleGuide!: OrderStyleGuideRef;
  @Field.int() takenImagesCount!: number;
  @Field.int() imageCount!: number;
  @Field.int({ description: 'images accepted after upload' }) uploadedImagesCount!: number;
  @Field.int({ description: 'pictures QA approved' }) approvedCount!: number;
  @Field.int({ description: 'pictures marked as needing edition' }) needsEditionCount!: number;
  @Field.int({ description: "the dealership's re-edit requests not yet answered" }) reEditOpenCount!: number;
  @Field.dateTime({ nullable: true, description: 'the earliest due time of the open re-edit requests' }) reEditDueAt!: string | null;
  @Field.int() videoCount!: number;
  @Field.list(TagView) tags!: TagView[];
  @Field.number({ nullable: true }) timeToReadyToDownload!: number | null;
  @Field.number({ nullable: true }) timeToCompleted!: number | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
  @Field.string({ nullable: true, description: 'the first 60 characters of the note (admin and QA only)' }) notePreview!: string | null;
  @Field.url({ nullable: true, description: "the order's picture for lists, a link valid an hour" }) thumbnailUrl!: string | null;
  @Field.url({ nullable: true, description: 'the full picture of that image, a link valid an hour: the fallback when the thumbnail fails' }) pictureUrl!: string | null;
  @Field.bool({ description: 'still Uploading with nothing arriving for ORDERS_UPLOAD_STALE_HOURS (default 24): an upload left unfinished' }) uploadStale!: boolean;
  @Field.object(OrderDeliveryStateView, { nullable: true, description: 'its delivery, each destination with its state, once queued for delivery' })
  delivery!: OrderDeliveryStateView | null;
}

export class OrderEventUserRef {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
}

export class OrderEventOrderRef {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
}

/** A line of an order's timeline. */
export class OrderEventView {
  @Field.id() id!: string;
  @Field.oneOf(ORDER_EVENT_NAMES, 'OrderEventName') eventName!: OrderEventName;
  @Field.json({ description: 'what happened, by event' }) payload!: Record<string, unknown>;
  @Field.dateTime() createdAt!: string;
  @Field.object(OrderEventUserRef, { nullable: true, description: 'who did it (none for the lifecycle)' })
  user!: OrderEventUserRef | null;
  @Field.object(OrderEventOrderRef) order!: OrderEventOrderRef;
  @Field.bool() isHidden!: boolean;
  @Field.bool() isPriority!: boolean;
}
