import { faultPoint } from '@app/config';
import { STATISTICS_DURABLES } from '@app/contracts';
import {
  afterFailedDelivery,
  decodeJson,
  DurableSubscription,
  isDatabaseUnavailable,
  waitForDatabase,
  type DurableSubscriptionOptions,
} from '@app/messaging';
import { MessagingHost, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConsumerMessages, JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../statistics.config';
import { toFactEvent, type FactEvent } from './fact-events';
import { FactsApplier } from './facts.applier';

/**
 * The one durable consumer of the statistics service: every subject of EVENTS (`evt.>`).
 * NATS 2.9 takes one subject filter per consumer, and one consumer keeps one order across the
 * services (an account's deletion after its orders); events the service does not read are
 * acknowledged without work.
 */
export const FACTS_FILTER = 'evt.>';

/** A durable subscription taken in batches: `consume` keeps up to `max` messages coming. */
export class BatchSubscription extends DurableSubscription {
  constructor(opts: DurableSubscriptionOptions) {
    super(opts);
  }

  /** deliveries before a failing message goes to the dead-letter stream */
  get deliveries(): number {
    return this.maxDeliver;
  }

  async consume(max: number): Promise<ConsumerMessages> {
    return (await this.serverConsumer()).consume({ max_messages: max });
  }
}

/** What a message is to the facts: an event to apply, one the service does not read, or one that breaks its contract. */
export async function readFactMessage(
  m: JsMsg,
  subject: string,
  id: string,
): Promise<{ event: FactEvent } | { problem: string } | 'skip'> {
  let data: unknown;
  try {
    data = decodeJson<unknown>(m.data);
  } catch (err) {
    return { problem: `payload is not JSON: ${(err as Error).message}` };
  }
  const read = await toFactEvent(subject, data, { id, seq: m.seq, storedAt: new Date(Math.floor(m.info.timestampNanos / 1e6)) });
  return typeof read === 'object' && 'problem' in read ? { problem: `payload refused: ${read.problem}` } : read;
}

/**
 * Feeds the fact tables from EVENTS in batches: messages are taken as they arrive and, while
 * a batch is being applied, the next ones gather, up to `STATISTICS_FACTS_BATCH`; a batch is
 * applied in one transaction and acknowledged after its commit. Nothing is recorded per
 * message: the facts are idempotent themselves (FactsRepository), so a redelivery, or a batch
 * applied again after a crash before its acks, leaves the same rows.
 *
 * A message that breaks its contract goes to the dead-letter stream at once. When a batch
 * fails for another reason than the database being away, its events are applied one by one,
 * so one bad event is offered again (and at last dead-lettered) without holding the others.
 * The database away holds the batch (progress acks) until it answers, as `DurableConsumer` does.
 */
@Injectable()
export class FactsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly subscription: BatchSubscription;
  private readonly batchMax: number;
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private pending: JsMsg[] = [];
  private draining: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly host: MessagingHost,
    private readonly applier: FactsApplier,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONFIG) config: StatisticsConfig,
  ) {
    this.batchMax = config.STATISTICS_FACTS_BATCH;
    this.subscription = host.track(
      new BatchSubscription({
        nc: host.nc,
        namespace: host.namespace,
        logger,
        stream: 'EVENTS',
        durable: STATISTICS_DURABLES.facts,
        filterSubject: FACTS_FILTER,
        maxAckPending: this.batchMax * 3,
      }),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    this.stopping = false;
    await this.subscription.ensure();
    const messages = await this.subscription.consume(this.batchMax);
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        this.pending.push(m);
        if (!this.draining) this.draining = this.drain();
        // more than two batches waiting: let the applying catch up before taking more
        if (this.pending.length >= this.batchMax * 2) await this.draining;
      }
    })().catch((err) => this.logger.error({ err, consumer: this.subscription.name }, 'consumer loop ended'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.subscription.release();
    this.messages?.stop();
    this.messages = null;
    await this.loop;
    await this.draining;
    this.loop = null;
  }

  private async drain(): Promise<void> {
    try {
      // the messages already read from the socket join this batch
      await new Promise((r) => setImmediate(r));
      while (this.pending.length) {
        const batch = this.pending.splice(0, this.batchMax);
        await this.handleBatch(batch);
      }
    } catch (err) {
      this.logger.error({ err, consumer: this.subscription.name }, 'a batch of events could not be handled; it will be delivered again');
    } finally {
      this.draining = null;
    }
  }

  private async handleBatch(batch: JsMsg[]): Promise<void> {
    const applied: JsMsg[] = [];
    const events: FactEvent[] = [];
    const eventMessages: JsMsg[] = [];
    for (const m of batch) {
      const read = await readFactMessage(m, this.host.namespace.strip(m.subject), this.subscription.messageId(m));
      if (read === 'skip') applied.push(m);
      else if ('problem' in read) await this.deadLetter(m, read.problem);
      else {
        events.push(read.event);
        eventMessages.push(m);
      }
    }
    for (;;) {
      try {
        await this.applier.applyBatch(events);
        break;
      } catch (err) {
        if (isDatabaseUnavailable(err) && !this.stopping) {
          this.logger.warn({ consumer: this.subscription.name, err, events: events.length }, 'database unavailable; the events wait for it');
          if (await waitForDatabase(this.ds, { working: () => batch.forEach((m) => m.working()), stopped: () => this.stopping })) continue;
        }
        for (const m of applied) m.ack();
        await this.oneByOne(events, eventMessages, err);
        return;
      }
    }
    await faultPoint(`consumer.${STATISTICS_DURABLES.facts}.applied`, { events: events.length });
    for (const m of applied) m.ack();
    for (const m of eventMessages) m.ack();
  }

  /** After a failed batch: each event alone, a failing one offered again with backoff, at last dead-lettered. */
  private async oneByOne(events: FactEvent[], messages: JsMsg[], batchErr: unknown): Promise<void> {
    this.logger.warn({ consumer: this.subscription.name, err: batchErr, events: events.length }, 'a batch of events failed; applying them one by one');
    for (let i = 0; i < events.length; i++) {
      const m = messages[i]!;
      try {
        await this.applier.applyBatch([events[i]!]);
        m.ack();
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const next = afterFailedDelivery(m.info.redeliveryCount, this.subscription.deliveries);
        if (next === 'dead-letter') await this.deadLetter(m, reason);
        else {
          this.logger.warn({ consumer: this.subscription.name, messageId: this.subscription.messageId(m), err }, 'event failed; will be redelivered');
          m.nak(next.retryInMs);
        }
      }
    }
  }

  private async deadLetter(m: JsMsg, reason: string): Promise<void> {
    try {
      await this.subscription.copyToDeadLetter(m, reason);
      this.logger.error({ consumer: this.subscription.name, messageId: this.subscription.messageId(m), reason }, 'message moved to the dead-letter stream');
      m.term();
    } catch (err) {
      this.logger.error({ err, consumer: this.subscription.name }, 'could not publish to the dead-letter stream');
      m.nak(5_000);
    }
  }
}
