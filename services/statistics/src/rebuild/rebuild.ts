import { randomUUID } from 'node:crypto';
import { BackfillRpc, STATISTICS_DURABLES, STREAMS, systemActor, type Namespace } from '@app/contracts';
import type { RpcClient } from '@app/messaging';
import { AckPolicy, DeliverPolicy, nanos, type JetStreamManager, type NatsConnection, type StreamState } from 'nats';
import type { Logger } from 'pino';
import { toFactEvent, type FactEvent } from '../facts/fact-events';
import type { FactsApplier } from '../facts/facts.applier';
import { FACTS_FILTER, readFactMessage } from '../facts/facts.consumer';

export type RebuildSource = 'stream' | 'backfill';

export interface RebuildOptions {
  applier: FactsApplier;
  nc: NatsConnection;
  namespace: Namespace;
  rpc: RpcClient;
  logger: Logger;
  /** events applied per transaction */
  batch: number;
  /** events asked of a service per backfill page */
  backfillPage: number;
  /** force a source; by default the stream when it still holds everything, else the backfill */
  source?: RebuildSource;
  /** how long one backfill page may take */
  backfillTimeoutMs?: number;
}

export interface RebuildReport {
  source: RebuildSource;
  /** events applied */
  events: number;
  /** messages of subjects the service does not read */
  skipped: number;
  /** events that broke their contract (logged, not applied) */
  refused: number;
  /** the last stream sequence the rebuild covers: the live consumer goes on after it */
  upToSeq: number;
  ms: number;
}

/** The services whose backfill the rebuild asks, in this order: accounts before the orders that name them. */
export const BACKFILL_SOURCES = ['users', 'styleGuides', 'orders', 'images'] as const;

/**
 * Whether the EVENTS stream still holds every event ever published to it: its first message
 * is the first ever (sequence 1, or 0 while it never held one). Once the 14-day limit (or a
 * purge) has removed the oldest, the services' backfill is the only full history.
 */
export function streamHoldsEverything(state: Pick<StreamState, 'first_seq'>): boolean {
  return state.first_seq <= 1;
}

/**
 * `main.js rebuild`: empties the fact tables, then replays the whole
 * history through the same apply code as the live consumer: from the EVENTS stream (an ordered
 * consumer from the start) when it still holds everything, otherwise from each owning
 * service's backfill (as the System actor, page by page). The durable consumer, when it does
 * not exist yet, is made to start right after the last message the rebuild saw; when it
 * exists it keeps its place (what it applies again changes nothing).
 */
export async function rebuildFacts(opts: RebuildOptions): Promise<RebuildReport> {
  const started = Date.now();
  await opts.applier.truncate();
  const jsm = await opts.nc.jetstreamManager();
  const stream = opts.namespace.stream(STREAMS.EVENTS.name);
  // read after the tables were emptied: whatever the live consumer applied before is replayed
  const state = (await jsm.streams.info(stream)).state;
  await placeDurable(jsm, opts.namespace, stream, state.last_seq + 1);
  const source = opts.source ?? (streamHoldsEverything(state) ? 'stream' : 'backfill');
  opts.logger.info({ source, firstSeq: state.first_seq, lastSeq: state.last_seq }, 'rebuilding the statistics facts');
  const counts = source === 'stream' ? await fromStream(opts, stream, state.messages === 0 ? 0 : state.last_seq) : await fromBackfill(opts);
  const report: RebuildReport = { source, ...counts, upToSeq: state.last_seq, ms: Date.now() - started };
  opts.logger.info(report, 'statistics facts rebuilt');
  return report;
}

type Counts = Pick<RebuildReport, 'events' | 'skipped' | 'refused'>;

async function fromStream(opts: RebuildOptions, stream: string, lastSeq: number): Promise<Counts> {
  const counts: Counts = { events: 0, skipped: 0, refused: 0 };
  // nothing to read (an empty stream): a consumer would wait for the next message
  if (lastSeq === 0) return counts;
  const consumer = await opts.nc.jetstream().consumers.get(stream, { filterSubjects: opts.namespace.subject(FACTS_FILTER) });
  const messages = await consumer.consume({ max_messages: opts.batch });
  let batch: FactEvent[] = [];
  try {
    for await (const m of messages) {
      if (m.seq > lastSeq) break;
      const read = await readFactMessage(m, opts.namespace.strip(m.subject), m.headers?.get('Nats-Msg-Id') || `${m.info.stream}:${m.seq}`);
      if (read === 'skip') counts.skipped++;
      else if ('problem' in read) {
        counts.refused++;
        opts.logger.warn({ seq: m.seq, subject: m.subject, problem: read.problem }, 'event left out of the rebuild');
      } else batch.push(read.item);
      const done = m.seq >= lastSeq || m.info.pending === 0;
      if (batch.length >= opts.batch || done) {
        await opts.applier.applyBatch(batch);
        counts.events += batch.length;
        batch = [];
      }
      if (done) break;
    }
  } finally {
    messages.stop();
  }
  return counts;
}

async function fromBackfill(opts: RebuildOptions): Promise<Counts> {
  const counts: Counts = { events: 0, skipped: 0, refused: 0 };
  // backfilled events have no stream sequence: their order across pages and services breaks ties of one instant
  let seq = 0;
  for (const service of BACKFILL_SOURCES) {
    let after: string | undefined;
    for (;;) {
      const page = await opts.rpc.send(
        BackfillRpc[service],
        { ...(after ? { after } : {}), limit: opts.backfillPage },
        systemActor(`statistics-rebuild-${randomUUID()}`),
        { timeoutMs: opts.backfillTimeoutMs ?? 60_000 },
      );
      const events: FactEvent[] = [];
      for (const e of page.events) {
        const read = await toFactEvent(e.subject, e.payload, { id: e.id, seq: ++seq, storedAt: null });
        if (read === 'skip') counts.skipped++;
        else if ('problem' in read) {
          counts.refused++;
          opts.logger.warn({ service, id: e.id, subject: e.subject, problem: read.problem }, 'backfilled event left out of the rebuild');
        } else events.push(read.event);
      }
      for (let i = 0; i < events.length; i += opts.batch) await opts.applier.applyBatch(events.slice(i, i + opts.batch));
      counts.events += events.length;
      if (!page.next) break;
      after = page.next;
    }
  }
  return counts;
}

/** Makes the live durable consumer start at `startSeq` when it does not exist yet (settings as the consumer's own `ensure`). */
async function placeDurable(jsm: JetStreamManager, namespace: Namespace, stream: string, startSeq: number): Promise<void> {
  const name = namespace.durable(STATISTICS_DURABLES.facts);
  try {
    await jsm.consumers.info(stream, name);
    return;
  } catch (err) {
    if (!/consumer not found/i.test((err as Error).message) && (err as { code?: string }).code !== '404') throw err;
  }
  await jsm.consumers.add(stream, {
    durable_name: name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: startSeq,
    filter_subject: namespace.subject(FACTS_FILTER),
    max_deliver: 5,
    ack_wait: nanos(30_000),
  });
}
