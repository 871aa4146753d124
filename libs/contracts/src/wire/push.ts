/**
 * Push notifications to the mobile app: the device tokens the app registers for the login on
 * the phone, and the notifications the admin sends about an order (the delivery service).
 */

/** what a device runs */
export const DEVICE_PLATFORMS = ['android', 'ios'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** who carries a notification to the phones: Firebase Cloud Messaging, or the capture of `make dev` and the tests */
export const PUSH_PROVIDERS = ['fcm', 'capture'] as const;
export type PushProviderName = (typeof PUSH_PROVIDERS)[number];

export const PUSH_STATUSES = ['sent', 'failed'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** a title and a body must each be longer than this (trimmed) */
export const PUSH_TEXT_MIN_EXCLUSIVE = 3;
export const PUSH_TITLE_MAX = 100;
export const PUSH_BODY_MAX = 1000;
/** the event payload as JSON, in bytes (FCM takes about 4 KB of data per message) */
export const PUSH_EVENT_PAYLOAD_MAX_BYTES = 4096;
/** a device token as FCM gives it (about 160 characters today) */
export const DEVICE_TOKEN_MAX = 4096;

export const PUSH_MESSAGES = {
  titleMin: `Title must be longer than ${PUSH_TEXT_MIN_EXCLUSIVE} characters`,
  titleMax: `Title must be at most ${PUSH_TITLE_MAX} characters`,
  bodyMin: `Body must be longer than ${PUSH_TEXT_MIN_EXCLUSIVE} characters`,
  bodyMax: `Body must be at most ${PUSH_BODY_MAX} characters`,
  eventPayload: `eventPayload must be an object of at most ${PUSH_EVENT_PAYLOAD_MAX_BYTES} bytes as JSON`,
  tokenNotFound: 'This device token is not registered for you',
  noDevice: 'No device of this order\'s account is registered for push notifications',
  refused: (reason: string) => `The push provider refused the notification: ${reason}`,
  unreachable: (reason: string) => `The push provider could not be reached: ${reason}`,
} as const;

/** A title or body long enough to send: more than 3 characters once trimmed. */
export const isPushTextLongEnough = (text: string): boolean => text.trim().length > PUSH_TEXT_MIN_EXCLUSIVE;

/** Bytes of a value as JSON text (what the event payload is limited by). */
export const jsonByteLength = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/** An event payload the server takes: an object (not a list) of at most 4096 bytes as JSON. */
export const isPushEventPayload = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && jsonByteLength(value) <= PUSH_EVENT_PAYLOAD_MAX_BYTES;

// ---------------------------------------------------------------------------------------
// request bodies

/** `POST /mobile/device-tokens`: the app registers its FCM token for whoever is signed in on it. */
export interface RegisterDeviceTokenRequest {
  token: string;
  platform: DevicePlatform;
  /** the app's version, 1.2.34 */
  appVersion?: string;
}

/** `DELETE /mobile/device-tokens`: the app forgets its token (sign-out). */
export interface DeleteDeviceTokenRequest {
  token: string;
}

/** `POST /mobile/send-push-notification` (admin). */
export interface SendPushNotificationRequest {
  title: string;
  body: string;
  orderId: string;
  /** what the app gets with the notification, as JSON in its data (`eventPayload`); `{}` when left out */
  eventPayload?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------
// views

