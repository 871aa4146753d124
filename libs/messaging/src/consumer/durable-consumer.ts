import { faultPoint } from '@app/config';
import { deadLetterSubject, STREAMS, type Namespace, type StreamKey } from '@app/contracts';
import { runWithRequestContext } from '@app/logging';
import { extractTraceContext, inSpan, messagingAttributes, SpanKind } from '@app/ops';
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
  type MsgHdrs,
  type NatsConnection,
} from 'nats';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { decodeJson } from '../codec';
import { isDatabaseUnavailable, waitForDatabase } from './database-availability';

export interface ConsumedMessage {
  /** `Nats-Msg-Id` (the outbox id), or `<stream>:<sequence>` for messages published without one */
  messageId: string;
  /** the subject without the namespace */
  subject: string;
  headers: MsgHdrs | undefined;
  /** which delivery this is, starting at 1 */
  delivery: number;
  /** resets the ack timer: call it during long work */
  working(): void;
}

export interface MessageHandlerContext extends ConsumedMessage {
  /** the transaction in which the processed-message record is written */
  manager: EntityManager;
}

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
}

export interface DurableConsumerOptions<P> extends DurableSubscriptionOptions {
  dataSource: DataSource;
  /** delay before a failed message is offered again, by delivery number */
  backoffMs?: (delivery: number) => number;
  /**
   * Checks the decoded message against its contract and gives the handler's payload. A
   * message it throws for breaks the contract, which no retry mends: it is copied to the
   * dead-letter stream at once with the reason and terminated, and the handler never runs.
   * Without it the handler gets the decoded JSON as it is.
   */
  check?: (data: unknown, subject: string) => Promise<P>;
  handler: (payload: P, ctx: MessageHandlerContext) => Promise<void>;
}

/** Delay before a failed message is offered again, when the consumer names none: 200 ms doubled per delivery, at most 30 s. */
export function defaultBackoffMs(delivery: number): number {
  return Math.min(30_000, 200 * 2 ** delivery);
}

/**
 * What becomes of a message whose handling failed on its `delivery`-th delivery: on the last
 * one allowed (`maxDeliver`) it goes to the dead-letter stream; before that it is offered
 * again after the backoff.
 */
export function afterFailedDelivery(
  delivery: number,
  maxDeliver: number,
  backoffMs: (delivery: number) => number = defaultBackoffMs,
): 'dead-letter' | { retryInMs: number } {
  return delivery >= maxDeliver ? 'dead-letter' : { retryInMs: backoffMs(delivery) };
}

