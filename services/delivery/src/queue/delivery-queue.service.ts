import {
  DELIVERY_MESSAGES,
  IntegrationsRpc,
  OrdersRpc,
  RpcError,
  systemActor,
  type Actor,
  type DeliveryMessageListQuery,
  type DeliveryMessagePage,
  type DeliveryMessageView,
  type EnqueueDeliveryPayload,
  type IntegrationView,
  type OrderAccess,
  type OrderDeliveryView,
  type OrderStatus,
  type RebootView,
  type RobotCredentialView,
} from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { DisplayNames, inTransaction, MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { DeliveryAccess } from '../access/delivery-access';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryProgress } from './delivery-progress';
import { DeliveryReceiptsRepository } from './delivery-receipts.repository';
import { toMessageView, toReceiptView } from './delivery-views';
import { RobotCredentialsRepository } from './robot-credentials.repository';

/** Statuses an order may be delivered from: finished (QA approved), or already delivering elsewhere. */
export const DELIVERABLE_STATUSES: readonly OrderStatus[] = ['Ready to download', 'Delivering', 'Completed'];

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * The delivery queue as people use it: enqueueing an order to integrations, the admin's
 * queue (list, available count, make visible now, remove), an order's deliveries with their
 * receipts, robot keys and the reboot command. The worker and the robot API take the
 * messages (delivery-worker.ts, robot.service.ts).
 */
