import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
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
import { PageQuery, type Paged } from '../paging';
import { defineEvent, defineRpc } from '../rpc';
import type { TagView } from './tags.contract';
import { nullable, trim } from '../transforms';


// ---------------------------------------------------------------------------------------
// states

export const ORDER_STATUSES = ['Uploading', 'In Progress', 'QA stage', 'Delivering', 'Ready to download', 'Completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const QA_STATUSES = ['Waiting For QA', 'Waiting For Edition', 'Approved'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];

/** Statuses sent with QA status Waiting For QA, and those sent with Approved (the paired rules). */
export const STATUSES_WAITING_FOR_QA: readonly OrderStatus[] = ['Uploading', 'QA stage', 'In Progress'];
export const STATUSES_APPROVED: readonly OrderStatus[] = ['Delivering', 'Ready to download', 'Completed'];

/**
 * The paired status rules (docs/orders.md), for a change of one dropdown: choosing a status gives
 * its QA status, choosing a QA status gives its status.
 */
export function pairForStatus(status: OrderStatus): { status: OrderStatus; QAstatus: QaStatus } {
  return { status, QAstatus: STATUSES_APPROVED.includes(status) ? 'Approved' : 'Waiting For QA' };
}

export function pairForQaStatus(QAstatus: QaStatus): { status: OrderStatus; QAstatus: QaStatus } {
  return { status: QAstatus === 'Approved' ? 'Ready to download' : 'QA stage', QAstatus };
}

/** The rows of the orders list a dealership or management account may open. */
export const OPENABLE_STATUSES: readonly OrderStatus[] = ['Completed', 'Ready to download'];

// ---------------------------------------------------------------------------------------
// constants and messages

export const ORDER_NAME_MIN = 3;
export const ORDER_NAME_MAX = 60;
export const ORDER_NOTE_MAX = 999;
/** the most images an order may hold (free-form upload takes 100; a style guide has fewer positions) */
export const ORDER_IMAGES_MAX = 100;
/** the default start of the date filter, except for dealership and management accounts */
export const DEFAULT_FROM_DAYS = 14;
/** note preview in the list */
export const NOTE_PREVIEW_LENGTH = 60;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  uniqueName: 'Please specify a unique order name',
  nameMin: `Order name must be longer than ${ORDER_NAME_MIN - 1} characters`,
  nameMax: `Order name must be at most ${ORDER_NAME_MAX} characters`,
  styleGuideRequired: 'Please choose a style guide',
  styleGuideNotAssigned: 'The style guide is not assigned to this account',
  salesManRequired: 'Please choose a sales person',
  salesManNotFound: 'Sales person not found',
  dealershipRequired: 'Choose the dealership the order is created for',
  impersonationAdminOnly: 'Only an admin can create an order for another account',
  statusPairInvalid: (status: string, qa: string) => `Status ${status} does not go with QA status ${qa}`,
  statusChangeForbidden: 'Only admin and QA can change the status of an order',
  noStatusChange: 'Give a status or a QA status',
} as const;

// ---------------------------------------------------------------------------------------
// payloads

export const ORDER_PLATFORMS = ['web', 'android', 'ios'] as const;
export type OrderPlatform = (typeof ORDER_PLATFORMS)[number];

/** Where the order was made: the web app sends its user agent, the mobile app its platform and model. */
export class DeviceInformation {
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

export class CreateOrderBody {
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

export class UpdateOrderBody {
  @ApiPropertyOptional({ minLength: ORDER_NAME_MIN, maxLength: ORDER_NAME_MAX }) @IsOmittable() @orderName() orderName?: string;
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOmittable() @IsIn(ORDER_STATUSES) status?: OrderStatus;
  @ApiPropertyOptional({ enum: QA_STATUSES }) @IsOmittable() @IsIn(QA_STATUSES) QAstatus?: QaStatus;
  @ApiPropertyOptional({ maxLength: ORDER_NOTE_MAX, nullable: true }) @ValidateIf(nullable) @IsString() @MaxLength(ORDER_NOTE_MAX) note?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'car type id' }) @ValidateIf(nullable) @IsUUID() carType?: string | null;
  @ApiPropertyOptional({ description: 'sales person id' }) @IsOmittable() @IsUUID() salesMan?: string;
}

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

