import {
  DeliveryEvents,
  OrdersRpc,
  PUSH_MESSAGES,
  RpcError,
  type Actor,
  type DeleteDeviceTokenBody,
  type DeviceTokenView,
  type PushNotificationView,
  type RegisterDeviceTokenBody,
  type SendPushNotificationBody,
} from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { DisplayNames, inTransaction, MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { DeliveryAccess } from '../access/delivery-access';
import type { DeviceToken } from './device-token.entity';
import { DeviceTokensRepository } from './device-tokens.repository';
import { PushNotification } from './push-notification.entity';
import { PushNotificationsRepository } from './push-notifications.repository';
import { PUSH_PROVIDER, pushData, type DeviceOutcome, type PushProvider } from './providers/push-provider';

const toDeviceView = (d: DeviceToken): DeviceTokenView => ({
  token: d.token,
  platform: d.platform,
  appVersion: d.appVersion,
  salesPersonId: d.salesPersonId,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: d.lastSeenAt.toISOString(),
});

const toView = (n: PushNotification): PushNotificationView => ({
  id: n.id,
  orderId: n.orderId,
  title: n.title,
  body: n.body,
  eventPayload: n.eventPayload,
  provider: n.provider,
  status: n.status,
  error: n.error,
  devicesReached: n.devicesReached,
  createdAt: n.createdAt.toISOString(),
});

/** the longest failure reason kept (FCM's messages are short; several devices add up) */
const REASON_MAX = 900;

/**
 * Push notifications to the mobile app. A device is registered for whoever is signed in on it
 * (the account, or its sales person, who acts as the account), so the devices of an order's
 * account are its own and its sales people's. The admin's send goes to all of them through the
 * configured provider; every send, sent or failed, is recorded and published through the outbox
 * in one transaction (the orders service puts it on the order's timeline), and only then is a
 * failure answered: 409 when no device is registered, 502 when the provider refused it or gave
 * no answer. Tokens the provider no longer knows are removed in the same transaction.
 */
@Injectable()
export class PushService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly host: MessagingHost,
    private readonly devices: DeviceTokensRepository,
    private readonly notifications: PushNotificationsRepository,
    @Inject(PUSH_PROVIDER) private readonly provider: PushProvider,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly names: DisplayNames,
  ) {}

  async registerDevice(actor: Actor, body: RegisterDeviceTokenBody): Promise<DeviceTokenView> {
    const owner = DeliveryAccess.deviceOwner(actor);
    return toDeviceView(await this.devices.upsert(this.ds.manager, body.token, owner, body.platform, body.appVersion ?? null));
  }

  async deleteDevice(actor: Actor, body: DeleteDeviceTokenBody): Promise<{ deleted: true }> {
    const owner = DeliveryAccess.deviceOwner(actor);
    if (!(await this.devices.deleteOwn(this.ds.manager, body.token, owner))) throw RpcError.notFound(PUSH_MESSAGES.tokenNotFound);
    return { deleted: true };
  }

  async send(actor: Actor, body: SendPushNotificationBody): Promise<PushNotificationView> {
    DeliveryAccess.assertCanSendPush(actor);
    // "Order not found" (404) passes through as the orders service said it
    const order = await this.host.rpc.send(OrdersRpc.access, { id: body.orderId }, actor);
    const eventPayload = body.eventPayload ?? {};
    const devices = await this.devices.ofAccount(this.ds.manager, order.accountId);

    let outcomes: DeviceOutcome[] = [];
    let failure: RpcError | null = null;
    if (devices.length === 0) {
      failure = RpcError.conflict(PUSH_MESSAGES.noDevice);
    } else {
      const message = { title: body.title, body: body.body, data: pushData(order.id, eventPayload) };
      const tokens = devices.map((d) => d.token);
      try {
        outcomes = await this.provider.send(message, tokens);
      } catch (err) {
        this.logger.error({ err, orderId: order.id }, 'push provider failed');
        outcomes = tokens.map((token) => ({ token, result: 'failed', reason: (err as Error).message, unreachable: true }));
      }
      if (!outcomes.some((o) => o.result === 'sent')) failure = PushService.failureOf(outcomes);
    }

    const sender = await this.senderName(actor);
    const record = Object.assign(new PushNotification(), {
      id: randomUUID(),
      orderId: order.id,
      accountId: order.accountId,
      title: body.title,
      body: body.body,
      eventPayload,
      provider: this.provider.name,
      status: failure ? 'failed' : 'sent',
      error: failure ? failure.message.slice(0, REASON_MAX) : null,
      devicesReached: outcomes.filter((o) => o.result === 'sent').length,
      createdBy: actor.userId ?? null,
      createdAt: new Date(),
    } satisfies PushNotification);
    const gone = outcomes.filter((o) => o.result === 'unregistered').map((o) => o.token);
    await inTransaction(this.ds, async (m) => {
      await this.devices.deleteTokens(m, gone);
      await this.notifications.insert(m, record);
      await this.host.outbox.add(m, DeliveryEvents.pushNotification, {
        notificationId: record.id,
        orderId: record.orderId,
        status: record.status,
        title: record.title,
        body: record.body,
        provider: record.provider,
        devicesReached: record.devicesReached,
        error: record.error,
        userId: record.createdBy,
        userName: sender,
        at: record.createdAt.toISOString(),
      });
    });
    this.logger.info(
      { orderId: order.id, status: record.status, devices: devices.length, reached: record.devicesReached, removedTokens: gone.length },
      `push notification ${record.status}`,
    );
    if (failure) throw failure;
    return toView(record);
  }

  /** No device took it: 502, "could not be reached" when none got an answer, else "refused" with the reasons. */
  private static failureOf(outcomes: DeviceOutcome[]): RpcError {
    const reasons = [...new Set(outcomes.map((o) => (o.result === 'sent' ? '' : o.reason)).filter(Boolean))].join('; ').slice(0, REASON_MAX);
    const unreachable = outcomes.every((o) => o.result === 'failed' && o.unreachable);
    return new RpcError(502, unreachable ? PUSH_MESSAGES.unreachable(reasons) : PUSH_MESSAGES.refused(reasons));
  }

  /** The sender's display name for the timeline; null when the users service does not know it. */
  private async senderName(actor: Actor): Promise<string | null> {
    if (!actor.userId) return null;
    try {
      return (await this.names.account(actor.userId, actor.requestId)).displayName;
    } catch (err) {
      if (err instanceof RpcCallError) return null;
      throw err;
    }
  }
}
