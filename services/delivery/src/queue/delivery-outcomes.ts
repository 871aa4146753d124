import { DELIVERY_ERROR_MAX, type DeliveredBy, type DeliveredFileView } from '@app/contracts';
import { METRICS, METRICS_REGISTRY, type Metrics } from '@app/ops';
import { afterCommit } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DeliveryMessage } from './delivery-message.entity';
import { DeliveryMessagesRepository } from './delivery-messages.repository';
import { DeliveryProgress } from './delivery-progress';
import type { DeliveryReceiptRow } from './delivery-receipt.entity';
import { DeliveryReceiptsRepository } from './delivery-receipts.repository';

export interface ReceiptInput {
  destination: string;
  files: DeliveredFileView[];
  answer: string | null;
}

const clip = (text: string) => (text.length > DELIVERY_ERROR_MAX ? `${text.slice(0, DELIVERY_ERROR_MAX - 1)}…` : text);

/**
 * How a delivery attempt ends, the same for the worker and for robots: the message's new
 * state, the receipt, and the progress with its timeline line, in the caller's transaction
 * on the locked message.
 */
@Injectable()
export class DeliveryOutcomes {
  private readonly settled;

  constructor(
    private readonly messages: DeliveryMessagesRepository,
    private readonly receipts: DeliveryReceiptsRepository,
    private readonly progress: DeliveryProgress,
    @Inject(METRICS_REGISTRY) metrics: Metrics,
  ) {
    this.settled = metrics.counter(METRICS.deliveriesTotal);
  }

  /** `dealer_deliveries_total`, once the attempt's transaction has committed. */
  private count(m: EntityManager, outcome: 'delivered' | 'retry' | 'failed', provider: string): Promise<void> {
    return afterCommit(m, async () => this.settled.inc({ outcome, provider }));
  }

  /**
   * The message is delivered, with its receipt. The lease holder stays on it: who delivered it
   * (a robot repeating its acknowledgement is answered the receipt, see RobotService.ack).
   */
  async delivered(m: EntityManager, msg: DeliveryMessage, receipt: ReceiptInput, by: DeliveredBy): Promise<{ saved: DeliveryMessage; receipt: DeliveryReceiptRow }> {
    msg.state = 'delivered';
    msg.visible = false;
    msg.lastError = null;
    const saved = await this.messages.save(m, msg);
    await this.count(m, 'delivered', msg.provider);
    const kept = await this.receipts.insert(m, { messageId: msg.id, orderId: msg.orderId, ...receipt, answer: receipt.answer ? clip(receipt.answer) : null, deliveredBy: by });
    await this.progress.publish(m, msg, {
      eventName: 'DELIVERED',
      payload: {
        messageId: msg.id,
        integrationId: msg.integrationId,
        provider: msg.provider,
        destination: receipt.destination,
        files: receipt.files.length,
        bytes: receipt.files.reduce((sum, f) => sum + f.bytes, 0),
        deliveredBy: by,
      },
    });
    return { saved, receipt: kept };
  }

  /**
   * A failed attempt: tried again at `retryAt` while attempts are left and the failure may
   * pass, else failed for good (visible in the queue with its error; the order shows it).
   */
  async failed(m: EntityManager, msg: DeliveryMessage, error: string, opts: { retryable: boolean; maxAttempts: number; retryAt: Date }): Promise<DeliveryMessage> {
    const final = !opts.retryable || msg.attempts >= opts.maxAttempts;
    msg.lastError = clip(error);
    msg.leaseHolder = null;
    if (final) {
      msg.state = 'failed';
      msg.visible = true;
      msg.visibleAfter = new Date();
    } else {
      msg.state = 'queued';
      msg.visibleAfter = opts.retryAt;
      msg.visible = opts.retryAt.getTime() <= Date.now();
    }
    const saved = await this.messages.save(m, msg);
    await this.count(m, final ? 'failed' : 'retry', msg.provider);
    await this.progress.publish(m, msg, {
      eventName: 'DELIVERY_FAILED',
      payload: {
        messageId: msg.id,
        integrationId: msg.integrationId,
        provider: msg.provider,
        error: msg.lastError,
        attempts: msg.attempts,
        final,
        ...(final ? {} : { retryAt: opts.retryAt.toISOString() }),
      },
    });
    return saved;
  }
}
