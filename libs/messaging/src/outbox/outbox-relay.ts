import type { Namespace } from '@app/contracts';
import type { Logger } from 'pino';
import { Client as PgClient } from 'pg';
import { headers as natsHeaders, type JetStreamClient } from 'nats';
import type { DataSource } from 'typeorm';
import { encodeJson } from '../codec';
import { outboxChannel } from './outbox.service';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  databaseUrl: string;
  schema: string;
  js: JetStreamClient;
  namespace: Namespace;
  logger: Logger;
  pollMs: number;
  batchSize?: number;
  /** sent rows older than this are deleted */
  keepSentDays?: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
}

/**
 * Publishes committed outbox rows to JetStream and marks them sent. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of replicas relay side by side; a crash between
 * publishing and marking republishes with the same `Nats-Msg-Id`, which JetStream drops as a
 * duplicate (and consumers are idempotent beyond the duplicate window).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private housekeeping: NodeJS.Timeout | null = null;
  private listener: PgClient | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: OutboxRelayOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    try {
      this.listener = new PgClient({ connectionString: this.opts.databaseUrl });
      this.listener.on('error', (err) => this.opts.logger.warn({ err }, 'outbox listener connection lost; polling continues'));
      await this.listener.connect();
      this.listener.on('notification', () => this.poke());
      await this.listener.query(`LISTEN ${outboxChannel(this.opts.schema)}`);
    } catch (err) {
      this.opts.logger.warn({ err }, 'outbox LISTEN unavailable; relying on polling');
    }
    this.timer = setInterval(() => this.poke(), this.opts.pollMs);
    this.timer.unref();
    this.housekeeping = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.housekeeping.unref();
    this.poke();
  }

  /** Publish what is pending now (called on NOTIFY, on the poll timer, and by tests). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when everything committed so far has been published. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    await this.drain();
  }

  private async drain(): Promise<void> {
    const batchSize = this.opts.batchSize ?? 100;
    try {
      let published: number;
      do {
        this.again = false;
        published = await this.publishBatch(batchSize);
      } while (!this.stopped && (published === batchSize || this.again));
    } catch (err) {
      if (!this.stopped) this.opts.logger.error({ err }, 'outbox relay could not publish; will retry');
    }
  }

  private async publishBatch(limit: number): Promise<number> {
    return this.opts.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, subject, payload, headers FROM outbox
          WHERE sent_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (rows.length === 0) return 0;
      for (const row of rows) {
        const h = natsHeaders();
        for (const [k, v] of Object.entries(row.headers ?? {})) h.set(k, v);
        h.set('x-event-id', row.id);
        await this.opts.js.publish(this.opts.namespace.subject(row.subject), encodeJson(row.payload), {
          msgID: row.id,
          headers: h,
        });
      }
      await manager.query('UPDATE outbox SET sent_at = now() WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  private async prune(): Promise<void> {
    const days = this.opts.keepSentDays ?? 7;
    try {
      await this.opts.dataSource.query(
        `DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < now() - make_interval(days => $1)`,
        [days],
      );
      await this.opts.dataSource.query(
        `DELETE FROM processed_message WHERE processed_at < now() - make_interval(days => $1)`,
        [30],
      );
    } catch (err) {
      this.opts.logger.warn({ err }, 'outbox housekeeping failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.housekeeping) clearInterval(this.housekeeping);
    this.timer = null;
    this.housekeeping = null;
    while (this.running) await this.running;
    if (this.listener) {
      await this.listener.end().catch(() => undefined);
      this.listener = null;
    }
  }
}
