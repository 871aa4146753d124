import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import {
  COUNTED_EVENT_NAMES,
  INACTIVE_USER_DAYS,
  STATISTICS_NAMED_FRAMES,
  STATISTICS_PERIODS,
  StatisticsRpc,
  type Actor,
  type RpcDef,
  type StatisticsPeriod,
  type StatisticsTimeFrame,
} from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { actorFor, createTestDatabase, createTestNamespace, openTestDatabase, testInfra, waitFor } from '@app/testing';
import { Client } from 'pg';
import { resolveWindow } from '../services/statistics/src/dashboards/statistics-window';
import { fmt, percentile, processCpuMs, startProcess, stopProcess } from './bench-utils';

/**
 * The dashboards' questions at scale: the facts of 100,000 orders across 500 accounts over two
 * years, 3,000,000 processed images, their timeline events and `stat_daily`, written with SQL
 * (generate_series) into the tables the statistics service's own migrations made. The service
 * runs as its own process, as in production; the bench asks over NATS as the gateway does.
 *
 * Every answer is computed (the service keeps none): each question is asked in waves of 10
 * requests at once (10 concurrent clients), and the 10 requests of a wave differ (another
 * account, window, page, month …; a question with fewer than 10 different requests — the order
 * timeline's 2 steps, the 7 counted events — repeats some within a wave).
 *
 * Prints the seeding time and p50/p95/p99 per question; the p50 and p95 of the same requests
 * asked one at a time ("1 client": what one answer costs, apart from the queueing) and the
 * ratio of the two p95s; the CPU one answer costs, the service's (its process's, from /proc)
 * and PostgreSQL's (the backends serving the bench's database, from pg_stat_activity and
 * /proc), over the 10-client waves; and the load average sampled every second during the
 * measurement. Exits 1 when any p95 is 50 ms or more.
 * BENCH_ORDERS (100000), BENCH_IMAGES_PER_ORDER (30), BENCH_ACCOUNTS (500) and BENCH_WAVES (20)
 * change the sizes; BENCH_KEEP_DATABASE=1 keeps the seeded database, BENCH_DATABASE=<its name>
 * measures on it again without seeding; BENCH_ONLY=<regex> measures only the matching questions.
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const IMAGES_PER_ORDER = Number(process.env.BENCH_IMAGES_PER_ORDER ?? 30);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500);
const WAVES = Number(process.env.BENCH_WAVES ?? 20);
const CONCURRENCY = 10;
const TARGET_P95 = 50;
/** every 25th account is a management account over the 24 after it */
const GROUP_EVERY = 25;
const QA_USERS = 10;

const accountId = (i: number) => `pg_temp.bid('account' || ${i})`;

/** a stable id of a name, with the version and variant of a random UUID (actors' ids are checked as UUIDs) */
async function bidFunction(db: Client): Promise<void> {
  await db.query(
    `CREATE OR REPLACE FUNCTION pg_temp.bid(t text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
     $$ SELECT (substr(md5(t), 1, 12) || '4' || substr(md5(t), 14, 3) || '8' || substr(md5(t), 18, 15))::uuid $$`,
  );
}

