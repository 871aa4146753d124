import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import {
  OrdersEvents,
  PipelineEvents,
  STATISTICS_DURABLES,
  STREAMS,
  UsersEvents,
  type EventDef,
  type OrderStatus,
  type QaStatus,
} from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { connectNats, encodeJson, ensureStreams } from '@app/messaging';
import { startService } from '@app/service-kit';
import { createTestDatabase, createTestNamespace, testInfra, waitFor } from '@app/testing';
import type { JetStreamClient, NatsConnection } from 'nats';
import { statisticsApp } from '../services/statistics/src/statistics.app';
import { StatisticsConfig } from '../services/statistics/src/statistics.config';
import { imageProcessed } from '../services/statistics/test/helpers/events';
import { fmt, processCpuMs } from './bench-utils';

/**
 * The statistics service's facts consumer: how many events a second it applies, and what
 * each costs in CPU of the service and of PostgreSQL.
 *
 * BENCH_EVENTS (default 200,000) realistic events (per order: its creation, status changes,
 * timeline lines with QA picks, approvals, a decline with its tag, a download, processed
 * images, and the dealer's sign-ins; 200 accounts over 90 days) are published onto the EVENTS
 * stream of a namespace of their own first; then the statistics service is booted in this
 * process on a fresh database and the clock runs until its durable consumer has applied and
 * acknowledged them all (the boot is inside the measurement). Nothing else runs in this
 * process meanwhile, so `process.cpuUsage()` is the service's CPU; PostgreSQL's is that of
 * the backends serving this database (pg_stat_activity, /proc), not the server's other work.
 *
 * The baseline runs the same code with STATISTICS_FACTS_BATCH=1 (one event per transaction)
 * on BENCH_BASELINE_EVENTS (default 20,000) events. Target: at least 5,000 events/s on one
 * core (the consumer is one Node thread): judged on the CPU the service and its PostgreSQL
 * backends spend per event together, since the wall clock of a shared machine measures the
 * other work on it too (the load average is printed beside it).
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const BASELINE_EVENTS = Number(process.env.BENCH_BASELINE_EVENTS ?? 20_000);
const ACCOUNTS = 200;
const TARGET = 5000;

type Published = [EventDef<object>, object];

const DAY = 86_400_000;
const START = Date.UTC(2026, 7, 1);
const QA_OF: Record<OrderStatus, QaStatus> = {
  Uploading: 'Waiting For QA',
  'In Progress': 'Waiting For QA',
  'QA stage': 'Waiting For QA',
  Delivering: 'Approved',
  'Ready to download': 'Approved',
  Completed: 'Approved',
};

/** One order's life as its events, about 25 of them. */
function orderLife(accountId: string, n: number): Published[] {
  const orderId = randomUUID();
  const t0 = START + (n % 90) * DAY + (n % 600) * 60_000;
  const iso = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
  const order = { orderId, accountId };
  const line = (eventName: string, minutes: number, payload: Record<string, unknown> = {}, userId: string | null = null): Published => [
    OrdersEvents.timelineRecorded,
    { eventId: randomUUID(), orderId, accountId, orderName: `AB ${n}`, eventName, userId, userName: userId ? 'Eva Editor' : null, payload, at: iso(minutes) },
  ];
  const status = (previousStatus: OrderStatus, s: OrderStatus, minutes: number): Published => [
    OrdersEvents.statusChanged,
    { ...order, status: s, QAstatus: QA_OF[s], previousStatus, previousQAstatus: QA_OF[previousStatus], changedBy: 'lifecycle', at: iso(minutes) },
  ];
  const editor = '5d7c3a9e-0000-4000-8000-000000000001';
  const images = Array.from({ length: 8 }, () => randomUUID());
  const events: Published[] = [
    [UsersEvents.signedIn, { userId: accountId, at: iso(-5) }],
    [OrdersEvents.created, { ...order, styleGuideId: editor, salesPersonId: null, platform: n % 3 ? 'web' : 'android', appVersion: n % 3 ? null : '4.2.0', takenImagesCount: 8, createdAt: iso(0) }],
    line('NEW', 0),
    line('UPLOAD_COMPLETED', 6),
    status('Uploading', 'In Progress', 6),
  ];
  images.forEach((imageId, i) => {
    events.push([PipelineEvents.imageProcessed, imageProcessed(orderId, iso(7 + i), imageId)]);
  });
  events.push(
    line('PROCESSING_COMPLETED', 15),
    status('In Progress', 'QA stage', 15),
    line('QA_PICKED', 30, { role: 'QA_EDITOR', userName: 'Eva Editor' }, editor),
    line('IMAGE_APPROVED', 32, { imageId: images[0] }, editor),
    line('IMAGE_APPROVED', 33, { imageId: images[1] }, editor),
    line('IMAGE_DECLINED', 34, { imageId: images[2], tagId: editor, tagName: 'Reflections', tagCategory: 'IMAGE_ERROR' }, editor),
    line('IMAGE_REPUSHED', 35, { imageId: images[2] }, editor),
    status('QA stage', 'Ready to download', 60),
    line('UPDATED', 60, { from: 'QA stage', to: 'Ready to download' }),
    line('DOWNLOADED', 120, { images: 8 }),
  );
  return events;
}

