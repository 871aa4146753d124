import { Routes } from '@app/contracts/http';
import type { SendPushNotificationRequest } from '@app/contracts/wire';
import { api } from './client';

/** Calls of push notifications to the mobile app (the app's own device routes are not the web app's). */
export const pushApi = {
  /**
   * `POST /mobile/send-push-notification` (admin): to the devices of the order's account;
   * answers the notification as sent. 409 when no device is registered, 502 when the provider
   * refused it or could not be reached: recorded on the order's timeline either way.
   */
  send: (body: SendPushNotificationRequest) => api.call(Routes.mobile.sendPush, { body }),
};