async function seed(db: Client): Promise<void> {
  const step = async (what: string, text: string, params: unknown[] = []) => {
    const t0 = Date.now();
    const res = await db.query(text, params);
    console.log(`  ${what}: ${res.rowCount ?? 0} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  await db.query('SET search_path TO statistics, public');
  await bidFunction(db);
  await step(
    'accounts',
    `INSERT INTO stat_account (id, user_role, display_name, email, created_at, last_sign_in_at, last_order_at, saved_at)
     SELECT pg_temp.bid('account' || i), CASE WHEN i % ${GROUP_EVERY} = 0 THEN 'Management' ELSE 'Dealership' END,
            'Bench account ' || i, 'account' || i || '@bench.test', now() - interval '800 days',
            CASE WHEN i % 7 = 0 THEN NULL ELSE now() - (i % 40) * interval '1 day' END, NULL::timestamptz, now()
       FROM generate_series(0, $1 - 1) i
     UNION ALL
     SELECT md5('qa' || i)::uuid, 'QA', 'Bench QA ' || i, 'qa' || i || '@bench.test', now() - interval '800 days', now(), NULL::timestamptz, now()
       FROM generate_series(0, ${QA_USERS - 1}) i`,
    [ACCOUNTS],
  );
  await step(
    'child accounts',
    `INSERT INTO stat_account_child (parent_id, child_id)
     SELECT pg_temp.bid('account' || p), pg_temp.bid('account' || c)
       FROM generate_series(0, $1 - 1, ${GROUP_EVERY}) p CROSS JOIN LATERAL generate_series(p + 1, least(p + ${GROUP_EVERY - 1}, $1 - 1)) c`,
    [ACCOUNTS],
  );
  await step(
    'sales people',
    `INSERT INTO stat_sales_person (id, account_id, name, deleted_at, saved_at)
     SELECT md5('seller' || a || '-' || s)::uuid, pg_temp.bid('account' || a), (ARRAY['Anna', 'Bo', 'Carl'])[1 + s] || ' Seller ' || a, NULL, now()
       FROM generate_series(0, $1 - 1) a CROSS JOIN generate_series(0, 2) s`,
    [ACCOUNTS],
  );
  await step('style guides', `INSERT INTO stat_style_guide (id, name, saved_at) SELECT md5('guide' || g)::uuid, 'Bench studio ' || g, now() FROM generate_series(0, 19) g`);
  await step(
    'orders',
    `INSERT INTO stat_order (id, account_id, sales_person_id, style_guide_id, order_name, platform, app_version, taken_images, created_at,
                             status, qa_status, status_at, upload_completed_at, in_progress_at, qa_stage_at, first_qa_pick_at,
                             delivering_at, ready_at, completed_at, deleted_at)
     SELECT md5('order' || g)::uuid, pg_temp.bid('account' || (g % $3)),
            CASE WHEN g % 4 = 0 THEN NULL ELSE md5('seller' || (g % $3) || '-' || (g % 3))::uuid END,
            md5('guide' || (g % 20))::uuid, 'Car ' || g,
            (ARRAY['web', 'android', 'ios'])[1 + g % 3],
            CASE WHEN g % 3 = 0 THEN NULL ELSE (ARRAY['2.4.1', '2.5.0', '2.6.2', '3.0.0'])[1 + (g / 3) % 4] END,
            $2, c, s.status, CASE WHEN s.rank >= 3 THEN 'Approved' ELSE 'Waiting For QA' END, c,
            CASE WHEN s.rank >= 1 THEN c + interval '10 minutes' END,
            CASE WHEN s.rank >= 1 THEN c + interval '12 minutes' END,
            CASE WHEN s.rank >= 2 AND g % 10 < 7 THEN c + interval '40 minutes' END,
            CASE WHEN s.rank >= 2 AND g % 10 < 7 THEN c + (45 + g % 30) * interval '1 minute' END,
            CASE WHEN s.rank >= 3 AND g % 3 = 0 THEN c + interval '100 minutes' END,
            CASE WHEN s.rank >= 4 THEN c + (100 + g % 1800) * interval '1 minute' END,
            CASE WHEN s.rank >= 5 THEN c + interval '2 days' END,
            CASE WHEN g % 50 = 0 THEN c + interval '3 days' END
       FROM (SELECT g, now() - (g::float8 / $1) * interval '730 days' AS c FROM generate_series(1, $1) g) x
       CROSS JOIN LATERAL (SELECT (ARRAY['Uploading', 'In Progress', 'QA stage', 'Delivering', 'Ready to download', 'Completed'])[1 + r] AS status, r AS rank
                             FROM (SELECT CASE WHEN x.c > now() - interval '1 day' THEN g % 6 ELSE (ARRAY[5, 5, 5, 4, 4, 5, 5, 4, 2, 3])[1 + g % 10] END AS r) rr) s`,
    [ORDERS, IMAGES_PER_ORDER, ACCOUNTS],
  );
  await step(
    'processed images',
    `INSERT INTO stat_image_processed (job_id, image_id, order_id, route, processed_at)
     SELECT md5(o.id::text || '-job-' || p)::uuid, md5(o.id::text || '-image-' || p), o.id::text, 'full', o.created_at + interval '20 minutes' + p * interval '5 seconds'
       FROM stat_order o CROSS JOIN generate_series(1, $1) p
      WHERE o.upload_completed_at IS NOT NULL`,
    [IMAGES_PER_ORDER],
  );
  const h = `abs(hashtext(o.id::text))`;
  await step(
    'timeline events: every order\'s steps',
    `INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, at)
     SELECT md5(o.id::text || n.name)::uuid, o.id, o.account_id, n.name, o.created_at + n.after
       FROM stat_order o CROSS JOIN (VALUES ('NEW', interval '0'), ('UPLOAD_COMPLETED', interval '10 minutes'), ('PROCESSING_COMPLETED', interval '35 minutes'), ('UPDATED', interval '40 minutes')) n(name, after)`,
  );
  // the triggers that keep the totals plan their look-ups with the tables' statistics: fresh ones, not those of the empty tables
  await db.query('ANALYZE statistics.stat_order, statistics.stat_timeline_event');
  await step(
    'timeline events: QA picks',
    `INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, user_id, user_name, qa_role, at)
     SELECT md5(o.id::text || 'pick')::uuid, o.id, o.account_id, 'QA_PICKED', md5('qa' || (${h} % ${QA_USERS}))::uuid, 'Bench QA', CASE WHEN ${h} % 3 = 0 THEN 'coordinator' ELSE 'editor' END, o.first_qa_pick_at
       FROM stat_order o WHERE o.first_qa_pick_at IS NOT NULL`,
  );
  await step(
    'timeline events: declines with QA tags',
    `INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, user_id, image_id, tag_id, tag_name, tag_category, at)
     SELECT md5(o.id::text || 'decline' || k)::uuid, o.id, o.account_id, 'IMAGE_DECLINED', md5('qa' || (${h} % ${QA_USERS}))::uuid, md5(o.id::text || '-image-' || k)::uuid,
            md5('tag' || ((${h} + k) % 6))::uuid, 'Bench tag ' || ((${h} + k) % 6), CASE WHEN (${h} + k) % 6 < 3 THEN 'QA_EDITOR' ELSE 'QA_COORDINATOR' END,
            o.first_qa_pick_at + k * interval '1 minute'
       FROM stat_order o CROSS JOIN generate_series(1, 2) k WHERE o.first_qa_pick_at IS NOT NULL AND ${h} % 10 = 0`,
  );
  await step(
    'timeline events: repushes, QA uploads, re-edit requests',
    `INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, image_id, at)
     SELECT md5(o.id::text || e.name || k)::uuid, o.id, o.account_id, e.name, md5(o.id::text || '-image-' || k)::uuid, o.created_at + interval '1 hour' + k * interval '1 minute'
       FROM stat_order o
       CROSS JOIN (VALUES ('IMAGE_REPUSHED', 7, 5), ('QA_UPLOADED_PICTURE', 20, 2), ('RE_EDIT_REQUESTED', 30, 1)) e(name, every, most)
       CROSS JOIN LATERAL generate_series(1, 1 + ${h} % e.most) k
      WHERE o.upload_completed_at IS NOT NULL AND ${h} % e.every = 0`,
  );
  await step(
    'timeline events: deliveries and downloads',
    `INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, at)
     SELECT md5(o.id::text || 'delivered')::uuid, o.id, o.account_id, 'DELIVERED', o.delivering_at + interval '5 minutes' FROM stat_order o WHERE o.delivering_at IS NOT NULL
     UNION ALL
     SELECT md5(o.id::text || 'downloaded')::uuid, o.id, o.account_id, 'DOWNLOADED', o.ready_at + interval '1 hour' FROM stat_order o WHERE o.ready_at IS NOT NULL AND ${h} % 2 = 0`,
  );
  await step(
    'stat_daily: orders',
    `INSERT INTO stat_daily (metric, day, account_id, count)
     SELECT 'orders', (created_at AT TIME ZONE 'UTC')::date, account_id, count(*) FROM stat_order GROUP BY 2, 3`,
  );
  await step(
    'stat_daily: processed images',
    `INSERT INTO stat_daily (metric, day, account_id, count)
     SELECT 'images_processed', (i.processed_at AT TIME ZONE 'UTC')::date, o.account_id, count(*)
       FROM stat_image_processed i JOIN stat_order o ON o.id = i.order_id::uuid GROUP BY 2, 3`,
  );
  await step(
    'stat_daily: timeline events',
    `INSERT INTO stat_daily (metric, day, account_id, count)
     SELECT 'event:' || event_name, (at AT TIME ZONE 'UTC')::date, account_id, count(*) FROM stat_timeline_event GROUP BY 1, 2, 3`,
  );
  await step(
    'last order of each account',
    `UPDATE stat_account a SET last_order_at = x.last FROM (SELECT account_id, max(created_at) AS last FROM stat_order GROUP BY 1) x
      WHERE x.account_id = a.id AND a.id <> ${accountId(1)}`,
  );
  const t0 = Date.now();
  for (const t of ['stat_account', 'stat_account_child', 'stat_sales_person', 'stat_style_guide', 'stat_order', 'stat_image_processed', 'stat_timeline_event', 'stat_daily', 'stat_daily_all']) {
    await db.query(`VACUUM ANALYZE statistics.${t}`);
  }
  console.log(`  vacuum analyze: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

