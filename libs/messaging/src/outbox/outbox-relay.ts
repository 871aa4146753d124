import type { Namespace } from '@app/contracts';
import type { Logger } from 'pino';
import { Client as PgClient } from 'pg';
import { headers as natsHeaders, type JetStreamClient } from 'nats';
import type { DataSource } from 'typeorm';
import { encodeJson } from '../codec';
import { backoff, type BackoffSchedule } from '../life/backoff';
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

/** wait before the wake-up connection is opened again after it was lost: 1 s, doubled per failure, at most 30 s */
const LISTEN_RETRY: BackoffSchedule = { baseMs: 1000, maxMs: 30_000 };

/** The wait before the wake-up connection is opened again after `failures` earlier tries in a row failed (0 after the first loss). */
export function listenRetryDelayMs(failures: number): number {
  return backoff(failures + 1, LISTEN_RETRY);
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
  private relisten: NodeJS.Timeout | null = null;
  private listenFailures = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: OutboxRelayOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    this.timer = setInterval(() => this.poke(), this.opts.pollMs);
    this.timer.unref();
    this.housekeeping = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.housekeeping.unref();
    this.poke();
  }

  /**
   * Opens the connection that is woken at every commit of an outbox row. When it fails or is
   * lost (a database restart), polling carries on and the connection is opened again.
   */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const listener = new PgClient({ connectionString: this.opts.databaseUrl });
    this.listener = listener;
    let lost = false;
    const reopen = (err?: unknown) => {
      if (lost || this.stopped) return;
      lost = true;
      this.opts.logger.warn({ err }, 'outbox listener connection lost; polling continues and it is opened again');
      listener.end().catch(() => undefined);
      if (this.listener === listener) this.listener = null;
      const wait = listenRetryDelayMs(this.listenFailures++);
      this.relisten = setTimeout(() => void this.listen(), wait);
      this.relisten.unref();
    };
    listener.on('error', reopen);
    listener.on('end', () => reopen());
    try {
      await listener.connect();
      listener.on('notification', () => this.poke());
      await listener.query(`LISTEN ${outboxChannel(this.opts.schema)}`);
      this.listenFailures = 0;
      // what was committed while it was away is found now rather than at the next poll
      this.poke();
    } catch (err) {
      reopen(err);
    }
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
    if (this.relisten) clearTimeout(this.relisten);
    this.relisten = null;
    while (this.running) await this.running;
    if (this.listener) {
      await this.listener.end().catch(() => undefined);
      this.listener = null;
    }
  }
}