export const ORDER_SORT_FIELDS = ['createdAt', 'updatedAt', 'orderName', 'status', 'QAstatus'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const VIDEO_FILTERS = ['with', 'without'] as const;

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
  @ApiPropertyOptional({ enum: VIDEO_FILTERS, description: 'orders with or without a video' }) @IsOptional() @IsIn(VIDEO_FILTERS) video?: (typeof VIDEO_FILTERS)[number];
  @ApiPropertyOptional({ description: 'sales person id (the profile orders tab)' }) @IsOptional() @IsUUID() salesMan?: string;
  @ApiPropertyOptional({ description: 'orders of one account (the profile orders tab)' }) @IsOptional() @IsUUID() userId?: string;
  @ApiPropertyOptional({ enum: ORDER_SORT_FIELDS, default: 'createdAt' }) @IsOptional() @IsIn(ORDER_SORT_FIELDS) sort?: OrderSortField;
  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'DESC' }) @IsOptional() @IsIn(['ASC', 'DESC']) order?: 'ASC' | 'DESC';
}

/** What another service asks before it touches an order's images or videos: may this actor see it? */
export class OrderAccessPayload {
  @IsUUID() id!: string;
  /** also allow writing (upload, delete); a read-only actor gets "not found" or "forbidden" */
  @IsOptional() @IsBoolean() write?: boolean;
}

// ---------------------------------------------------------------------------------------
// views

export interface OrderPersonRef {
  id: string;
  displayName: string;
}

export interface OrderView {
  id: string;
  orderName: string;
  /** note from the customer (admin and QA see it) */
  note: string | null;
  status: OrderStatus;
  QAstatus: QaStatus;
  /** the dealership (or management) account the order belongs to */
  user: { id: string; displayName: string; userName: string };
  /** who made it when not the account itself: an admin acting for it, or a sales person */
  createdBy: { id: string; displayName: string; role: 'Admin' | 'SalesPerson' | 'Account' };
  /** set when an admin created the order for the account */
  impersonatedBy: OrderPersonRef | null;
  salesMan: { id: string; name: string } | null;
  styleGuide: { id: string; name: string };
  carType: { id: string; carTypeName: string } | null;
  deviceInformation: { platform: OrderPlatform; userAgent: string | null; model: string | null; osVersion: string | null };
  appVersion: string | null;
  takenImagesCount: number;
  /** images on the order (uploaded or not) */
  imageCount: number;
  /** images accepted after upload */
  uploadedImagesCount: number;
  /** images the pipeline finished (processed or failed) */
  processedImagesCount: number;
  failedImagesCount: number;
  videoCount: number;
  tags: TagView[];
  assignedEditor: OrderPersonRef | null;
  /** seconds from creation to Ready to download / Completed, once reached */
  timeToReadyToDownload: number | null;
  timeToCompleted: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderListItem
  extends Pick<
    OrderView,
    | 'id'
    | 'orderName'
    | 'status'
    | 'QAstatus'
    | 'user'
    | 'salesMan'
    | 'styleGuide'
    | 'takenImagesCount'
    | 'imageCount'
    | 'videoCount'
    | 'tags'
    | 'timeToReadyToDownload'
    | 'timeToCompleted'
    | 'createdAt'
    | 'updatedAt'
  > {
  /** the first 60 characters of the note (admin and QA only), with … when cut */
  notePreview: string | null;
  /** the order's picture for lists (the first processed thumbnail by position, else the first original), a link valid an hour */
  thumbnailUrl: string | null;
}

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
} as const;

export const OrdersEvents = {
  created: defineEvent('orders', 'order-created', OrderCreated),
  statusChanged: defineEvent('orders', 'order-status-changed', OrderStatusChanged),
  /** the images service deletes the order's images, videos and their files */
  deleted: defineEvent('orders', 'order-deleted', OrderDeleted),
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
};
