import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsOmittable } from '../validation';
import { PageQuery } from '../paging';
import type { Paged } from '../wire/paging';
import { defineEvent, defineRpc } from '../rpc';
import { nullable, trim } from '../transforms';
import type { Mirror } from '../mirror';
import {
  ORDER_IMAGES_MAX,
  ORDER_MESSAGES,
  ORDER_NAME_MAX,
  ORDER_NAME_MIN,
  ORDER_NOTE_MAX,
  ORDER_PLATFORMS,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  QA_STATUSES,
  VIDEO_FILTERS,
  type CreateOrderRequest,
  type DeviceInformationRequest,
  type OrderListItem,
  type OrderPlatform,
  type OrderSortField,
  type OrderStatus,
  type OrderView,
  type QaStatus,
  type UpdateOrderRequest,
  type VideoFilter,
} from '../wire';
import { ORDER_EVENT_NAMES, type OrderEventName } from '../wire/order-events';

// ---------------------------------------------------------------------------------------
// payloads

/** Where the order was made: the web app sends its user agent, the mobile app its platform and model. */
export class DeviceInformation implements DeviceInformationRequest {
  @ApiPropertyOptional({ enum: ORDER_PLATFORMS, default: 'web' }) @IsOmittable() @IsIn(ORDER_PLATFORMS) platform?: OrderPlatform;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOmittable() @IsString() @MaxLength(500) userAgent?: string;
  @ApiPropertyOptional({ maxLength: 120, description: 'phone model, from the mobile app' }) @IsOmittable() @IsString() @MaxLength(120) model?: string;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOmittable() @IsString() @MaxLength(60) osVersion?: string;
}

/** A trimmed order name of 3 to 60 characters; anything but text is only "must be a string". */
const orderName = () => (target: object, key: string) => {
  Transform(trim)(target, key);
  IsString()(target, key);
  ValidateBy({
    name: 'orderNameLength',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || (value.length >= ORDER_NAME_MIN && value.length <= ORDER_NAME_MAX),
      defaultMessage: (args) =>
        typeof args?.value === 'string' && args.value.length < ORDER_NAME_MIN ? ORDER_MESSAGES.nameMin : ORDER_MESSAGES.nameMax,
    },
  })(target, key);
};

export class CreateOrderBody implements CreateOrderRequest {
  @ApiProperty({ minLength: ORDER_NAME_MIN, maxLength: ORDER_NAME_MAX, description: 'trimmed; unique per account' })
  @orderName()
  orderName!: string;

  @ApiProperty({ description: 'style guide id (one assigned to the account)' })
  @IsUUID('4', { message: ORDER_MESSAGES.styleGuideRequired })
  styleGuide!: string;

  @ApiPropertyOptional({ description: 'sales person id; required unless a sales person is signed in' })
  @IsOmittable()
  @IsUUID()
  salesMan?: string;

  @ApiProperty({ minimum: 1, maximum: ORDER_IMAGES_MAX, description: 'how many images the creator will upload' })
  @IsInt()
  @Min(1)
  @Max(ORDER_IMAGES_MAX)
  takenImagesCount!: number;

  @ApiPropertyOptional({ maxLength: ORDER_NOTE_MAX, description: 'note from the customer' })
  @IsOmittable()
  @IsString()
  @MaxLength(ORDER_NOTE_MAX)
  note?: string;

  @ApiPropertyOptional({ description: 'car type id' }) @IsOmittable() @IsUUID() carType?: string;

  @ApiPropertyOptional({ description: 'admin impersonation: the dealership or management account the order is created for' })
  @IsOmittable()
  @IsUUID()
  userId?: string;

  @ApiPropertyOptional({ type: DeviceInformation }) @IsOmittable() @IsObject() @ValidateNested() @Type(() => DeviceInformation) deviceInformation?: DeviceInformation;

  @ApiPropertyOptional({ example: '1.2.34', description: 'version of the mobile app' })
  @IsOmittable()
  @Matches(/^\d{1,4}\.\d{1,4}\.\d{1,6}$/, { message: 'appVersion must look like 1.2.34' })
  appVersion?: string;
}

