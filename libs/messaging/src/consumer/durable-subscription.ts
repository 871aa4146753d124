import { deadLetterSubject, STREAMS, type Namespace, type StreamKey } from '@app/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  headers as natsHeaders,
  nanos,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { backoff, MESSAGE_RETRY, PARK_RETRY_MS, type BackoffSchedule } from '../life/backoff';
import { isDatabaseUnavailable, waitForDatabase } from './database-availability';
import { whileJetStreamAnswers } from '../jetstream-setup';

export interface DurableSubscriptionOptions {
  nc: NatsConnection;
  namespace: Namespace;
  logger: Logger;
  stream: StreamKey;
  /** durable name (unique per consuming service and purpose), e.g. `statistics-orders` */
  durable: string;
  /** subject filter without the namespace, e.g. `evt.orders.>` */
  filterSubject: string;
  /** deliveries before the message goes to the dead-letter stream (JetStream stops delivering after it) */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** messages delivered and not yet acknowledged, across every instance (default 1000) */
  maxAckPending?: number;
  /** the wait before a failed message is offered again (default MESSAGE_RETRY) */
  retry?: BackoffSchedule;
}

/**
 * What becomes of a message whose handling failed on its `delivery`-th delivery: on the last
 * one allowed (`maxDeliver`) it goes to the dead-letter stream; before that it is offered
 * again after `backoff()` of the schedule.
 */
export function afterFailedDelivery(
  delivery: number,
  maxDeliver: number,
  schedule: BackoffSchedule = MESSAGE_RETRY,
): 'dead-letter' | { retryInMs: number } {
  return delivery >= maxDeliver ? 'dead-letter' : { retryInMs: backoff(delivery, schedule) };
}

/**
 * A durable pull consumer on the server, taken one message at a time by its owner: `pull()`
 * asks for the next message only when the owner has room for it, so replicas that share the
 * consumer share the work and nothing waits in a busy instance's buffer. The owner acks,
 * naks or parks each message through the methods below, the only code that finishes a
 * JetStream message: `DurableConsumer` (one message at a time), `BatchConsumer` (batches)
 * and `WorkQueue` (the pipeline's lanes) are built on it.
 */
export class DurableSubscription {
  protected readonly maxDeliver: number;
  private consumer: Consumer | null = null;
  private jsm: JetStreamManager | null = null;
  private readonly pulls = new Set<ConsumerMessages>();
  private ensured = false;
  private released = false;

  constructor(protected readonly base: DurableSubscriptionOptions) {
    this.maxDeliver = base.maxDeliver ?? 5;
  }

  /** deliveries before a failing message goes to the dead-letter stream */
  get deliveries(): number {
    return this.maxDeliver;
  }

  get name(): string {
    return this.base.namespace.durable(this.base.durable);
  }

  protected get streamName(): string {
    return this.base.namespace.stream(STREAMS[this.base.stream].name);
  }

  /** Creates the durable consumer on the server, or updates its mutable settings. */
  async ensure(): Promise<void> {
    await whileJetStreamAnswers(`the durable consumer ${this.name}`, () => this.ensureOnce(), { logger: this.base.logger });
    this.ensured = true;
    this.released = false;
  }

