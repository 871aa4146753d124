import {
  DELIVERED_BY,
  DELIVERY_STATES,
  INTEGRATION_TYPES,
  ROBOT_COMMANDS,
  type AvailableCountView as AvailableCountContract,
  type DeliveredBy,
  type DeliveredFileView as DeliveredFileContract,
  type DeliveryMessageView as DeliveryMessageContract,
  type DeliveryReceiptView as DeliveryReceiptContract,
  type DeliveryState,
  type IntegrationType,
  type OrderDeliveryView as OrderDeliveryContract,
  type RebootView as RebootContract,
  type RobotCommand,
  type RobotCredentialView as RobotCredentialContract,
  type RobotImageView as RobotImageContract,
  type RobotMessageView as RobotMessageContract,
  type RobotPullView as RobotPullContract,
} from '@app/contracts';
import { Field } from '../common/api-responses';

export class DeliveryOrderRef {
  @Field.id() id!: string;
  @Field.string() orderName!: string;
}

export class DeliveryIntegrationRef {
  @Field.id() id!: string;
  @Field.string({ example: 'GENERIC_FTP' }) provider!: string;
  @Field.oneOf(INTEGRATION_TYPES, 'IntegrationType') integrationType!: IntegrationType;
}

export class DeliveryMessageView implements DeliveryMessageContract {
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

export class DeliveredFileView implements DeliveredFileContract {
  @Field.string() name!: string;
  @Field.string() location!: string;
  @Field.int() bytes!: number;
  @Field.string({ description: 'hex SHA-256' }) sha256!: string;
  @Field.id({ nullable: true }) imageId!: string | null;
  @Field.int({ nullable: true }) position!: number | null;
}

export class DeliveryReceiptView implements DeliveryReceiptContract {
  @Field.id() id!: string;
  @Field.string({ description: 'where the files went' }) destination!: string;
  @Field.list(DeliveredFileView) files!: DeliveredFileView[];
  @Field.string({ nullable: true, description: "the destination's or robot's answer" }) answer!: string | null;
  @Field.oneOf(DELIVERED_BY, 'DeliveredBy') deliveredBy!: DeliveredBy;
  @Field.dateTime() createdAt!: string;
}

export class OrderDeliveryView extends DeliveryMessageView implements OrderDeliveryContract {
  @Field.list(DeliveryReceiptView) receipts!: DeliveryReceiptView[];
}

export class AvailableCountView implements AvailableCountContract {
  @Field.int({ description: 'messages a worker or robot may take now' }) availableMessageCount!: number;
}

export class RebootView implements RebootContract {
  @Field.yes() queued!: true;
  @Field.int({ description: 'robot keys that get the command with their next pull' }) robots!: number;
}

export class RobotCredentialView implements RobotCredentialContract {
  @Field.id() integrationId!: string;
  @Field.string({ description: 'the robot key, shown only here: send it as the X-Robot-Key header' }) key!: string;
  @Field.dateTime() createdAt!: string;
}

export class RobotImageView implements RobotImageContract {
  @Field.id() imageId!: string;
  @Field.int() position!: number;
  @Field.url({ description: 'the optimized picture, a short-lived download link' }) url!: string;
}

export class RobotMessageView implements RobotMessageContract {
  @Field.id({ description: 'acknowledge or release it with this id' }) id!: string;
  @Field.id() orderId!: string;
  @Field.string() orderName!: string;
  @Field.string() provider!: string;
  @Field.int({ description: 'failed attempts so far' }) attempts!: number;
  @Field.dateTime({ description: 'the message is yours until then; after it, it is visible again' }) leaseExpiresAt!: string;
  @Field.list(RobotImageView) images!: RobotImageView[];
}

export class RobotPullView implements RobotPullContract {
  @Field.list(RobotMessageView) messages!: RobotMessageView[];
  @Field.oneOfList(ROBOT_COMMANDS, 'RobotCommand', { description: 'what the robot must do now (reboot)' }) commands!: RobotCommand[];
}