interface Case {
  label: string;
  /** the 10 requests of wave `w` */
  wave(w: number): Array<() => Promise<unknown>>;
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_DATABASE;
  const db = reuse ? openTestDatabase(reuse) : await createTestDatabase('bench_statistics');
  const ns = createTestNamespace('bench_statistics');
  const env = {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '10',
    NATS_URL: testInfra.natsUrl,
    NATS_NAMESPACE: ns.prefix,
    LOG_LEVEL: 'warn',
  };
  const service = startProcess('statistics', 'services/statistics/src/main.js', env);
  const nc = await connectNats(testInfra.natsUrl, 'bench-statistics');
  const rpc = new RpcClient(nc, ns.namespace, 30_000);
  const client = new Client({ connectionString: db.url });
  const admin = actorFor('Admin');
  try {
    await waitFor(() => rpc.send(StatisticsRpc.totalEvents, {}, admin).then(() => true, () => false), 'the statistics service', 60_000, 250);
    await client.connect();
    if (reuse) console.log(`measuring on the kept database ${reuse}`);
    else {
      console.log(`seeding the facts of ${ORDERS} orders with ${IMAGES_PER_ORDER} processed images each across ${ACCOUNTS} accounts over 2 years`);
      const t0 = Date.now();
      await seed(client);
      console.log(`seeding took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const [{ n: events }] = (await client.query('SELECT count(*)::int AS n FROM statistics.stat_timeline_event')).rows;
    const [{ n: images }] = (await client.query('SELECT count(*)::int AS n FROM statistics.stat_image_processed')).rows;

    // every window of the dashboards, once each as the service normalises them
    const now = new Date();
    const windows: Array<{ timePeriod: StatisticsPeriod; timeFrame: StatisticsTimeFrame }> = [];
    const seen = new Set<string>();
    for (const timePeriod of STATISTICS_PERIODS) {
      for (const timeFrame of ['current', 'last', ...STATISTICS_NAMED_FRAMES] as StatisticsTimeFrame[]) {
        const w = resolveWindow(now, timePeriod, timeFrame);
        const key = `${w.from.toISOString()}/${w.to.toISOString()}/${w.unit}`;
        if (!seen.has(key)) {
          seen.add(key);
          windows.push({ timePeriod, timeFrame });
        }
      }
    }
    const dealerships = Array.from({ length: ACCOUNTS }, (_, i) => i).filter((i) => i % GROUP_EVERY !== 0);
    const groups = Array.from({ length: ACCOUNTS }, (_, i) => i).filter((i) => i % GROUP_EVERY === 0);
    await bidFunction(client);
    const ids = new Map<number, string>(
      (await client.query(`SELECT i, pg_temp.bid('account' || i) AS id FROM generate_series(0, $1 - 1) i`, [ACCOUNTS])).rows.map((r: { i: number; id: string }) => [r.i, r.id]),
    );
    const months: string[] = [];
    for (let d = new Date(Date.UTC(2023, 0, 1)); d < new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 2)); d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
      months.push(d.toISOString().slice(0, 7));
    }

    const send = <P, R>(def: RpcDef<P, R>, payload: P, actor: Actor) => () => rpc.send(def, payload, actor);
    const pick = <T>(list: T[], w: number, i: number) => list[(w * CONCURRENCY + i) % list.length];
    const tenAt = (make: (i: number) => () => Promise<unknown>) => Array.from({ length: CONCURRENCY }, (_, i) => make(i));
    // an account's questions: each of the 10 a different dealership asking about itself, each in another window
    const dealershipCase = (label: string, def: RpcDef<{ accountId: string; timePeriod?: StatisticsPeriod; timeFrame?: StatisticsTimeFrame }, unknown>): Case => ({
      label,
      wave: (w) =>
        tenAt((i) => {
          const id = ids.get(pick(dealerships, w, i))!;
          return send(def, { accountId: id, ...pick(windows, w, i) }, actorFor('Dealership', { userId: id }));
        }),
    });
    const groupCase = (label: string, def: RpcDef<{ accountId: string; timePeriod?: StatisticsPeriod; timeFrame?: StatisticsTimeFrame }, unknown>): Case => ({
      label,
      wave: (w) =>
        tenAt((i) => {
          const id = ids.get(pick(groups, w, i))!;
          return send(def, { accountId: id, ...pick(windows, w + 1, i) }, actorFor('Management', { userId: id }));
        }),
    });
    const adminWindowCase = (label: string, def: RpcDef<{ timePeriod?: StatisticsPeriod; timeFrame?: StatisticsTimeFrame }, unknown>): Case => ({
      label,
      wave: (w) => tenAt((i) => send(def, pick(windows, w, i), admin)),
    });
    const allCases: Case[] = [
      dealershipCase('dealership orders (dealership)', StatisticsRpc.dealershipOrders),
      groupCase('dealership orders (management, its children)', StatisticsRpc.dealershipOrders),
      dealershipCase('orders per sales person', StatisticsRpc.ordersPerSalesMan),
      groupCase('orders by dealership (management)', StatisticsRpc.ordersByDealership),
      groupCase('orders per style guide (management)', StatisticsRpc.ordersPerStyleGuide),
      adminWindowCase('devices', StatisticsRpc.devices),
      adminWindowCase('app versions', StatisticsRpc.appVersions),
      {
        label: 'QA activities',
        wave: (w) => tenAt((i) => send(StatisticsRpc.qaActivities, { ...pick(windows, w, i), ...(i % 3 === 0 ? {} : { tagCategoryFromQA: i % 3 === 1 ? 'QA_EDITOR' : 'QA_COORDINATOR' }) }, admin)),
      },
      adminWindowCase('orders per period', StatisticsRpc.ordersPerPeriod),
      adminWindowCase('images per period', StatisticsRpc.imagesPerPeriod),
      { label: 'order timeline (day, week)', wave: () => tenAt((i) => send(StatisticsRpc.orderTimeline, { timeLineStep: i % 2 === 0 ? 'day' : 'week' }, admin)) },
      adminWindowCase('average images per car (admin)', StatisticsRpc.averageImagesPerCar),
      adminWindowCase('orders by status', StatisticsRpc.ordersByStatus),
      {
        label: 'inactive users',
        wave: (w) => tenAt((i) => send(StatisticsRpc.inactiveUsers, { timeFrame: INACTIVE_USER_DAYS[i % 3], page: 1 + ((w * CONCURRENCY + i) % 5) }, admin)),
      },
      { label: 'repushed images (a month)', wave: (w) => tenAt((i) => send(StatisticsRpc.repushedImages, { timeStamp: pick(months, w, i) }, admin)) },
      { label: 'edited images (a month)', wave: (w) => tenAt((i) => send(StatisticsRpc.editedImages, { timeStamp: pick(months, w, i) }, admin)) },
      { label: 'total events, last 30 days', wave: (w) => tenAt((i) => send(StatisticsRpc.totalEvents, { eventName: pick([...COUNTED_EVENT_NAMES], w, i) }, admin)) },
      adminWindowCase('flawless orders', StatisticsRpc.flawlessOrders),
      { label: 'QA service levels', wave: (w) => tenAt((i) => send(StatisticsRpc.qaServiceLevels, { weeks: 1 + ((w * CONCURRENCY + i) % 52) }, admin)) },
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
    const cases = only ? allCases.filter((c) => only.test(c.label)) : allCases;

    // the CPU of the service's process and of the PostgreSQL backends serving its database (not the bench's own connection)
    const [{ pid: ownPid }] = (await client.query('SELECT pg_backend_pid() AS pid')).rows;
    const cpuNow = async (): Promise<{ service: number; pg: number }> => {
      const pids: number[] = (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1', [ownPid])).rows.map((r: { pid: number }) => r.pid);
      return { service: processCpuMs(service.pid!), pg: pids.reduce((sum, pid) => sum + processCpuMs(pid), 0) };
    };
    const cpu = cases.map(() => ({ service: 0, pg: 0, answers: 0 }));

    /** one wave: 10 requests at once; latencies in ms */
    const runWave = async (calls: Array<() => Promise<unknown>>, account?: { service: number; pg: number; answers: number }): Promise<number[]> => {
      const before = account ? await cpuNow() : null;
      const out = await Promise.all(
        calls.map(async (call) => {
          const t0 = process.hrtime.bigint();
          await call();
          return Number(process.hrtime.bigint() - t0) / 1e6;
        }),
      );
      if (account && before) {
        const after = await cpuNow();
        account.service += after.service - before.service;
        account.pg += Math.max(0, after.pg - before.pg);
        account.answers += calls.length;
      }
      return out;
    };
    // warm up every path (JIT, connections, plans)
    for (const c of cases) for (let w = 0; w < 2; w++) await runWave(c.wave(w + 1000));

    const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(loadavg()[0]), 1000);
    const latencies = cases.map(() => [] as number[]);
    // every question in turn, wave after wave, so that what else the machine does weighs on all alike
    for (let w = 0; w < WAVES; w++) {
      for (const [i, c] of cases.entries()) latencies[i].push(...(await runWave(c.wave(w), cpu[i])));
    }
    // the same questions one at a time: what one answer costs, whatever the load of the machine
    const alone = cases.map(() => [] as number[]);
    for (let w = 0; w < Math.max(1, Math.floor(WAVES / 4)); w++) {
      for (const [i, c] of cases.entries()) for (const call of c.wave(w)) alone[i].push(...(await runWave([call])));
    }
    clearInterval(sampler);
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    const sortedLoads = [...loads].sort((a, b) => a - b);
    console.log(`\nmachine: ${cpus().length} cores, load average ${loadBefore} before the measurement, ${load} after`);
    if (loads.length) {
      console.log(
        `1-minute load average during the measurement (sampled every second): min ${fmt(sortedLoads[0], 2)}, median ${fmt(percentile(sortedLoads, 50), 2)}, max ${fmt(sortedLoads[sortedLoads.length - 1], 2)}`,
      );
    }
    console.log(
      `statistics benchmark: ${ORDERS} orders, ${images} processed images, ${events} timeline events, ${ACCOUNTS} accounts; ` +
        `${WAVES} waves of ${CONCURRENCY} uncached requests per question, ${CONCURRENCY} in flight`,
    );
    console.log(
      `${'question'.padEnd(48)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'1c p50'.padStart(9)}${'1c p95'.padStart(9)}${'p95/1c'.padStart(8)}` +
        `${'svc CPU'.padStart(9)}${'pg CPU'.padStart(9)}  verdict`,
    );
    let allMet = true;
    const table: string[] = [];
    for (const [i, c] of cases.entries()) {
      const sorted = latencies[i].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      const met = p95 < TARGET_P95;
      allMet &&= met;
      const one = alone[i].sort((a, b) => a - b);
      const oneP95 = percentile(one, 95);
      const perAnswer = (ms: number) => (cpu[i].answers ? ms / cpu[i].answers : 0);
      const cells = [percentile(sorted, 50), p95, percentile(sorted, 99), percentile(one, 50), oneP95];
      console.log(
        `${c.label.padEnd(48)}${cells.map((v) => fmt(v, 1).padStart(9)).join('')}${`${fmt(p95 / oneP95, 1)}x`.padStart(8)}` +
          `${fmt(perAnswer(cpu[i].service), 2).padStart(9)}${fmt(perAnswer(cpu[i].pg), 2).padStart(9)}  ${met ? 'met' : 'MISSED'}`,
      );
      table.push(
        `| ${c.label} | ${cells.map((v) => fmt(v, 1)).join(' | ')} | ${fmt(p95 / oneP95, 1)} | ${fmt(perAnswer(cpu[i].service), 2)} | ${fmt(perAnswer(cpu[i].pg), 2)} | ${met ? 'met' : 'missed'} |`,
      );
    }
    console.log('(1c: the same requests one at a time; CPU: ms per answer over the 10-client waves, the service\'s process and its PostgreSQL backends; /proc counts in 10 ms ticks, summed over every wave)');
    console.log(`\n| question | p50 ms | p95 ms | p99 ms | 1 client p50 ms | 1 client p95 ms | p95 / 1 client p95 | service CPU ms | PostgreSQL CPU ms | p95 < 50 ms |`);
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const row of table) console.log(row);
    console.log(`\np95 under ${TARGET_P95} ms for every question, uncached: ${allMet ? 'met' : 'MISSED'}`);
    if (!allMet) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    await nc.close().catch(() => undefined);
    await stopProcess(service);
    await ns.cleanup();
    if (process.env.BENCH_KEEP_DATABASE || reuse) console.log(`database kept: ${db.url}`);
    else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