function* history(total: number): Generator<Published> {
  const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
  let sent = 0;
  for (const [i, id] of accounts.entries()) {
    yield [UsersEvents.accountSaved, { userId: id, userRole: 'Dealership', displayName: `Dealer ${i}`, email: `dealer${i}@example.com`, createdAt: new Date(START - DAY).toISOString(), at: new Date(START - DAY).toISOString() }];
    if (++sent >= total) return;
  }
  for (let n = 0; ; n++) {
    for (const e of orderLife(accounts[n % ACCOUNTS]!, n)) {
      yield e;
      if (++sent >= total) return;
    }
  }
}

async function publishAll(js: JetStreamClient, prefix: string, total: number): Promise<void> {
  const ns = { subject: (s: string) => `${prefix}.${s}` };
  let inFlight: Array<Promise<unknown>> = [];
  for (const [def, payload] of history(total)) {
    inFlight.push(js.publish(ns.subject(def.subject), encodeJson(payload), { msgID: randomUUID() }));
    if (inFlight.length >= 1000) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
}

interface RunResult {
  label: string;
  events: number;
  seconds: number;
  perSecond: number;
  serviceCpuPer1000: number;
  postgresCpuPer1000: number;
  /** events per second of the service's own CPU: what one core would do */
  perCpuSecond: number;
}

async function run(nc: NatsConnection, label: string, total: number, batch: number): Promise<RunResult> {
  const db = await createTestDatabase(`bench_stat_${batch}`);
  const ns = createTestNamespace(`bench_stat_${batch}`);
  try {
    await ensureStreams(nc, ns.namespace);
    process.stdout.write(`${label}: publishing ${total} events… `);
    await publishAll(nc.jetstream(), ns.prefix, total);
    process.stdout.write('consuming… ');
    const config = loadConfig(StatisticsConfig, {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '4',
      NATS_URL: testInfra.natsUrl,
      NATS_NAMESPACE: ns.prefix,
      LOG_LEVEL: 'warn',
      STATISTICS_FACTS_BATCH: String(batch),
    });
    const backendsCpu = async (): Promise<Map<number, number>> => {
      const rows = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.name]);
      return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
    };
    const pgBefore = await backendsCpu();
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    const app = await startService(statisticsApp, config, { gracePeriodMs: 0, logger: createLogger('statistics', 'warn') });
    const jsm = await nc.jetstreamManager();
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(ns.namespace.stream(STREAMS.EVENTS.name), ns.namespace.durable(STATISTICS_DURABLES.facts));
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      `${label}: every event applied`,
      30 * 60_000,
      20,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = await backendsCpu();
    await app.close();
    const pgMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + Math.max(0, ms - (pgBefore.get(pid) ?? 0)), 0);
    const serviceMs = (cpu.user + cpu.system) / 1000;
    const [{ n }] = (await db.query<{ n: string }>(`SELECT count(*) AS n FROM statistics.stat_timeline_event`)) as [{ n: string }];
    process.stdout.write(`done (${n} timeline lines)\n`);
    return {
      label,
      events: total,
      seconds,
      perSecond: total / seconds,
      serviceCpuPer1000: (serviceMs / total) * 1000,
      postgresCpuPer1000: (pgMs / total) * 1000,
      perCpuSecond: total / (serviceMs / 1000),
    };
  } finally {
    await ns.cleanup().catch(() => undefined);
    await db.drop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  console.log(`statistics facts consumer: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const nc = await connectNats(testInfra.natsUrl, 'bench-statistics-consumer');
  try {
    const batched = await run(nc, 'batched (STATISTICS_FACTS_BATCH=1000)', EVENTS, 1000);
    const single = await run(nc, 'baseline (one event per transaction)', BASELINE_EVENTS, 1);
    console.log('');
    console.log('| run | events | s | events/s | service CPU ms / 1000 events | PostgreSQL CPU ms / 1000 events | events per service CPU-second |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of [batched, single]) {
      console.log(`| ${r.label} | ${r.events} | ${fmt(r.seconds, 1)} | ${fmt(r.perSecond, 0)} | ${fmt(r.serviceCpuPer1000, 1)} | ${fmt(r.postgresCpuPer1000, 1)} | ${fmt(r.perCpuSecond, 0)} |`);
    }
    console.log('');
    console.log(`batched / baseline: ${fmt(batched.perSecond / single.perSecond, 1)}x the events per second, ${fmt(single.serviceCpuPer1000 / batched.serviceCpuPer1000, 1)}x less service CPU and ${fmt(single.postgresCpuPer1000 / Math.max(batched.postgresCpuPer1000, 0.001), 1)}x less PostgreSQL CPU per event`);
    // one core doing the service's and its PostgreSQL backends' work: the events one CPU-second of both applies
    const perCore = 1000 / ((batched.serviceCpuPer1000 + batched.postgresCpuPer1000) / 1000);
    console.log(
      `target: at least ${TARGET} events/s on one core: ${perCore >= TARGET ? 'met' : 'NOT met'} (${fmt(perCore, 0)} events per CPU-second of the service and PostgreSQL together; ` +
        `${fmt(batched.perSecond, 0)} events/s by the wall clock on this machine, load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores)`,
    );
  } finally {
    await nc.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