  private async ensureOnce(): Promise<void> {
    const jsm = await this.base.nc.jetstreamManager();
    const config: Partial<ConsumerConfig> = {
      durable_name: this.name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.base.namespace.subject(this.base.filterSubject),
      max_deliver: this.maxDeliver,
      ack_wait: nanos(this.base.ackWaitMs ?? 30_000),
      max_ack_pending: this.base.maxAckPending ?? 1000,
    };
    try {
      await jsm.consumers.info(this.streamName, this.name);
      await jsm.consumers.update(this.streamName, this.name, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
        filter_subject: config.filter_subject,
        max_ack_pending: config.max_ack_pending,
      });
    } catch (err) {
      if (!/consumer not found/i.test((err as Error).message) && (err as { code?: string }).code !== '404') throw err;
      await jsm.consumers.add(this.streamName, config);
    }
  }

  /** The consumer exists on the server and this instance takes messages from it (readiness). */
  get bound(): boolean {
    return this.ensured && !this.released;
  }

  /** This instance takes no more messages from it (its owner stopped): readiness names it. */
  release(): void {
    this.released = true;
  }

  protected async serverConsumer(): Promise<Consumer> {
    if (!this.consumer) this.consumer = await this.base.nc.jetstream().consumers.get(this.streamName, this.name);
    return this.consumer;
  }

  /** Keeps up to `max` messages coming (pushed as they arrive), until `stop()` on the answer. */
  async consume(max: number): Promise<ConsumerMessages> {
    return (await this.serverConsumer()).consume({ max_messages: max });
  }

  /**
   * The next message, or null when none arrived within `expiresMs` (at least 1000) or the
   * pulls were stopped. Call it only when there is room to work on the message at once.
   */
  async pull(expiresMs: number): Promise<JsMsg | null> {
    const consumer = await this.serverConsumer();
    const batch = await consumer.fetch({ max_messages: 1, expires: Math.max(1000, expiresMs) });
    this.pulls.add(batch);
    try {
      for await (const m of batch) return m;
      return null;
    } finally {
      this.pulls.delete(batch);
      batch.stop();
    }
  }

  /** Ends the pulls waiting now: they resolve with null. */
  stopPulls(): void {
    this.release();
    for (const batch of this.pulls) batch.stop();
    this.pulls.clear();
  }

  /** Messages that match the filter and have not been delivered yet (all instances together). */
  async pendingCount(): Promise<number> {
    // one manager for the subscription's life: creating one asks the server for account info
    if (!this.jsm) this.jsm = await this.base.nc.jetstreamManager();
    const info = await this.jsm.consumers.info(this.streamName, this.name);
    return info.num_pending;
  }

  /** `Nats-Msg-Id` (the outbox or job id), or `<stream>:<sequence>` for messages published without one. */
  messageId(m: JsMsg): string {
    return m.headers?.get('Nats-Msg-Id') || `${m.info.stream}:${m.seq}`;
  }

  /** The message is done with: JetStream does not deliver it again. */
  ack(m: JsMsg): void {
    m.ack();
  }

  /** Hands the message back to be delivered again after `delayMs` (at once without it), to this instance or another. */
  retry(m: JsMsg, delayMs?: number): void {
    m.nak(delayMs);
  }

  /**
   * The message failed on this delivery: before the last one allowed (`maxDeliver`) it is
   * offered again after `backoff()` of the subscription's schedule; on the last one it is
   * parked in the dead-letter stream with the reason and terminated.
   */
  async failed(m: JsMsg, err: unknown): Promise<void> {
    const reason = err instanceof Error ? err.message : String(err);
    const next = afterFailedDelivery(m.info.redeliveryCount, this.maxDeliver, this.base.retry);
    if (next === 'dead-letter') {
      await this.deadLetter(m, reason);
      return;
    }
    this.base.logger.warn({ consumer: this.name, messageId: this.messageId(m), delivery: m.info.redeliveryCount, err }, 'message failed; will be redelivered');
    m.nak(next.retryInMs);
  }

  /**
   * Parks the message: a copy in the dead-letter stream with the reason, then terminated, so
   * JetStream stops delivering it. When the copy cannot be stored (NATS away) the message is
   * offered again after PARK_RETRY_MS rather than lost. `before`, when given, runs between the
   * copy and the termination (the pipeline records the job's failure there); when it fails the
   * message is offered again too.
   */
  async deadLetter(m: JsMsg, reason: string, before?: () => Promise<void>): Promise<boolean> {
    try {
      await this.copyToDeadLetter(m, reason);
      await before?.();
      this.base.logger.error({ consumer: this.name, messageId: this.messageId(m), reason }, 'message moved to the dead-letter stream');
      m.term();
      return true;
    } catch (err) {
      // could not park it: leave it to be redelivered rather than lose it
      this.base.logger.error({ err, consumer: this.name }, 'could not publish to the dead-letter stream');
      m.nak(PARK_RETRY_MS);
      return false;
    }
  }

  /**
   * Called when the work on `held` failed with `err`: when the database is away (a restart, a
   * failover), which is not the messages' fault, waits for it while keeping the messages held
   * (progress acks) and answers true: run the work again, without using up an attempt. Answers
   * false for any other error, when the wait ran out (DATABASE_WAIT_MS) or `stopped()` says so.
   */
  async holdWhileDatabaseAway(err: unknown, dataSource: DataSource, held: readonly JsMsg[], stopped: () => boolean): Promise<boolean> {
    if (!isDatabaseUnavailable(err) || stopped()) return false;
    this.base.logger.warn({ consumer: this.name, messages: held.length, err }, 'database unavailable; the messages wait for it');
    return waitForDatabase(dataSource, { working: () => held.forEach((m) => m.working()), stopped });
  }

  /**
   * Publishes a copy of the message to the dead-letter stream with the reason and where it
   * came from (deduplicated per message, so doing it twice stores one copy). Does not
   * acknowledge or terminate the message: the caller does once the copy is stored.
   */
  async copyToDeadLetter(m: JsMsg, reason: string): Promise<void> {
    const h = natsHeaders();
    if (m.headers) for (const [k, v] of m.headers) for (const value of v) h.append(k, value);
    h.set('x-dlq-reason', reason.slice(0, 1000));
    h.set('x-dlq-subject', this.base.namespace.strip(m.subject));
    h.set('x-dlq-consumer', this.base.durable);
    h.set('x-dlq-message-id', this.messageId(m));
    h.set('x-dlq-deliveries', String(m.info.redeliveryCount));
    h.delete('Nats-Msg-Id');
    await this.base.nc
      .jetstream()
      .publish(this.base.namespace.subject(deadLetterSubject(this.base.durable)), m.data, {
        headers: h,
        msgID: `${this.base.durable}:${this.messageId(m)}`,
      });
  }
}
