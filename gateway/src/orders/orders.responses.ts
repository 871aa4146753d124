import {
  DELIVERY_STATES,
  INTEGRATION_TYPES,
  ORDER_EVENT_NAMES,
  ORDER_PLATFORMS,
  ORDER_STATUSES,
  QA_STATUSES,
  TAG_CATEGORIES,
  TAG_ENTITIES,
  type DeliveryState,
  type IntegrationType,
  type OrderDeliveryDestination,
  type OrderDeliveryState,
  type OrderEventName,
  type OrderEventViewShape as OrderEventContract,
  type OrderListItem as OrderListItemContract,
  type OrderPersonRef as OrderPersonRefContract,
  type OrderPlatform,
  type OrderStatus,
  type OrderView as OrderViewContract,
  type QaStatus,
  type TagCategory,
  type TagEntity,
  type TagView as TagViewContract,
} from '@app/contracts';
import { Field } from '../common/api-responses';

// parts of the contract views, named so the classes can implement them
type ContractOrderUser = OrderViewContract['user'];
type ContractOrderCreator = OrderViewContract['createdBy'];
type ContractOrderSalesPerson = NonNullable<OrderViewContract['salesMan']>;
type ContractOrderStyleGuide = OrderViewContract['styleGuide'];
type ContractOrderCarType = NonNullable<OrderViewContract['carType']>;
type ContractOrderDevice = OrderViewContract['deviceInformation'];
type ContractEventUser = NonNullable<OrderEventContract['user']>;
type ContractEventOrder = OrderEventContract['order'];

/** Response schemas of orders, tags and the timeline: each mirrors its contract view. */

export class TagView implements TagViewContract {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.oneOf(TAG_CATEGORIES, 'TagCategory') category!: TagCategory;
  @Field.oneOf(TAG_ENTITIES, 'TagEntity') entity!: TagEntity;
  @Field.string({ description: 'a named colour or #RRGGBB' }) color!: string;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class OrderPersonRef implements OrderPersonRefContract {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
}

export class OrderAccountRef implements ContractOrderUser {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.string({ description: 'the account e-mail' }) userName!: string;
}

export class OrderCreatorRef implements ContractOrderCreator {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.oneOf(['Admin', 'SalesPerson', 'Account'], 'OrderCreatorRole') role!: 'Admin' | 'SalesPerson' | 'Account';
}

export class OrderSalesPersonRef implements ContractOrderSalesPerson {
  @Field.id() id!: string;
  @Field.string() name!: string;
}

export class OrderStyleGuideRef implements ContractOrderStyleGuide {
  @Field.id() id!: string;
  @Field.string() name!: string;
}

export class OrderCarTypeRef implements ContractOrderCarType {
  @Field.id() id!: string;
  @Field.string() carTypeName!: string;
}

export class OrderDevice implements ContractOrderDevice {
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

export class OrderView implements OrderViewContract {
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

export class OrderListItem implements OrderListItemContract {
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

export class OrderEventUserRef implements ContractEventUser {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
}

export class OrderEventOrderRef implements ContractEventOrder {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
}

export class OrderEventView implements OrderEventContract {
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
