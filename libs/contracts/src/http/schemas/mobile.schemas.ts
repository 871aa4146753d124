import { DEVICE_PLATFORMS, PUSH_PROVIDERS, PUSH_STATUSES, type DevicePlatform, type PushProviderName, type PushStatus } from '../../wire/push';
import { Field } from '../fields';

/** The answers of the mobile app's routes (its devices, push notifications): each class is THE declaration of its shape. */

export class DeviceTokenView {
  @Field.string({ description: 'the FCM registration token' }) token!: string;
  @Field.oneOf(DEVICE_PLATFORMS, 'DevicePlatform') platform!: DevicePlatform;
  @Field.string({ nullable: true, example: '1.2.34' }) appVersion!: string | null;
  @Field.id({ nullable: true, description: 'the sales person signed in on the device; null for the account itself' }) salesPersonId!: string | null;
  @Field.dateTime({ description: 'when this login registered the device' }) createdAt!: string;
  @Field.dateTime({ description: 'the last registration of the token' }) lastSeenAt!: string;
}

export class PushNotificationView {
  @Field.id() id!: string;
  @Field.id() orderId!: string;
  @Field.string() title!: string;
  @Field.string() body!: string;
  @Field.json({ description: "given to the app as JSON text in the notification's data" }) eventPayload!: Record<string, unknown>;
  @Field.oneOf(PUSH_PROVIDERS, 'PushProvider') provider!: PushProviderName;
  @Field.oneOf(PUSH_STATUSES, 'PushStatus') status!: PushStatus;
  @Field.string({ nullable: true }) error!: string | null;
  @Field.int({ description: 'devices that took the notification' }) devicesReached!: number;
  @Field.dateTime() createdAt!: string;
}
