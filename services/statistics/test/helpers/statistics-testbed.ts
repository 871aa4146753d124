import { randomUUID } from 'node:crypto';
import { STATISTICS_DURABLES, STREAMS, type EventDef } from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { connectNats, encodeJson, ensureStreams, RpcClient } from '@app/messaging';
import { openDatabase, startService } from '@app/service-kit';
import { createTestDatabase, createTestNamespace, testInfra, waitFor, type TestDatabase, type TestNamespace } from '@app/testing';
import type { INestMicroservice } from '@nestjs/common';
import type { JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import { FactsApplier } from '../../src/facts/facts.applier';
import { FactsRepository } from '../../src/facts/facts.repository';
import { rebuildFacts, type RebuildReport, type RebuildSource } from '../../src/rebuild/rebuild';
import { statisticsApp } from '../../src/statistics.app';
import { StatisticsConfig } from '../../src/statistics.config';

/** The fact rows as a dashboard reads them, in a fixed order (the stream sequence that broke ties is left out). */
export interface FactRows {
  accounts: Record<string, unknown>[];
  children: Record<string, unknown>[];
  gone: Record<string, unknown>[];
  salesPeople: Record<string, unknown>[];
  styleGuides: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  timeline: Record<string, unknown>[];
  images: Record<string, unknown>[];
  daily: Record<string, unknown>[];
  dailyAll: Record<string, unknown>[];
  qaPicks: Record<string, unknown>[];
  readyWeeks: Record<string, unknown>[];
}

export interface StatisticsTestbed {
  db: TestDatabase;
  ns: TestNamespace;
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  env: Record<string, string>;
  app: INestMicroservice | null;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** publishes an event as a service's relay does; each call a message of its own unless `msgId` repeats one */
  publish<P extends object>(def: EventDef<P>, payload: P, msgId?: string): Promise<number>;
  /** publishes raw bytes on an event subject (a producer's bug) */
  publishRaw(subject: string, data: Uint8Array): Promise<number>;
  /** waits until the live consumer has applied and acknowledged everything on the stream */
  settled(): Promise<void>;
  rows(): Promise<FactRows>;
  /** runs the rebuild with the service stopped, on a database connection of its own */
  rebuild(source?: RebuildSource): Promise<RebuildReport>;
  close(): Promise<void>;
}

export async function createStatisticsTestbed(label: string, extraEnv: Record<string, string> = {}): Promise<StatisticsTestbed> {
  const db = await createTestDatabase(label);
  const ns = createTestNamespace(label);
  const nc = await connectNats(testInfra.natsUrl, `test-${label}`);
  await ensureStreams(nc, ns.namespace);
  const js = nc.jetstream();
  const jsm = await nc.jetstreamManager();
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '4',
    NATS_URL: testInfra.natsUrl,
    NATS_NAMESPACE: ns.prefix,
    LOG_LEVEL: testInfra.logLevel,
    ...extraEnv,
  };
  const config = loadConfig(StatisticsConfig, env);
  const stream = ns.namespace.stream(STREAMS.EVENTS.name);
  const q = db.query;
  const bed: StatisticsTestbed = {
    db,
    ns,
    nc,
    js,
    jsm,
    env,
    app: null,
    async start() {
      bed.app = await startService(statisticsApp, config, { gracePeriodMs: 0, logger: createLogger('statistics', testInfra.logLevel) });
    },
    async stop() {
      await bed.app?.close();
      bed.app = null;
    },
    async publish(def, payload, msgId) {
      const ack = await js.publish(ns.namespace.subject(def.subject), encodeJson(payload), { msgID: msgId ?? randomUUID() });
      return ack.seq;
    },
    async publishRaw(subject, data) {
      return (await js.publish(ns.namespace.subject(subject), data, { msgID: randomUUID() })).seq;
    },
    async settled() {
      await waitFor(
        async () => {
          const info = await jsm.consumers.info(stream, ns.namespace.durable(STATISTICS_DURABLES.facts));
          return info.num_pending === 0 && info.num_ack_pending === 0;
        },
        'the facts consumer to apply every event',
        30_000,
        50,
      );
    },
    async rows() {
      const s = 'statistics';
      return {
        accounts: await q(`SELECT * FROM ${s}.stat_account ORDER BY id`),
        children: await q(`SELECT * FROM ${s}.stat_account_child ORDER BY parent_id, child_id`),
        gone: await q(`SELECT id FROM ${s}.stat_account_gone ORDER BY id`),
        salesPeople: await q(`SELECT * FROM ${s}.stat_sales_person ORDER BY id`),
        styleGuides: await q(`SELECT * FROM ${s}.stat_style_guide ORDER BY id`),
        orders: await q(`SELECT * FROM ${s}.stat_order ORDER BY id`).then((rows) => rows.map(({ status_seq: _seq, ...rest }) => rest)),
        timeline: await q(`SELECT * FROM ${s}.stat_timeline_event ORDER BY event_id`),
        images: await q(`SELECT * FROM ${s}.stat_image_processed ORDER BY job_id`),
        daily: await q(`SELECT metric, day::text, account_id, count::int FROM ${s}.stat_daily ORDER BY metric, day, account_id`),
        // the totals over every account; a total back at zero is as good as none
        readyWeeks: await q(`SELECT * FROM ${s}.stat_ready_week WHERE orders > 0 ORDER BY week`),
        qaPicks: await q(`SELECT user_id, role, order_id, day::text FROM ${s}.stat_qa_pick ORDER BY user_id, role, order_id, day`),
        dailyAll: await q(`SELECT metric, day::text, count::int, minutes FROM ${s}.stat_daily_all WHERE count <> 0 OR minutes <> 0 ORDER BY metric, day`),
      };
    },
    async rebuild(source) {
      const ds: DataSource = await openDatabase(statisticsApp.definition, config);
      try {
        return await rebuildFacts({
          applier: new FactsApplier(ds, new FactsRepository()),
          nc,
          namespace: ns.namespace,
          rpc: new RpcClient(nc, ns.namespace, 5000),
          logger: createLogger('statistics-rebuild', testInfra.logLevel),
          batch: config.STATISTICS_FACTS_BATCH,
          backfillPage: config.STATISTICS_BACKFILL_PAGE,
          source,
        });
      } finally {
        await ds.destroy();
      }
    },
    async close() {
      await bed.stop().catch(() => undefined);
      await nc.close();
      await ns.cleanup();
      await db.drop();
    },
  };
  return bed;
}