export class UpdateOrderBody implements UpdateOrderRequest {
  @ApiPropertyOptional({ minLength: ORDER_NAME_MIN, maxLength: ORDER_NAME_MAX }) @IsOmittable() @orderName() orderName?: string;
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOmittable() @IsIn(ORDER_STATUSES) status?: OrderStatus;
  @ApiPropertyOptional({ enum: QA_STATUSES }) @IsOmittable() @IsIn(QA_STATUSES) QAstatus?: QaStatus;
  @ApiPropertyOptional({ maxLength: ORDER_NOTE_MAX, nullable: true }) @ValidateIf(nullable) @IsString() @MaxLength(ORDER_NOTE_MAX) note?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'car type id' }) @ValidateIf(nullable) @IsUUID() carType?: string | null;
  @ApiPropertyOptional({ description: 'sales person id' }) @IsOmittable() @IsUUID() salesMan?: string;
}

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type OrderBodiesMirrored = [
  Mirror<DeviceInformation, DeviceInformationRequest>,
  Mirror<CreateOrderBody, CreateOrderRequest>,
  Mirror<UpdateOrderBody, UpdateOrderRequest>,
];

export class OrderIdPayload {
  @IsUUID() id!: string;
}

export class UpdateOrderPayload extends UpdateOrderBody {
  @IsUUID() id!: string;
}

export class OrderApprovalPayload {
  @IsUUID() id!: string;
  /** true: approved, Ready to download; false: sent back, QA stage / Waiting For Edition */
  @IsBoolean() approved!: boolean;
}

export class OrderListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'order name, dealership or sales person (contains, case-insensitive)' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ description: 'created at or after (ISO date); defaults to 14 days ago except for dealership and management' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ description: 'created at or before (ISO date; a date alone means the end of that day)' })
  @IsOptional()
  @IsISO8601()
  to?: string;

  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOptional() @IsIn(ORDER_STATUSES) status?: OrderStatus;
  @ApiPropertyOptional({ enum: QA_STATUSES }) @IsOptional() @IsIn(QA_STATUSES) QAstatus?: QaStatus;
  @ApiPropertyOptional({ enum: VIDEO_FILTERS, description: 'orders with or without a video' }) @IsOptional() @IsIn(VIDEO_FILTERS) video?: VideoFilter;
  @ApiPropertyOptional({ description: 'sales person id (the profile orders tab)' }) @IsOptional() @IsUUID() salesMan?: string;
  @ApiPropertyOptional({ description: 'orders of one account (the profile orders tab)' }) @IsOptional() @IsUUID() userId?: string;
  @ApiPropertyOptional({ enum: ORDER_SORT_FIELDS, default: 'createdAt' }) @IsOptional() @IsIn(ORDER_SORT_FIELDS) sort?: OrderSortField;
  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'DESC' }) @IsOptional() @IsIn(['ASC', 'DESC']) order?: 'ASC' | 'DESC';
}

/** An account whose orders are counted (the profile header). */
export class AccountOrdersPayload {
  @IsUUID() userId!: string;
}

/** What another service asks before it touches an order's images or videos: may this actor see it? */
export class OrderAccessPayload {
  @IsUUID() id!: string;
  /** also allow writing (upload, delete); a read-only actor gets "not found" or "forbidden" */
  @IsOptional() @IsBoolean() write?: boolean;
}

/** How many orders each of these accounts has (admin and QA). */
export class OrderCountsPayload {
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  accountIds!: string[];
}

/** A page of the accounts' last order dates, by account id (the users service's backfill; System only). */
export class LastOrderDatesPayload {
  /** the last account id of the previous page; absent for the first */
  @IsOptional() @IsUUID() after?: string;
  @IsOptional() @IsInt() @Min(1) @Max(5000) limit?: number;
}

export interface AccountLastOrder {
  accountId: string;
  /** ISO time of the account's newest order */
  lastOrderAt: string;
}

export interface AccountOrderCount {
  accountId: string;
  ordersCount: number;
}

// ---------------------------------------------------------------------------------------
// answers between services

/** The answer to an access check: enough for the images service to work on the order. */
export interface OrderAccess {
  id: string;
  orderName: string;
  accountId: string;
  styleGuideId: string;
  status: OrderStatus;
  /** lets the images service label processed images (waiting for QA / for edition) */
  QAstatus?: QaStatus;
  takenImagesCount: number;
  enabledQa: boolean;
}

// ---------------------------------------------------------------------------------------
// events

