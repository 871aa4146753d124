import { faultPoint } from '@app/config';
import type { ConsumerMessages, JsMsg } from 'nats';
import type { DataSource } from 'typeorm';
import { DurableSubscription, type DurableSubscriptionOptions } from './durable-subscription';

/** What a message is to a batch consumer: an item to apply, a message it does not read, or one that breaks its contract. */
export type BatchRead<E> = { item: E } | { problem: string } | 'skip';

export interface BatchConsumerOptions<E> extends DurableSubscriptionOptions {
  dataSource: DataSource;
  /** messages taken at most per batch (also how many the server keeps coming) */
  batchMax: number;
  /**
   * Reads one message (decoding and checking it against its contract). A `problem` breaks the
   * contract, which no retry mends: the message goes to the dead-letter stream at once.
   */
  read: (m: JsMsg, subject: string, messageId: string) => Promise<BatchRead<E>>;
  /**
   * Applies the items of a batch, in one transaction. It must be idempotent: nothing is
   * recorded per message, so a redelivery, or a batch applied again after a crash before its
   * acknowledgements, must leave the same state.
   */
  apply: (items: readonly E[]) => Promise<void>;
}

/**
 * A durable consumer taken in batches: messages are taken as they arrive and, while a batch
 * is being applied, the next ones gather, up to `batchMax`; a batch is applied at once and
 * acknowledged after it. A message that breaks its contract goes to the dead-letter stream at
 * once. When a batch fails for another reason than the database being away, its items are
 * applied one by one, so one bad message is offered again (and at last dead-lettered) without
 * holding the others. The database away holds the batch (progress acks) until it answers.
 */
export class BatchConsumer<E> extends DurableSubscription {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private pending: JsMsg[] = [];
  private draining: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly opts: BatchConsumerOptions<E>) {
    super({ maxAckPending: opts.batchMax * 3, ...opts });
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.ensure();
    const messages = await this.consume(this.opts.batchMax);
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        this.pending.push(m);
        if (!this.draining) this.draining = this.drain();
        // more than two batches waiting: let the applying catch up before taking more
        if (this.pending.length >= this.opts.batchMax * 2) await this.draining;
      }
    })().catch((err) => this.opts.logger.error({ err, consumer: this.name }, 'consumer loop ended'));
  }

  /** Stops taking messages and lets the batches taken finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.release();
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
        const batch = this.pending.splice(0, this.opts.batchMax);
        await this.handleBatch(batch);
      }
    } catch (err) {
      this.opts.logger.error({ err, consumer: this.name }, 'a batch of messages could not be handled; it will be delivered again');
    } finally {
      this.draining = null;
    }
  }

  private async handleBatch(batch: JsMsg[]): Promise<void> {
    const skipped: JsMsg[] = [];
    const items: E[] = [];
    const itemMessages: JsMsg[] = [];
    for (const m of batch) {
      const read = await this.opts.read(m, this.base.namespace.strip(m.subject), this.messageId(m));
      if (read === 'skip') skipped.push(m);
      else if ('problem' in read) await this.deadLetter(m, read.problem);
      else {
        items.push(read.item);
        itemMessages.push(m);
      }
    }
    for (;;) {
      try {
        await this.opts.apply(items);
        break;
      } catch (err) {
        if (await this.holdWhileDatabaseAway(err, this.opts.dataSource, batch, () => this.stopping)) continue;
        for (const m of skipped) this.ack(m);
        await this.oneByOne(items, itemMessages, err);
        return;
      }
    }
    await faultPoint(`consumer.${this.opts.durable}.applied`, { events: items.length });
    for (const m of skipped) this.ack(m);
    for (const m of itemMessages) this.ack(m);
  }

  /** After a failed batch: each item alone, a failing one offered again with backoff, at last dead-lettered. */
  private async oneByOne(items: E[], messages: JsMsg[], batchErr: unknown): Promise<void> {
    this.opts.logger.warn({ consumer: this.name, err: batchErr, events: items.length }, 'a batch failed; applying its messages one by one');
    for (let i = 0; i < items.length; i++) {
      const m = messages[i]!;
      try {
        await this.opts.apply([items[i]!]);
        this.ack(m);
      } catch (err) {
        await this.failed(m, err);
      }
    }
  }
}