@Injectable()
export class DeliveryQueueService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly host: MessagingHost,
    private readonly messages: DeliveryMessagesRepository,
    private readonly receipts: DeliveryReceiptsRepository,
    private readonly credentials: RobotCredentialsRepository,
    private readonly progress: DeliveryProgress,
    private readonly names: DisplayNames,
  ) {}

  /**
   * One message per chosen integration (an integration already queued for the order and not
   * finished keeps its message; one that failed for good is queued again), the order's
   * progress with a DELIVERY_QUEUED line when anything was queued. Admin and QA, and a
   * dealership with READ_USER_INTEGRATIONS for its own orders.
   */
  async enqueue(actor: Actor, p: EnqueueDeliveryPayload): Promise<DeliveryMessageView[]> {
    DeliveryAccess.assertCanDeliver(actor);
    const order = await this.host.rpc.send(OrdersRpc.access, { id: p.orderId }, actor);
    if (!DELIVERABLE_STATUSES.includes(order.status)) throw RpcError.conflict(DELIVERY_MESSAGES.notDeliverable);
    const system = systemActor(actor.requestId);
    const ofAccount = await this.host.rpc.send(IntegrationsRpc.ofUser, { userId: order.accountId }, system);
    const chosen: IntegrationView[] = [];
    for (const id of new Set(p.selectedIntegrations.map((i) => i.id))) {
      const integration = ofAccount.find((i) => i.id === id);
      if (!integration) throw RpcError.notFound(DELIVERY_MESSAGES.integrationNotFound);
      if (!integration.isActive) throw RpcError.badRequest(`${DELIVERY_MESSAGES.integrationInactive}: ${integration.provider}`);
      chosen.push(integration);
    }
    const userName = await this.nameOf(actor);
    return inTransaction(this.ds, (m) => this.queueTo(m, order, chosen, { userId: actor.userId ?? null, userName }));
  }

  /**
   * Automatic delivery (docs/delivery.md): an order that became Ready to download goes to
   * every active integration of its account whose `autoDeliver` is on, once per order and
   * integration (`auto_delivery` remembers what was queued, in the same transaction as the
   * messages, so a redelivered event or a restart queues nothing twice). An order sent back
   * to Ready to download by a stopped delivery is not queued again. Answers what was queued.
   */
  async autoEnqueue(m: EntityManager, orderId: string, requestId: string): Promise<DeliveryMessageView[]> {
    const system = systemActor(requestId);
    let order: OrderAccess;
    try {
      order = await this.host.rpc.send(OrdersRpc.access, { id: orderId }, system);
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) return [];
      throw err;
    }
    if (order.status !== 'Ready to download') return [];
    const ofAccount = await this.host.rpc.send(IntegrationsRpc.ofUser, { userId: order.accountId }, system);
    const automatic = ofAccount.filter((i) => i.isActive && i.autoDeliver);
    if (!automatic.length) return [];
    await this.messages.lockOrderForEnqueue(m, order.id);
    const fresh = await this.messages.claimAutoDelivery(m, order.id, order.accountId, automatic.map((i) => i.id));
    const chosen = automatic.filter((i) => fresh.includes(i.id));
    if (!chosen.length) return [];
    return this.queueTo(m, order, chosen, { userId: null, userName: null, automatic: true });
  }

  /** Queues the order to the chosen integrations in the caller's transaction (see enqueue). */
  private async queueTo(
    m: EntityManager,
    order: Pick<OrderAccess, 'id' | 'orderName' | 'accountId'>,
    chosen: IntegrationView[],
    by: { userId: string | null; userName: string | null; automatic?: boolean },
  ): Promise<DeliveryMessageView[]> {
    // enqueues of one order run one after another: the second sees the first's messages
    await this.messages.lockOrderForEnqueue(m, order.id);
    const out: DeliveryMessageView[] = [];
    const queued: IntegrationView[] = [];
    for (const integration of chosen) {
      const latest = await this.messages.latestOf(m, order.id, integration.id);
      if (latest && (latest.state === 'queued' || latest.state === 'delivering')) {
        out.push(toMessageView(latest));
        continue;
      }
      if (latest && by.automatic) {
        // already delivered (or failed) by hand before the order became ready: not queued again by itself
        out.push(toMessageView(latest));
        continue;
      }
      if (latest && latest.state === 'failed') {
        Object.assign(latest, { state: 'queued', visible: true, visibleAfter: new Date(), attempts: 0, leaseHolder: null });
        out.push(toMessageView(await this.messages.save(m, latest)));
      } else {
        const msg = await this.messages.insert(m, {
          orderId: order.id,
          orderName: order.orderName,
          accountId: order.accountId,
          integrationId: integration.id,
          provider: integration.provider,
          integrationType: integration.integrationType,
        });
        out.push(toMessageView(msg));
      }
      queued.push(integration);
    }
    if (queued.length) {
      await this.progress.publish(
        m,
        { orderId: order.id, accountId: order.accountId },
        {
          eventName: 'DELIVERY_QUEUED',
          payload: {
            integrations: queued.map((i) => ({ id: i.id, provider: i.provider, integrationType: i.integrationType })),
            provider: queued.map((i) => i.provider).join(', '),
            ...(by.automatic ? { automatic: true } : {}),
          },
          userId: by.userId,
          userName: by.userName,
        },
      );
    }
    return out;
  }

  async list(actor: Actor, q: DeliveryMessageListQuery): Promise<DeliveryMessagePage> {
    DeliveryAccess.assertCanManageQueue(actor);
    const { rows, total } = await this.messages.page(this.ds.manager, q);
    const now = new Date();
    return [rows.map((r) => toMessageView(r, now)), total];
  }

  async availableCount(actor: Actor): Promise<{ availableMessageCount: number }> {
    DeliveryAccess.assertCanManageQueue(actor);
    return { availableMessageCount: await this.messages.countAvailable(this.ds.manager) };
  }

  /**
   * Visible now: a waiting message loses its backoff or lease (a robot holding it can no
   * longer acknowledge it), one that failed for good is queued again with its attempts
   * counted from zero. A delivered message stays delivered (409).
   */
  async setVisible(actor: Actor, id: string): Promise<DeliveryMessageView> {
    DeliveryAccess.assertCanManageQueue(actor);
    return inTransaction(this.ds, async (m) => {
      const msg = await this.messages.findById(m, id, true);
      if (!msg) throw RpcError.notFound(DELIVERY_MESSAGES.messageNotFound);
      if (msg.state === 'delivered') throw RpcError.conflict(DELIVERY_MESSAGES.alreadyDelivered);
      const wasFailed = msg.state === 'failed';
      Object.assign(msg, { state: 'queued', visible: true, visibleAfter: new Date(), leaseHolder: null });
      if (wasFailed) msg.attempts = 0;
      const saved = await this.messages.save(m, msg);
      if (wasFailed) await this.progress.publish(m, msg, null);
      return toMessageView(saved);
    });
  }

  /**
   * Removes a message from the queue with its receipts; the order's counts and destinations
   * follow, with a DELIVERY_REMOVED line naming who removed what (the orders service takes the
   * order out of Delivering when nothing else is pending).
   */
  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    DeliveryAccess.assertCanManageQueue(actor);
    const userName = await this.nameOf(actor);
    return inTransaction(this.ds, async (m) => {
      const gone = await this.messages.delete(m, id);
      if (!gone) throw RpcError.notFound(DELIVERY_MESSAGES.messageNotFound);
      await this.progress.publish(m, gone, {
        eventName: 'DELIVERY_REMOVED',
        payload: { messageId: id, integrationId: gone.integrationId, provider: gone.provider, state: gone.state },
        userId: actor.userId ?? null,
        userName,
      });
      return { deleted: true as const };
    });
  }

  /** Where the order went and when: its messages with their receipts, for whoever sees the order. */
  async ofOrder(actor: Actor, orderId: string): Promise<OrderDeliveryView[]> {
    await this.host.rpc.send(OrdersRpc.access, { id: orderId }, actor);
    const rows = await this.messages.ofOrder(this.ds.manager, orderId);
    const receipts = await this.receipts.ofMessages(this.ds.manager, rows.map((r) => r.id));
    const now = new Date();
    return rows.map((r) => ({ ...toMessageView(r, now), receipts: receipts.filter((x) => x.messageId === r.id).map(toReceiptView) }));
  }

  /** The active integrations of the order's account, to choose from (whoever may deliver the order). */
  async integrationsOf(actor: Actor, orderId: string): Promise<IntegrationView[]> {
    DeliveryAccess.assertCanDeliver(actor);
    const order = await this.host.rpc.send(OrdersRpc.access, { id: orderId }, actor);
    const all = await this.host.rpc.send(IntegrationsRpc.ofUser, { userId: order.accountId }, systemActor(actor.requestId));
    return all.filter((i) => i.isActive);
  }

  /** Every robot gets `reboot` with its next pull. */
  async reboot(actor: Actor): Promise<RebootView> {
    DeliveryAccess.assertCanManageQueue(actor);
    const robots = await inTransaction(this.ds, (m) => this.credentials.requestReboot(m));
    return { queued: true, robots };
  }

  /** A new key for a robot integration (the one before stops working); the key is shown only in this answer. Admin. */
  async issueRobotKey(actor: Actor, integrationId: string): Promise<RobotCredentialView> {
    DeliveryAccess.assertCanIssueRobotKey(actor);
    let integration: IntegrationView;
    try {
      integration = await this.host.rpc.send(IntegrationsRpc.find, { id: integrationId }, systemActor(actor.requestId));
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) throw RpcError.notFound(DELIVERY_MESSAGES.integrationNotFound);
      throw err;
    }
    if (integration.integrationType !== 'ROBOT') throw RpcError.badRequest(DELIVERY_MESSAGES.notRobot);
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const saved = await inTransaction(this.ds, (m) =>
      this.credentials.replace(m, { id, integrationId, accountId: integration.userId, secretHash: hashSecret(secret) }),
    );
    return { integrationId, key: `${id}.${secret}`, createdAt: saved.createdAt.toISOString() };
  }

  /** The account's display name for the timeline; null when the users service cannot say. */
  private async nameOf(actor: Actor): Promise<string | null> {
    if (!actor.userId) return null;
    try {
      return (await this.names.account(actor.userId, actor.requestId)).displayName;
    } catch {
      return null;
    }
  }
}