/**
 * A durable pull consumer on the server, taken one message at a time by its owner: `pull()`
 * asks for the next message only when the owner has room for it, so replicas that share the
 * consumer share the work and nothing waits in a busy instance's buffer. The owner acks,
 * naks or parks each message itself (`copyToDeadLetter`). `DurableConsumer` below builds
 * the usual apply-once loop on it; the pipeline's lanes use it directly.
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

  get name(): string {
    return this.base.namespace.durable(this.base.durable);
  }

  protected get streamName(): string {
    return this.base.namespace.stream(STREAMS[this.base.stream].name);
  }

  /** Creates the durable consumer on the server, or updates its mutable settings. */
  async ensure(): Promise<void> {
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
    this.ensured = true;
    this.released = false;
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

/**
 * A durable pull consumer with explicit ack. Each message is applied in one database
 * transaction together with a processed-message record: a redelivery of a message already
 * applied is acknowledged without running the handler again. A message that fails
 * `maxDeliver` times is copied to the dead-letter stream with the reason and terminated; one
 * that cannot be decoded or that `check` refuses goes there on its first delivery.
 */
export class DurableConsumer<P = unknown> extends DurableSubscription {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  /** the message being handled now */
  private current: JsMsg | null = null;

  constructor(private readonly opts: DurableConsumerOptions<P>) {
    super(opts);
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.ensure();
    const consumer = await this.serverConsumer();
    const messages = await consumer.consume({ max_messages: 10 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        // taken from the server before the stop: handed back at once for another instance
        if (this.stopping) {
          m.nak();
          continue;
        }
        this.current = m;
        try {
          await this.handle(m);
        } finally {
          this.current = null;
        }
      }
    })().catch((err) => this.opts.logger.error({ err, consumer: this.name }, 'consumer loop ended'));
  }

  private async handle(m: JsMsg): Promise<void> {
    const messageId = this.messageId(m);
    const subject = this.opts.namespace.strip(m.subject);
    const delivery = m.info.redeliveryCount;
    const requestId = m.headers?.get('x-request-id') || messageId;
    let payload: P;
    try {
      payload = decodeJson<P>(m.data);
    } catch (err) {
      await this.deadLetter(m, `payload is not JSON: ${(err as Error).message}`);
      return;
    }
    if (this.opts.check) {
      try {
        payload = await this.opts.check(payload, subject);
      } catch (err) {
        await this.deadLetter(m, `payload refused: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
    }
    for (;;) {
      try {
        await this.apply(m, payload, messageId, subject, delivery, requestId);
        await faultPoint(`consumer.${this.opts.durable}.applied`, { messageId, subject });
        m.ack();
        return;
      } catch (err) {
        // the database away (a restart, a failover) is not the message's fault: it is held,
        // and applied again once the database answers, without using up an attempt
        if (isDatabaseUnavailable(err) && !this.stopping) {
          this.opts.logger.warn({ consumer: this.name, messageId, err }, 'database unavailable; the message waits for it');
          if (await waitForDatabase(this.opts.dataSource, { working: () => m.working(), stopped: () => this.stopping })) continue;
        }
        const reason = err instanceof Error ? err.message : String(err);
        const next = afterFailedDelivery(delivery, this.maxDeliver, this.opts.backoffMs);
        if (next === 'dead-letter') {
          await this.deadLetter(m, reason);
        } else {
          this.opts.logger.warn({ consumer: this.name, messageId, delivery, err }, 'message failed; will be redelivered');
          m.nak(next.retryInMs);
        }
        return;
      }
    }
  }

  /** Applies the message once: the handler and the processed-message record in one transaction. */
  private async apply(m: JsMsg, payload: P, messageId: string, subject: string, delivery: number, requestId: string): Promise<void> {
    // a span per delivery, child of the work that wrote the event (the traceparent the outbox kept)
    const span = {
      kind: SpanKind.CONSUMER,
      parent: extractTraceContext(m.headers),
      attributes: {
        ...messagingAttributes(subject, 'process', messageId),
        'messaging.consumer.group.name': this.opts.durable,
        'messaging.message.delivery': delivery,
      },
    };
    await inSpan(subject, span, () =>
      runWithRequestContext({ requestId, subject }, () =>
        this.opts.dataSource.transaction(async (manager) => {
          const inserted: unknown[] = await manager.query(
            `INSERT INTO processed_message (consumer, message_id) VALUES ($1, $2)
             ON CONFLICT DO NOTHING RETURNING message_id`,
            [this.opts.durable, messageId],
          );
          if (inserted.length === 0) {
            this.opts.logger.debug({ consumer: this.name, messageId }, 'already applied; acknowledging redelivery');
            return;
          }
          await this.opts.handler(payload, {
            manager,
            messageId,
            subject,
            headers: m.headers,
            delivery,
            working: () => m.working(),
          });
        }),
      ),
    );
  }

  private async deadLetter(m: JsMsg, reason: string): Promise<void> {
    try {
      await this.copyToDeadLetter(m, reason);
      this.opts.logger.error({ consumer: this.name, messageId: this.messageId(m), reason }, 'message moved to the dead-letter stream');
      m.term();
    } catch (err) {
      // could not park it: leave it to be redelivered rather than lose it
      this.opts.logger.error({ err, consumer: this.name }, 'could not publish to the dead-letter stream');
      m.nak(5_000);
    }
  }

  override get bound(): boolean {
    return super.bound && this.messages !== null && !this.stopping;
  }

  /**
   * Stops taking messages and lets the one being handled finish and be acknowledged, for at
   * most `graceMs`; after that it is handed back (nak) for redelivery, and applying it here
   * later changes nothing (the processed-message record makes the second run a no-op).
   * Messages fetched but not started are handed back too, or come back after `ackWaitMs`.
   */
  async stop(graceMs = Infinity): Promise<void> {
    this.stopping = true;
    if (this.messages) {
      this.messages.stop();
      this.messages = null;
    }
    if (this.loop) {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        this.loop.then(() => true),
        new Promise<boolean>((resolve) => {
          if (Number.isFinite(graceMs)) timer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!finished && this.current) {
        this.opts.logger.warn({ consumer: this.name, messageId: this.messageId(this.current) }, 'message still running at the end of the grace period; handed back for redelivery');
        this.current.nak();
      }
    }
    this.loop = null;
  }
}
