import { faultPoint } from '@app/config';
import { runWithRequestContext } from '@app/logging';
import { extractTraceContext, inSpan, messagingAttributes, SpanKind } from '@app/ops';
import type { ConsumerMessages, JsMsg, MsgHdrs } from 'nats';
import type { DataSource, EntityManager } from 'typeorm';
import { decodeJson } from '../codec';
import { DurableSubscription, type DurableSubscriptionOptions } from './durable-subscription';

export * from './durable-subscription';

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

export interface DurableConsumerOptions<P> extends DurableSubscriptionOptions {
  dataSource: DataSource;
  /**
   * Checks the decoded message against its contract and gives the handler's payload. A
   * message it throws for breaks the contract, which no retry mends: it is copied to the
   * dead-letter stream at once with the reason and terminated, and the handler never runs.
   * Without it the handler gets the decoded JSON as it is.
   */
  check?: (data: unknown, subject: string) => Promise<P>;
  handler: (payload: P, ctx: MessageHandlerContext) => Promise<void>;
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
    const messages = await this.consume(10);
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        // taken from the server before the stop: handed back at once for another instance
        if (this.stopping) {
          this.retry(m);
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
        this.ack(m);
        return;
      } catch (err) {
        // the database away is not the message's fault: held, and applied again once it answers
        if (await this.holdWhileDatabaseAway(err, this.opts.dataSource, [m], () => this.stopping)) continue;
        await this.failed(m, err);
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
        this.retry(this.current);
      }
    }
    this.loop = null;
  }
}
