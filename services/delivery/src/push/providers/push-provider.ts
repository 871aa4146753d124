import type { PushProviderName } from '@app/contracts';

/** What goes to every device: FCM's `notification` and `data` (string values only). */
export interface PushMessage {
  title: string;
  body: string;
  data: Record<string, string>;
}

/** The data the app gets with a notification about an order: its id and the event payload as JSON text. */
export function pushData(orderId: string, eventPayload: Record<string, unknown>): Record<string, string> {
  return { orderId, eventPayload: JSON.stringify(eventPayload) };
}

/**
 * What happened at one device: taken; the token no longer names a device (FCM's
 * UNREGISTERED or INVALID_ARGUMENT: the token is removed); or refused or not delivered for
 * another reason (`unreachable` when the provider gave no answer at all).
 */
export type DeviceOutcome =
  | { token: string; result: 'sent' }
  | { token: string; result: 'unregistered'; reason: string }
  | { token: string; result: 'failed'; reason: string; unreachable: boolean };

/**
 * Carries a push notification to phones. Chosen by PUSH_PROVIDER: FCM HTTP v1 for real
 * installs, the capture (JSON files) for `make dev` and the tests. `send` answers one outcome
 * per token and does not throw for what a device or the provider answered.
 */
export interface PushProvider {
  readonly name: PushProviderName;
  send(message: PushMessage, tokens: readonly string[]): Promise<DeviceOutcome[]>;
}

/** Nest injection token of the configured provider. */
export const PUSH_PROVIDER = Symbol('PUSH_PROVIDER');
