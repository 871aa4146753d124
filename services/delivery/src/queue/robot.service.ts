import {
  isUuid,
  DELIVERY_MESSAGES,
  ImagesRpc,
  RpcError,
  systemActor,
  type DeliveryMessageView,
  type RobotAckPayload,
  type RobotAckView,
  type RobotCommand,
  type RobotMessageView,
  type RobotPullPayload,
  type RobotPullView,
  type RobotReleasePayload,
} from '@app/contracts';
import { inTransaction, MessagingHost, SERVICE_CONFIG } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { DeliveryConfig } from '../delivery.config';
import type { DeliveryMessage } from './delivery-message.entity';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryOutcomes } from './delivery-outcomes';
import { hashSecret } from './delivery-queue.service';
import { DeliveryReceiptsRepository } from './delivery-receipts.repository';
import { toMessageView, toReceiptView } from './delivery-views';
import type { RobotCredential } from './robot-credential.entity';
import { RobotCredentialsRepository } from './robot-credentials.repository';

/** The lease holder of a robot's messages, kept on a message it delivered: `robot:<key id>`. */
const robotHolder = (cred: RobotCredential) => `robot:${cred.id}`;

/** What an unknown key id's secret is compared with: no secret hashes to it that anyone knows. */
const UNKNOWN_KEY_HASH = hashSecret(`unknown-robot-key:${randomUUID()}`);


/**
 * The robot pull API: a robot of a ROBOT integration, known by its key, takes the next
 * visible messages of its integration (leased to it for DELIVERY_ROBOT_LEASE_MS, invisible
 * meanwhile), gets the pictures' download URLs, then acknowledges each with a receipt or
 * releases it with an error. Claims use `FOR UPDATE SKIP LOCKED`: two robots never get the
 * same message.
 */
