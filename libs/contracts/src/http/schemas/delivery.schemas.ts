import { DELIVERED_BY, DELIVERY_STATES, ROBOT_COMMANDS, type DeliveredBy, type DeliveryState, type RobotCommand } from '../../wire/delivery-queue';
import { INTEGRATION_TYPES, type IntegrationType } from '../../wire/integrations';
import { Field } from '../fields';

/**
 * The delivery queue's answers (the order's deliveries, the admin's queue, the robot pull API):
 * each class is THE declaration of its shape; the wire module re-exports the types.
 */

export class DeliveryOrderRef {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
}

export class DeliveryIntegrationRef {
  @Field.id() id!: string;
  @Field.string({ example: 'GENERIC_FTP' }) provider!: string;
  @Field.oneOf(INTEGRATION_TYPES, 'IntegrationType') integrationType!: IntegrationType;
}

export class DeliveryMessageView {
  @Field.id() id!: string;
  @Field.object(DeliveryOrderRef) order!: DeliveryOrderRef;
  @Field.id({ description: 'the account the order belongs to' }) accountId!: string;
  @Field.object(DeliveryIntegrationRef) integration!: DeliveryIntegrationRef;
  @Field.oneOf(DELIVERY_STATES, 'DeliveryState') state!: DeliveryState;
  @Field.dateTime({ description: 'queued time' }) createdAt!: string;
  @Field.dateTime({ nullable: true, description: 'the last delivery attempt' }) lastAccessed!: string | null;
  @Field.bool({ description: 'a worker or robot may take it now (a message that failed for good stays visible with its error)' }) visible!: boolean;
  @Field.dateTime({ description: 'until when it is leased or waits out a backoff' }) visibleAfter!: string;
  @Field.int() attempts!: number;
  @Field.string({ nullable: true }) lastError!: string | null;
}

export class DeliveredFileView {
  @Field.string() name!: string;
  @Field.string() location!: string;
  @Field.int() bytes!: number;
  @Field.string({ description: 'hex SHA-256' }) sha256!: string;
  @Field.id({ nullable: true }) imageId!: string | null;
  @Field.int({ nullable: true }) position!: number | null;
}

export class DeliveryReceiptView {
  @Field.id() id!: string;
  @Field.string({ description: 'where the files went' }) destination!: string;
  @Field.list(DeliveredFileView) files!: DeliveredFileView[];
  @Field.string({ nullable: true, description: "the destination's or robot's answer" }) answer!: string | null;
  @Field.oneOf(DELIVERED_BY, 'DeliveredBy') deliveredBy!: DeliveredBy;
  @Field.dateTime() createdAt!: string;
}

export class OrderDeliveryView extends DeliveryMessageView {
  @Field.list(DeliveryReceiptView) receipts!: DeliveryReceiptView[];
}

/** A robot's acknowledgement answered: the message, delivered, and its receipt (the same one when the acknowledgement is repeated). */
export class RobotAckView extends DeliveryMessageView {
  @Field.object(DeliveryReceiptView) receipt!: DeliveryReceiptView;
}

export class AvailableCountView {
  @Field.int({ description: 'messages a worker or robot may take now' }) availableMessageCount!: number;
}

export class RebootView {
  @Field.yes() queued!: true;
  @Field.int({ description: 'robot keys that get the command with their next pull' }) robots!: number;
}

export class RobotCredentialView {
  @Field.id() integrationId!: string;
  @Field.string({ description: 'the robot key, shown only here: send it as the X-Robot-Key header' }) key!: string;
  @Field.dateTime() createdAt!: string;
}

export class RobotImageView {
  @Field.id() imageId!: string;
  @Field.int() position!: number;
  @Field.url({ description: 'the optimized picture, a short-lived download link' }) url!: string;
}

export class RobotMessageView {
  @Field.id({ description: 'acknowledge or release it with this id' }) id!: string;
  @Field.id() orderId!: string;
  @Field.string() orderName!: string;
  @Field.string() provider!: string;
  @Field.int({ description: 'failed attempts so far' }) attempts!: number;
  @Field.dateTime({ description: 'the message is yours until then; after it, it is visible again' }) leaseExpiresAt!: string;
  @Field.list(RobotImageView) images!: RobotImageView[];
}

export class RobotPullView {
  @Field.list(RobotMessageView) messages!: RobotMessageView[];
  @Field.oneOfList(ROBOT_COMMANDS, 'RobotCommand', { description: 'what the robot must do now (reboot)' }) commands!: RobotCommand[];
}
