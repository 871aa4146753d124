import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, MinLength, ValidateBy } from 'class-validator';
import type { Mirror } from '../mirror';
import { defineEvent, defineRpc } from '../rpc';
import { OrderDeliveryProgress } from './delivery-queue.contract';
import { trim } from '../transforms';
import { IsOmittable } from '../validation';
import {
  DEVICE_PLATFORMS,
  DEVICE_TOKEN_MAX,
  isPushEventPayload,
  PUSH_BODY_MAX,
  PUSH_EVENT_PAYLOAD_MAX_BYTES,
  PUSH_MESSAGES,
  PUSH_PROVIDERS,
  PUSH_STATUSES,
  PUSH_TEXT_MIN_EXCLUSIVE,
  PUSH_TITLE_MAX,
  type DeleteDeviceTokenRequest,
  type DevicePlatform,
  type DeviceTokenView,
  type PushNotificationView,
  type PushProviderName,
  type PushStatus,
  type RegisterDeviceTokenRequest,
  type SendPushNotificationRequest,
} from '../wire';

// ---------------------------------------------------------------------------------------
// payloads

/** Trimmed text longer than 3 characters and at most `max`; anything but text is only "must be a string". */
const pushText = (max: number, tooShort: string, tooLong: string) => (target: object, key: string) => {
  Transform(trim)(target, key);
  IsString()(target, key);
  ValidateBy({
    name: 'pushTextLength',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || (value.length > PUSH_TEXT_MIN_EXCLUSIVE && value.length <= max),
      defaultMessage: (args) => (typeof args?.value === 'string' && args.value.length <= PUSH_TEXT_MIN_EXCLUSIVE ? tooShort : tooLong),
    },
  })(target, key);
};

const IsPushEventPayload = (): PropertyDecorator =>
  ValidateBy({ name: 'isPushEventPayload', validator: { validate: isPushEventPayload, defaultMessage: () => PUSH_MESSAGES.eventPayload } });

export class RegisterDeviceTokenBody implements RegisterDeviceTokenRequest {
  @ApiProperty({ maxLength: DEVICE_TOKEN_MAX, description: 'the FCM registration token of the app on this device' })
  @IsString()
  @MinLength(1)
  @MaxLength(DEVICE_TOKEN_MAX)
  token!: string;

  @ApiProperty({ enum: DEVICE_PLATFORMS }) @IsIn(DEVICE_PLATFORMS) platform!: DevicePlatform;

  @ApiPropertyOptional({ example: '1.2.34', description: 'version of the mobile app' })
  @IsOmittable()
  @Matches(/^\d{1,4}\.\d{1,4}\.\d{1,6}$/, { message: 'appVersion must look like 1.2.34' })
  appVersion?: string;
}

export class DeleteDeviceTokenBody implements DeleteDeviceTokenRequest {
  @ApiProperty({ maxLength: DEVICE_TOKEN_MAX }) @IsString() @MinLength(1) @MaxLength(DEVICE_TOKEN_MAX) token!: string;
}

export class SendPushNotificationBody implements SendPushNotificationRequest {
  @ApiProperty({ minLength: PUSH_TEXT_MIN_EXCLUSIVE + 1, maxLength: PUSH_TITLE_MAX, description: 'trimmed' })
  @pushText(PUSH_TITLE_MAX, PUSH_MESSAGES.titleMin, PUSH_MESSAGES.titleMax)
  title!: string;

  @ApiProperty({ minLength: PUSH_TEXT_MIN_EXCLUSIVE + 1, maxLength: PUSH_BODY_MAX, description: 'trimmed' })
  @pushText(PUSH_BODY_MAX, PUSH_MESSAGES.bodyMin, PUSH_MESSAGES.bodyMax)
  body!: string;

  @ApiProperty({ description: 'the order the notification is about; it goes to the devices of its account' }) @IsUUID() orderId!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `given to the app as JSON text in the notification's data (\`eventPayload\`); at most ${PUSH_EVENT_PAYLOAD_MAX_BYTES} bytes as JSON`,
  })
  @IsOmittable()
  @IsPushEventPayload()
  eventPayload?: Record<string, unknown>;
}

export type PushBodiesMirrored = [
  Mirror<RegisterDeviceTokenBody, RegisterDeviceTokenRequest>,
  Mirror<DeleteDeviceTokenBody, DeleteDeviceTokenRequest>,
  Mirror<SendPushNotificationBody, SendPushNotificationRequest>,
];

// ---------------------------------------------------------------------------------------
// events

/**
 * A push notification about an order was sent, or could not be: recorded by the delivery
 * service in the transaction that keeps it; the orders service writes it on the order's
 * timeline (`PUSH_NOTIFICATION_SENT` / `PUSH_NOTIFICATION_FAILED`).
 */
export class PushNotificationRecorded {
  @IsUUID() notificationId!: string;
  @IsUUID() orderId!: string;
  @IsIn(PUSH_STATUSES) status!: PushStatus;
  @IsString() @MaxLength(PUSH_TITLE_MAX) title!: string;
  @IsString() @MaxLength(PUSH_BODY_MAX) body!: string;
  @IsIn(PUSH_PROVIDERS) provider!: PushProviderName;
  @IsInt() @Min(0) devicesReached!: number;
  /** why it failed (null when sent) */
  @IsOptional() @IsString() @MaxLength(1000) error?: string | null;
  /** the admin who sent it */
  @IsOptional() @IsUUID() userId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) userName?: string | null;
  @IsISO8601() at!: string;
}

/** Durable consumers of the delivery service (public names: renaming one leaves its backlog behind). */
export const DELIVERY_DURABLES = {
  accountDeleted: 'delivery-account-deleted',
  orderDeleted: 'delivery-order-deleted',
  /** the delivery queue's clean-up of messages, receipts and robot keys */
  queueAccountDeleted: 'delivery-queue-account-deleted',
  queueOrderDeleted: 'delivery-queue-order-deleted',
  /** automatic delivery: an order that became Ready to download goes to the integrations that ask for it */
  autoDelivery: 'delivery-auto-delivery',
} as const;

export const DeliveryEvents = {
  pushNotification: defineEvent('delivery', 'push-notification', PushNotificationRecorded),
  /** an order's delivery messages changed: counts by state, with a version (the orders service keeps the highest) */
  orderProgress: defineEvent('delivery', 'order-delivery-progress', OrderDeliveryProgress),
};

export const DeliveryRpc = {
  /** the device of the caller (an account, or its signed-in sales person); the same token again moves it to the caller */
  registerDevice: defineRpc<RegisterDeviceTokenBody, DeviceTokenView>('delivery', 'device-tokens.register', RegisterDeviceTokenBody),
  /** the caller's own token only; "This device token is not registered for you" (404) otherwise */
  deleteDevice: defineRpc<DeleteDeviceTokenBody, { deleted: true }>('delivery', 'device-tokens.delete', DeleteDeviceTokenBody),
  /** admin: to the devices of the order's account; recorded and on the order's timeline whatever the outcome */
  sendPush: defineRpc<SendPushNotificationBody, PushNotificationView>('delivery', 'push.send', SendPushNotificationBody),
};