export class OrderCreated {
  @IsUUID() orderId!: string;
  @IsUUID() accountId!: string;
  /** the name at creation (absent in events from before it was published) */
  @IsOptional() @IsString() orderName?: string;
  @IsUUID() styleGuideId!: string;
  @IsOptional() @IsUUID() salesPersonId?: string | null;
  @IsIn(ORDER_PLATFORMS) platform!: OrderPlatform;
  @IsOptional() @IsString() appVersion?: string | null;
  @IsInt() takenImagesCount!: number;
  @IsISO8601() createdAt!: string;
}

export class OrderStatusChanged {
  @IsUUID() orderId!: string;
  @IsUUID() accountId!: string;
  @IsIn(ORDER_STATUSES) status!: OrderStatus;
  @IsIn(QA_STATUSES) QAstatus!: QaStatus;
  @IsIn(ORDER_STATUSES) previousStatus!: OrderStatus;
  @IsIn(QA_STATUSES) previousQAstatus!: QaStatus;
  /** 'lifecycle' when the images' progress moved it, else the user who changed it */
  @IsString() changedBy!: string;
  @IsISO8601() at!: string;
}

/**
 * A line written to an order's timeline (every `ORDER_EVENT_NAMES` event, whoever caused it),
 * published in the same transaction: the statistics service counts QA picks, repushes,
 * declines with their tags, re-edit requests, deliveries and downloads from these.
 */
export class OrderTimelineRecorded {
  /** the timeline row's id: the same line replayed or backfilled has the same id */
  @IsUUID() eventId!: string;
  @IsUUID() orderId!: string;
  @IsUUID() accountId!: string;
  @IsString() orderName!: string;
  @IsIn(ORDER_EVENT_NAMES) eventName!: OrderEventName;
  @IsOptional() @IsUUID() userId?: string | null;
  @IsOptional() @IsString() userName?: string | null;
  @IsObject() payload!: Record<string, unknown>;
  @IsISO8601() at!: string;
}

export class OrderDeleted {
  @IsUUID() orderId!: string;
  @IsUUID() accountId!: string;
  @IsISO8601() at!: string;
}

/** Durable consumers of the orders service (public names: renaming one leaves its backlog behind). */
export const ORDERS_DURABLES = {
  imageProgress: 'orders-image-progress',
  imageTimeline: 'orders-image-timeline',
  accountDeleted: 'orders-account-deleted',
  pushNotifications: 'orders-push-notifications',
  deliveryProgress: 'orders-delivery-progress',
} as const;

export const OrdersEvents = {
  created: defineEvent('orders', 'order-created', OrderCreated),
  statusChanged: defineEvent('orders', 'order-status-changed', OrderStatusChanged),
  /** the images service deletes the order's images, videos and their files */
  deleted: defineEvent('orders', 'order-deleted', OrderDeleted),
  timelineRecorded: defineEvent('orders', 'order-timeline-recorded', OrderTimelineRecorded),
};

export const OrdersRpc = {
  list: defineRpc<OrderListQuery, Paged<OrderListItem>>('orders', 'orders.list', OrderListQuery),
  get: defineRpc<OrderIdPayload, OrderView>('orders', 'orders.get', OrderIdPayload),
  create: defineRpc<CreateOrderBody, OrderView>('orders', 'orders.create', CreateOrderBody),
  update: defineRpc<UpdateOrderPayload, OrderView>('orders', 'orders.update', UpdateOrderPayload),
  approval: defineRpc<OrderApprovalPayload, OrderView>('orders', 'orders.approval', OrderApprovalPayload),
  delete: defineRpc<OrderIdPayload, { deleted: true }>('orders', 'orders.delete', OrderIdPayload),
  /** for the images service: the order as the actor may see it, or "not found" */
  access: defineRpc<OrderAccessPayload, OrderAccess>('orders', 'orders.access', OrderAccessPayload),
  /** every order of an account, whatever its status or age; 404 for an account outside the actor's scope */
  countOfAccount: defineRpc<AccountOrdersPayload, { ordersCount: number }>('orders', 'orders.count-of-account', AccountOrdersPayload),
  /** for the customers list: order counts of the accounts on a page (admin and QA only) */
  countsByAccount: defineRpc<OrderCountsPayload, AccountOrderCount[]>('orders', 'orders.counts-by-account', OrderCountsPayload),
  /**
   * for the users service, once: each account's newest order, by account id after `after`
   * (what its consumer of `OrdersEvents.created` keeps from then on); the System actor only
   */
  lastOrderDates: defineRpc<LastOrderDatesPayload, AccountLastOrder[]>('orders', 'orders.last-order-dates', LastOrderDatesPayload),
};
