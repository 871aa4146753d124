import { faultPoint } from '@app/config';
import { INTEGRATION_TYPES } from '@app/contracts';
import { backoff, isDatabaseUnavailable, waitForDatabase } from '@app/messaging';
import { inTransaction, PeriodicTask, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { DeliveryConfig } from '../delivery.config';
import { DeliveryFailure, ORDER_DELIVERER, type DeliveryReceipt, type OrderDeliverer } from '../delivering/order-deliverer';
import type { DeliveryMessage } from './delivery-message.entity';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryOutcomes } from './delivery-outcomes';

/**
 * Delivers push messages (every type the bound `OrderDeliverer` names, never ROBOT): every
 * DELIVERY_POLL_MS it claims up to DELIVERY_BATCH_SIZE visible messages (`FOR UPDATE SKIP
 * LOCKED`, leased to this worker for DELIVERY_WORKER_LEASE_MS, one attempt more), delivers
 * each, and records the receipt, or the failure with a backoff (failed for good after
 * DELIVERY_MAX_ATTEMPTS, or at once when it cannot pass). A result is recorded only while the
 * lease is still this worker's, so replicas never record one message twice. Without a bound
 * deliverer the worker does not run and push messages wait in the queue.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly holder = `worker:${randomUUID()}`;
  private readonly task: PeriodicTask;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly messages: DeliveryMessagesRepository,
    private readonly outcomes: DeliveryOutcomes,
    @Inject(SERVICE_CONFIG) private readonly config: DeliveryConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    @Optional() @Inject(ORDER_DELIVERER) private readonly deliverer: OrderDeliverer | null = null,
  ) {
    this.task = new PeriodicTask(() => this.drain(), config.DELIVERY_POLL_MS, (err) => this.logger.error({ err }, 'delivery worker run failed; tried again later'));
  }

  onApplicationBootstrap(): void {
    if (this.deliverer) this.task.start();
    else this.logger.warn('no order deliverer is bound: push deliveries wait in the queue');
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Batches until one comes back short (or the worker stops). */
  private async drain(): Promise<void> {
    while (!this.task.stopped && (await this.runOnce()) >= this.config.DELIVERY_BATCH_SIZE);
  }

  /** One batch: answers how many messages it took (exposed for tests). */
  async runOnce(): Promise<number> {
    const deliverer = this.deliverer;
    if (!deliverer) return 0;
    const types = deliverer.types.filter((t) => t !== 'ROBOT' && INTEGRATION_TYPES.includes(t));
    if (!types.length) return 0;
    const leaseUntil = new Date(Date.now() + this.config.DELIVERY_WORKER_LEASE_MS);
    const claimed = await inTransaction(this.ds, (m) => this.messages.claim(m, { types }, this.config.DELIVERY_BATCH_SIZE, leaseUntil, this.holder, true));
    // every delivery of the batch ends before the next batch is claimed, also when one of them failed to record
    const settled = await Promise.allSettled(claimed.map((msg) => this.deliver(deliverer, msg)));
    settled.forEach((r, i) => {
      if (r.status === 'rejected') this.logger.error({ err: r.reason, messageId: claimed[i].id }, 'the result of a delivery could not be recorded; the message is taken again when its lease runs out');
    });
    return claimed.length;
  }

  private async deliver(deliverer: OrderDeliverer, msg: DeliveryMessage): Promise<void> {
    let receipt: DeliveryReceipt | null = null;
    let failure: DeliveryFailure | null = null;
    try {
      receipt = await deliverer.deliver({ messageId: msg.id, orderId: msg.orderId, integrationId: msg.integrationId, attempt: msg.attempts });
    } catch (err) {
      failure = err instanceof DeliveryFailure ? err : new DeliveryFailure(err instanceof Error ? err.message : String(err), true);
      if (!(err instanceof DeliveryFailure)) this.logger.warn({ err, messageId: msg.id }, 'deliverer threw something else than a DeliveryFailure; retried');
    }
    // the files are at the destination, the receipt not yet recorded
    if (receipt) await faultPoint('delivery.delivered', { messageId: msg.id, orderId: msg.orderId });
    await this.recordWhenTheDatabaseAnswers(msg, () => this.record(msg, receipt, failure));
  }

  /**
   * Records the outcome; while the database is away (restarting, or full: no connection to
   * be had) it waits for it, until the message's lease runs out. The files may already be at
   * the destination: giving up at once would leave the message to its lease and deliver it
   * a second time, for nothing.
   */
  private async recordWhenTheDatabaseAnswers(msg: DeliveryMessage, record: () => Promise<void>): Promise<void> {
    const leaseEnds = msg.visibleAfter.getTime();
    for (;;) {
      try {
        return await record();
      } catch (err) {
        if (!isDatabaseUnavailable(err) || this.task.stopped || Date.now() >= leaseEnds) throw err;
        this.logger.warn({ err, messageId: msg.id }, 'the database is away: the delivery is recorded once it answers');
        if (!(await waitForDatabase(this.ds, { timeoutMs: leaseEnds - Date.now(), stopped: () => this.task.stopped }))) throw err;
      }
    }
  }

  private async record(msg: DeliveryMessage, receipt: DeliveryReceipt | null, failure: DeliveryFailure | null): Promise<void> {
    await inTransaction(this.ds, async (m) => {
      const locked = await this.messages.findById(m, msg.id, true);
      if (!locked || locked.state !== 'delivering' || locked.leaseHolder !== this.holder) {
        this.logger.warn({ messageId: msg.id }, 'the lease of a delivered message was lost before its result was recorded');
        return;
      }
      if (receipt) {
        const files = receipt.files.map((f) => ({ name: f.name, location: f.location, bytes: f.bytes, sha256: f.sha256, imageId: f.imageId, position: f.position }));
        await this.outcomes.delivered(m, locked, { destination: receipt.destination, files, answer: receipt.answer }, 'worker');
      } else if (failure) {
        const retryAt = new Date(Date.now() + backoff(locked.attempts, { baseMs: this.config.DELIVERY_RETRY_DELAY_MS, maxMs: this.config.DELIVERY_RETRY_MAX_DELAY_MS }));
        await this.outcomes.failed(m, locked, failure.message, { retryable: failure.retryable, maxAttempts: this.config.DELIVERY_MAX_ATTEMPTS, retryAt });
      }
    });
  }
}
