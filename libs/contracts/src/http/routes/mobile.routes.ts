import { DeleteDeviceTokenBody, RegisterDeviceTokenBody, SendPushNotificationBody } from '../../delivery/push.contract';
import { ALL_ROLES, defineRoute } from '../define-route';
import { DeletedResult } from '../fields';
import { DeviceTokenView, PushNotificationView } from '../schemas/mobile.schemas';

/** The mobile app's push notifications: its devices, and the admin's notifications about an order (docs/delivery.md). */
export const MobileRoutes = {
  registerDevice: defineRoute({
    method: 'POST',
    path: '/mobile/device-tokens',
    status: 200,
    access: { roles: ALL_ROLES },
    body: RegisterDeviceTokenBody,
    result: DeviceTokenView,
    resultDescription: 'the device as registered',
    summary: 'Register this device for push notifications, for whoever is signed in (an account or its sales person)',
    description:
      'Call after every sign-in and whenever FCM gives the app a new token. The same token again updates `lastSeenAt`; registered by another login before, it moves to this one (a device has one user). 403 "This account has no access to the mobile app." when the account\'s mobile app access is off.',
  }),
  deleteDevice: defineRoute({
    method: 'DELETE',
    path: '/mobile/device-tokens',
    status: 200,
    access: { roles: ALL_ROLES },
    body: DeleteDeviceTokenBody,
    result: DeletedResult,
    summary: "Stop push notifications to this device (at sign-out); only the caller's own token, 404 otherwise",
  }),
  sendPush: defineRoute({
    method: 'POST',
    path: '/mobile/send-push-notification',
    access: { roles: ['Admin'] },
    body: SendPushNotificationBody,
    result: PushNotificationView,
    resultDescription: 'the notification as sent',
    summary: "Send a push notification about an order to its account's devices (admin)",
    description:
      "Title and body each longer than 3 characters (at most 100 and 1000); `eventPayload` an object of at most 4096 bytes as JSON. Recorded and written on the order's timeline whether it went out or not: 404 for an unknown order, 409 when no device of the account is registered, 502 when the provider refused it or could not be reached.",
  }),
};
