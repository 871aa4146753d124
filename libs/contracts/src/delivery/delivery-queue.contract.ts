import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { PageQuery } from '../paging';
import { defineRpc } from '../rpc';
import { queryBool, trim } from '../transforms';
import { IsOmittable } from '../validation';
import type { Mirror } from '../mirror';
import {
  DELIVERY_ERROR_MAX,
  DELIVERY_MESSAGES,
  DELIVERY_STATES,
  RECEIPT_FILES_MAX,
  ROBOT_PULL_MAX,
  type AvailableCountView,
  type DeliveryMessageListRequest,
  type DeliveryMessagePage,
  type DeliveryMessageView,
  type DeliveryState,
  type EnqueueDeliveryRequest,
  type OrderDeliveryView,
  type RebootView,
  type RobotAckView,
  type RobotAckFileRequest,
  type RobotAckRequest,
  type RobotCredentialView,
  type RobotPullRequest,
  type RobotPullView,
  type RobotReleaseRequest,
} from '../wire';
import { INTEGRATION_TYPES, type IntegrationType, type IntegrationView } from '../wire';
import { IsOrderEventPayload } from '../orders/order-event-payloads.contract';
import { ORDER_EVENT_NAMES, type OrderEventName, type OrderEventPayload } from '../wire/order-events';

// ---------------------------------------------------------------------------------------
// bodies and queries

export class SelectedIntegration {
  @ApiProperty({ format: 'uuid', description: 'an active integration of the order\'s account' }) @IsUUID() id!: string;
}

/**
 * The web app and the robots send whole integration objects (as `GET /orders/{id}/delivery-integrations`
 * answers them): only their `id` counts, every other field is dropped before validation, so
 * `{ id }` and a whole IntegrationView are both accepted. Anything but an object stays as
 * it is and fails the validation with a sentence.
 */
const onlyIds = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value)
    ? value.map((entry: unknown) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? Object.assign(new SelectedIntegration(), { id: (entry as { id?: unknown }).id }) : entry))
    : value;

export class EnqueueDeliveryBody implements EnqueueDeliveryRequest {
  @ApiProperty({
    type: SelectedIntegration,
    isArray: true,
    minItems: 1,
    maxItems: 20,
    description: 'the integrations to deliver to: objects with their `id` (a whole integration as listed is fine; its other fields are ignored)',
  })
  @Transform(onlyIds)
  @IsArray()
  @ArrayMinSize(1, { message: DELIVERY_MESSAGES.noIntegrations })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => SelectedIntegration)
  selectedIntegrations!: SelectedIntegration[];
}

export class DeliveryMessageListQuery extends PageQuery implements DeliveryMessageListRequest {
  @ApiPropertyOptional({ description: 'order name contains (case-insensitive)' }) @IsOptional() @Transform(trim) @IsString() @MaxLength(100) search?: string;
  @ApiPropertyOptional({ enum: DELIVERY_STATES }) @IsOptional() @IsIn(DELIVERY_STATES) state?: DeliveryState;
  @ApiPropertyOptional({ description: 'integration provider, e.g. GENERIC_FTP' }) @IsOptional() @IsString() @MaxLength(60) provider?: string;
  @ApiPropertyOptional({ enum: INTEGRATION_TYPES }) @IsOptional() @IsIn(INTEGRATION_TYPES) integrationType?: IntegrationType;
  @ApiPropertyOptional({ description: 'only messages a worker or robot may take now (true) or not (false)' })
  @IsOptional()
  @Transform(queryBool)
  @IsBoolean()
  visible?: boolean;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() orderId?: string;
}

export class RobotPullBody implements RobotPullRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: ROBOT_PULL_MAX, default: 1 }) @IsOmittable() @IsInt() @Min(1) @Max(ROBOT_PULL_MAX) max?: number;
}

export class RobotAckFile implements RobotAckFileRequest {
  @ApiProperty({ maxLength: 500, description: 'the file name at the destination' }) @IsString() @MinLength(1) @MaxLength(500) name!: string;
  @ApiProperty({ maxLength: 2000, description: 'where it was written (a path, URL or the system\'s id)' }) @IsString() @MinLength(1) @MaxLength(2000) location!: string;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) bytes!: number;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'hex SHA-256 of the bytes written' })
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'sha256 must be 64 lower-case hex digits' })
  sha256!: string;
}

export class RobotAckBody implements RobotAckRequest {
  @ApiProperty({ type: RobotAckFile, isArray: true, maxItems: RECEIPT_FILES_MAX })
  @IsArray()
  @ArrayMaxSize(RECEIPT_FILES_MAX)
  @ValidateNested({ each: true })
  @Type(() => RobotAckFile)
  files!: RobotAckFile[];
  @ApiPropertyOptional({ maxLength: DELIVERY_ERROR_MAX, description: 'what the destination answered' }) @IsOmittable() @IsString() @MaxLength(DELIVERY_ERROR_MAX) answer?: string;
}

export class RobotReleaseBody implements RobotReleaseRequest {
  @ApiProperty({ minLength: 1, maxLength: DELIVERY_ERROR_MAX, description: 'why the robot could not deliver it' })
  @IsString()
  @MinLength(1)
  @MaxLength(DELIVERY_ERROR_MAX)
  error!: string;
}

export type DeliveryQueueBodiesMirrored = [
  Mirror<EnqueueDeliveryBody, EnqueueDeliveryRequest>,
  Mirror<DeliveryMessageListQuery, DeliveryMessageListRequest>,
  Mirror<RobotPullBody, RobotPullRequest>,
  Mirror<RobotAckFile, RobotAckFileRequest>,
  Mirror<RobotAckBody, RobotAckRequest>,
  Mirror<RobotReleaseBody, RobotReleaseRequest>,
];