@Injectable()
export class RobotService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly host: MessagingHost,
    private readonly messages: DeliveryMessagesRepository,
    private readonly credentials: RobotCredentialsRepository,
    private readonly outcomes: DeliveryOutcomes,
    private readonly receipts: DeliveryReceiptsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: DeliveryConfig,
  ) {}

  async pull(p: RobotPullPayload, requestId: string): Promise<RobotPullView> {
    const { claimed, commands, holder } = await inTransaction(this.ds, async (m) => {
      const cred = await this.authenticate(m, p.key, true);
      const holder = robotHolder(cred);
      const leaseUntil = new Date(Date.now() + this.config.DELIVERY_ROBOT_LEASE_MS);
      const claimed = await this.messages.claim(m, { integrationId: cred.integrationId }, p.max ?? 1, leaseUntil, holder, false);
      const commands: RobotCommand[] = cred.rebootRequestedAt ? ['reboot'] : [];
      cred.rebootRequestedAt = null;
      cred.lastUsedAt = new Date();
      await this.credentials.save(m, cred);
      return { claimed, commands, holder };
    });
    try {
      const messages: RobotMessageView[] = [];
      for (const msg of claimed) messages.push(await this.withImages(msg, requestId));
      return { messages, commands };
    } catch (err) {
      // the pictures could not be listed: the messages go back rather than wait out the lease
      await inTransaction(this.ds, async (m) => {
        for (const msg of claimed) {
          const locked = await this.messages.findById(m, msg.id, true);
          if (locked?.state === 'delivering' && locked.leaseHolder === holder) {
            Object.assign(locked, { state: 'queued', visible: true, visibleAfter: new Date(), leaseHolder: null });
            await this.messages.save(m, locked);
          }
        }
      });
      throw err;
    }
  }

  /**
   * The robot delivered the message: its receipt is kept and the message is done. Safe to
   * repeat (a robot whose acknowledgement got no answer sends it again): the same key
   * acknowledging a message it delivered gets the message and the receipt of the first
   * acknowledgement, and nothing is stored twice; another key of the integration is told the
   * message is delivered (409).
   */
  async ack(p: RobotAckPayload): Promise<RobotAckView> {
    return inTransaction(this.ds, async (m) => {
      const cred = await this.authenticate(m, p.key, false);
      const found = await this.ofIntegration(m, cred, p.id);
      if (found.state === 'delivered' && found.leaseHolder === robotHolder(cred)) {
        const [receipt] = (await this.receipts.ofMessages(m, [found.id])).slice(-1);
        if (receipt) return { ...toMessageView(found), receipt: toReceiptView(receipt) };
      }
      const msg = this.leasedTo(found, cred);
      const files = p.files.map((f) => ({ name: f.name, location: f.location, bytes: f.bytes, sha256: f.sha256, imageId: null, position: null }));
      const { saved, receipt } = await this.outcomes.delivered(m, msg, { destination: `robot ${msg.provider}`, files, answer: p.answer ?? null }, 'robot');
      return { ...toMessageView(saved), receipt: toReceiptView(receipt) };
    });
  }

  /** The robot could not deliver it: visible again at once with the error, one attempt more (failed after the last). */
  async release(p: RobotReleasePayload): Promise<DeliveryMessageView> {
    return inTransaction(this.ds, async (m) => {
      const { msg } = await this.held(m, p.key, p.id);
      msg.attempts += 1;
      const saved = await this.outcomes.failed(m, msg, p.error, { retryable: true, maxAttempts: this.config.DELIVERY_MAX_ATTEMPTS, retryAt: new Date() });
      return toMessageView(saved);
    });
  }

  /** The message of the robot's integration, locked, still leased to this robot. */
  private async held(m: EntityManager, key: string, id: string): Promise<{ msg: DeliveryMessage; cred: RobotCredential }> {
    const cred = await this.authenticate(m, key, false);
    return { msg: this.leasedTo(await this.ofIntegration(m, cred, id), cred), cred };
  }

  /** The message, locked, when it is of the robot's integration (404 otherwise, as for a message that does not exist). */
  private async ofIntegration(m: EntityManager, cred: RobotCredential, id: string): Promise<DeliveryMessage> {
    const msg = await this.messages.findById(m, id, true);
    if (!msg || msg.integrationId !== cred.integrationId) throw RpcError.notFound(DELIVERY_MESSAGES.messageNotFound);
    return msg;
  }

  /** The message when it is still leased to this robot: 409 when it is delivered or its lease is another's. */
  private leasedTo(msg: DeliveryMessage, cred: RobotCredential): DeliveryMessage {
    if (msg.state === 'delivered') throw RpcError.conflict(DELIVERY_MESSAGES.alreadyDelivered);
    // a lease that ran out but nobody took since is still this robot's
    if (msg.state !== 'delivering' || msg.leaseHolder !== robotHolder(cred)) throw RpcError.conflict(DELIVERY_MESSAGES.leaseLost);
    return msg;
  }

  /** `<key id>.<secret>`: the key id names the row, the secret must hash to what it keeps (401 otherwise). */
  private async authenticate(m: EntityManager, key: string, lock: boolean): Promise<RobotCredential> {
    const dot = key.indexOf('.');
    const id = dot > 0 ? key.slice(0, dot) : '';
    const secret = dot > 0 ? key.slice(dot + 1) : '';
    if (!isUuid(id) || !secret) throw RpcError.unauthorized(DELIVERY_MESSAGES.badRobotKey);
    const cred = await this.credentials.findById(m, id, lock);
    // the same work for an unknown key id as for a known one: its answer takes the same time
    const given = Buffer.from(hashSecret(secret), 'hex');
    const kept = Buffer.from(cred?.secretHash ?? UNKNOWN_KEY_HASH, 'hex');
    const same = kept.length === given.length && timingSafeEqual(given, kept);
    if (!cred || !same) throw RpcError.unauthorized(DELIVERY_MESSAGES.badRobotKey);
    return cred;
  }

  private async withImages(msg: DeliveryMessage, requestId: string): Promise<RobotMessageView> {
    const images = await this.host.rpc.send(ImagesRpc.ofOrder, { id: msg.orderId }, systemActor(requestId || `delivery-${randomUUID()}`));
    return {
      id: msg.id,
      orderId: msg.orderId,
      orderName: msg.orderName,
      provider: msg.provider,
      attempts: msg.attempts,
      leaseExpiresAt: msg.visibleAfter.toISOString(),
      images: images
        .filter((i): i is typeof i & { url: string } => i.url !== null && i.optimisationStatus === 'completed')
        .sort((a, b) => a.position - b.position)
        .map((i) => ({ imageId: i.id, position: i.position, url: i.url })),
    };
  }
}