// ---------------------------------------------------------------------------------------
// payloads

export class EnqueueDeliveryPayload extends EnqueueDeliveryBody {
  @IsUUID() orderId!: string;
}

export class DeliveryMessageIdPayload {
  @IsUUID() id!: string;
}

export class OrderDeliveriesPayload {
  @IsUUID() orderId!: string;
}

export class RobotCredentialPayload {
  @IsUUID() integrationId!: string;
}

/** The robot's key rides in every robot call; the delivery service checks it each time. */
class RobotKeyed {
  @IsString() @MinLength(1) @MaxLength(200) key!: string;
}

export class RobotPullPayload extends RobotKeyed {
  @IsOptional() @IsInt() @Min(1) @Max(ROBOT_PULL_MAX) max?: number;
}

export class RobotAckPayload extends RobotAckBody {
  @IsString() @MinLength(1) @MaxLength(200) key!: string;
  @IsUUID() id!: string;
}

export class RobotReleasePayload extends RobotReleaseBody {
  @IsString() @MinLength(1) @MaxLength(200) key!: string;
  @IsUUID() id!: string;
}

// ---------------------------------------------------------------------------------------
// events

/** A line the orders service writes on the order's timeline with the change. */
export class DeliveryTimelineLine {
  @IsIn(ORDER_EVENT_NAMES) eventName!: OrderEventName;
  /** the event's payload (`OrderEventPayloads`), checked for the event's shape */
  @IsOrderEventPayload() payload!: OrderEventPayload;
  /** who did it (null for the worker or a robot) */
  @IsOptional() @IsUUID() userId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) userName?: string | null;
}

/** One destination of the order in the progress (`OrderDeliveryDestination`). */
export class DeliveryDestinationLine {
  @IsUUID() messageId!: string;
  @IsUUID() integrationId!: string;
  @IsString() @MaxLength(100) provider!: string;
  @IsIn(INTEGRATION_TYPES) integrationType!: IntegrationType;
  @IsIn(DELIVERY_STATES) state!: DeliveryState;
  @IsInt() @Min(0) attempts!: number;
  @IsOptional() @IsString() @MaxLength(DELIVERY_ERROR_MAX) lastError!: string | null;
  @IsISO8601() updatedAt!: string;
}

/**
 * The state of an order's delivery messages after a change (enqueued, delivered, failed,
 * released, removed), with a version that grows by one per change of the order's messages:
 * the orders service keeps the highest it has seen, shows the counts on the order, moves it
 * to Delivering while messages wait and to Completed once every one is delivered, and writes
 * the line on the timeline.
 */
export class OrderDeliveryProgress {
  @IsUUID() orderId!: string;
  @IsUUID() accountId!: string;
  @IsInt() @Min(1) version!: number;
  /** waiting or being delivered */
  @IsInt() @Min(0) queued!: number;
  @IsInt() @Min(0) delivered!: number;
  /** failed for good */
  @IsInt() @Min(0) failed!: number;
  @IsOptional() @IsString() lastError?: string | null;
  /** each destination's state (the newest message per integration), oldest first; absent from an older publisher */
  @IsOptional() @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => DeliveryDestinationLine) destinations?: DeliveryDestinationLine[];
  @IsOptional() @ValidateNested() @Type(() => DeliveryTimelineLine) timeline?: DeliveryTimelineLine | null;
  @IsISO8601() at!: string;
}

export const DeliveryQueueRpc = {
  enqueue: defineRpc<EnqueueDeliveryPayload, DeliveryMessageView[]>('delivery', 'queue.enqueue', EnqueueDeliveryPayload),
  list: defineRpc<DeliveryMessageListQuery, DeliveryMessagePage>('delivery', 'queue.list', DeliveryMessageListQuery),
  availableCount: defineRpc<Record<string, never>, AvailableCountView>('delivery', 'queue.available-count', null),
  setVisible: defineRpc<DeliveryMessageIdPayload, DeliveryMessageView>('delivery', 'queue.set-visible', DeliveryMessageIdPayload),
  delete: defineRpc<DeliveryMessageIdPayload, { deleted: true }>('delivery', 'queue.delete', DeliveryMessageIdPayload),
  ofOrder: defineRpc<OrderDeliveriesPayload, OrderDeliveryView[]>('delivery', 'queue.of-order', OrderDeliveriesPayload),
  /** the active integrations of the order's account, for the order header's delivery choice (admin and QA) */
  integrationsOf: defineRpc<OrderDeliveriesPayload, IntegrationView[]>('delivery', 'queue.integrations-of-order', OrderDeliveriesPayload),
  reboot: defineRpc<Record<string, never>, RebootView>('delivery', 'robots.reboot', null),
  issueRobotKey: defineRpc<RobotCredentialPayload, RobotCredentialView>('delivery', 'robots.issue-key', RobotCredentialPayload),
};

/** Calls of the robot pull API: the actor is anonymous, the robot's key is in the payload. */
export const RobotRpc = {
  pull: defineRpc<RobotPullPayload, RobotPullView>('delivery', 'robots.pull', RobotPullPayload),
  ack: defineRpc<RobotAckPayload, RobotAckView>('delivery', 'robots.ack', RobotAckPayload),
  release: defineRpc<RobotReleasePayload, DeliveryMessageView>('delivery', 'robots.release', RobotReleasePayload),
};
