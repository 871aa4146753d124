import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { createTestDatabase, createTestNamespace, openTestDatabase, startTestS3, testInfra, waitFor } from '@app/testing';
import { seedAccounts } from '@app/seeding';
import { Client } from 'pg';
import { seedOrders, signInToken } from './orders-seed';
import { benchProcessEnv, CpuMeter, fmt, freePort, percentile, runRequests, startProcess, stopProcess } from './bench-utils';

/**
 * The orders list and the order detail at scale, through the gateway: 100,000 orders with
 * 3,000,000 images across 200 accounts, written with SQL into the orders and images schemas
 * made by the services' own migrations, then 10 concurrent clients per case. The gateway,
 * users, orders and images services run as separate processes, as in production; every
 * request is signed in (the gateway checks the session with the users service each time).
 *
 * Prints p50/p95/p99 per case and the verdicts against the targets: p95 under 50 ms, p99 under
 * 100 ms, flat from the first page to the last (the ratio last/first of the medians).
 * A second table shows the CPU time per request of each process (the gateway, the services,
 * PostgreSQL, the NATS server and the load generator itself): on 2 cores that is what the
 * latency under load is made of.
 *
 * BENCH_ORDERS, BENCH_IMAGES_PER_ORDER, BENCH_ACCOUNTS and BENCH_REQUESTS change the sizes;
 * BENCH_KEEP_DATABASE=1 keeps the seeded database for a look at the query plans, and
 * BENCH_DATABASE=<its name> measures on it again without seeding anew. BENCH_ONLY=<regex>
 * measures only the cases whose label matches.
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const IMAGES_PER_ORDER = Number(process.env.BENCH_IMAGES_PER_ORDER ?? 30);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = 10;
const ROUNDS = 5;
const TARGET_P95 = 50;
const TARGET_P99 = 100;
const PASSWORD = 'Bench-Pass-2026!';

interface Case {
  label: string;
  path: string;
  token: string;
}

interface Result {
  label: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** CPU ms per request, by process */
  cpu: Map<string, number>;
}

/** `total` GETs of one case, `CONCURRENCY` in flight. */
const run = (base: string, c: Case, total: number) => runRequests(base + c.path, c.token, total, CONCURRENCY);

/**
 * Every case in turn, `ROUNDS` times over, so that whatever else the machine does at some
 * moment weighs on every case alike (the first and the last page are compared).
 */
async function measureAll(base: string, cases: Case[], perCase: number, meter: CpuMeter): Promise<Result[]> {
  const per = Math.ceil(perCase / ROUNDS);
  const acc = cases.map(() => ({ latencies: [] as number[], seconds: 0, cpu: new Map<string, number>() }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      const before = meter.sample();
      const r = await run(base, c, per);
      for (const [name, ms] of CpuMeter.diff(before, meter.sample())) acc[i].cpu.set(name, (acc[i].cpu.get(name) ?? 0) + ms);
      acc[i].latencies.push(...r.latencies);
      acc[i].seconds += r.seconds;
    }
  }
  return cases.map((c, i) => {
    const sorted = acc[i].latencies.sort((a, b) => a - b);
    const cpu = new Map([...acc[i].cpu].map(([name, ms]) => [name, ms / sorted.length]));
    return { label: c.label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: sorted.length / acc[i].seconds, cpu };
  });
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_DATABASE;
  const db = reuse ? openTestDatabase(reuse) : await createTestDatabase('bench_orders');
  const ns = createTestNamespace('bench_orders');
  const s3 = await startTestS3();
  const port = await freePort();
  const env = benchProcessEnv({ databaseUrl: db.url, natsUrl: testInfra.natsUrl, namespace: ns.prefix, s3 }, port);
  const base = `http://127.0.0.1:${port}/api`;
  const processes = [startProcess('gateway', 'gateway/src/main.js', env)];
  const client = new Client({ connectionString: db.url });
  try {
    // one after another: their first migrations would otherwise race for the catalog
    for (const name of ['users', 'orders', 'images'] as const) {
      processes.push(startProcess(name, `services/${name}/src/main.js`, env));
      await waitFor(async () => (await fetch(`${base}/health/services/${name}`).catch(() => null))?.status === 200, `the ${name} service`, 60_000, 250);
    }
    await client.connect();
    let admin: { email: string };
    let dealer: { id: string; email: string };
    if (reuse) {
      console.log(`measuring on the kept database ${reuse}`);
      admin = { email: 'admin@bench.test' };
      [dealer] = (await client.query(`SELECT id, email FROM users.user_account WHERE email = 'dealer0@bench.test'`)).rows;
    } else {
      const seeded = await seedAccounts(env, {
        accounts: [
          { email: 'admin@bench.test', displayName: 'Bench Admin', userRole: 'Admin', country: 'Denmark', password: PASSWORD },
          { email: 'dealer0@bench.test', displayName: 'Bench Dealership', userRole: 'Dealership', country: 'Denmark', password: PASSWORD },
        ],
      });
      [admin, dealer] = seeded.accounts;
      console.log(`seeding ${ORDERS} orders with ${IMAGES_PER_ORDER} images each across ${ACCOUNTS} accounts`);
      await seedOrders(client, dealer.id, { orders: ORDERS, imagesPerOrder: IMAGES_PER_ORDER, accounts: ACCOUNTS });
    }
    const trgm = (await client.query(`SELECT 1 FROM pg_indexes WHERE schemaname = 'orders' AND indexname = 'orders_search_trgm_idx'`)).rowCount === 1;

    const adminToken = await signInToken(base, admin.email, PASSWORD);
    const dealerToken = await signInToken(base, dealer.email, PASSWORD);
    const dealerOrders = Math.ceil(ORDERS / ACCOUNTS);
    const adminPages = Math.ceil(ORDERS / 10);
    const dealerPages = Math.ceil(dealerOrders / 10);
    // the admin's list starts 14 days back by default; the bench asks for all of it (the worst case)
    const all = 'from=2000-01-01';
    const [{ id: sampleOrder }] = (await client.query(`SELECT id FROM orders.orders WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1 OFFSET 7`, [dealer.id])).rows;
    const [{ name: someDealership }] = (await client.query(`SELECT account_name AS name FROM orders.orders WHERE account_name <> 'Bench Dealership' LIMIT 1 OFFSET 4242`)).rows;
    const tag = await fetch(`${base}/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ name: `Bench ${process.pid}`, category: 'PRIORITY', entity: 'order', color: 'red' }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const allCases: Case[] = [
      // what every signed-in request costs at least: the session check and one hop to a service
      { label: 'floor: GET /tags/{id} (sign-in check, one hop)', path: `/tags/${tag.id}`, token: dealerToken },
      { label: 'admin: first page', path: `/orders/get-orders?${all}&page=1`, token: adminToken },
      { label: `admin: deep page (${Math.ceil(adminPages / 2)}, the middle)`, path: `/orders/get-orders?${all}&page=${Math.ceil(adminPages / 2)}`, token: adminToken },
      { label: `admin: deep page (${Math.ceil(adminPages / 10)})`, path: `/orders/get-orders?${all}&page=${Math.ceil(adminPages / 10)}`, token: adminToken },
      { label: `admin: last page (${adminPages})`, path: `/orders/get-orders?${all}&page=${adminPages}`, token: adminToken },
      { label: 'admin: default 14 days, first page', path: '/orders/get-orders?page=1', token: adminToken },
      { label: 'admin: search a dealership', path: `/orders/get-orders?${all}&search=${encodeURIComponent(someDealership)}`, token: adminToken },
      { label: 'admin: search a model (1 in 8)', path: `/orders/get-orders?${all}&search=tesla`, token: adminToken },
      // order 4200 is the bench dealership's (every 200th order is), a VW Golf (every 8th)
      { label: 'admin: search an order', path: `/orders/get-orders?${all}&search=golf%20004200`, token: adminToken },
      { label: 'admin: status QA stage', path: `/orders/get-orders?${all}&status=QA%20stage`, token: adminToken },
      { label: 'admin: status QA stage, last page', path: `/orders/get-orders?${all}&status=QA%20stage&page=${Math.ceil(adminPages / 5)}`, token: adminToken },
      { label: 'dealer: first page', path: '/orders/get-orders?page=1', token: dealerToken },
      { label: `dealer: deep page (${Math.ceil(dealerPages / 2)})`, path: `/orders/get-orders?page=${Math.ceil(dealerPages / 2)}`, token: dealerToken },
      { label: `dealer: last page (${dealerPages})`, path: `/orders/get-orders?page=${dealerPages}`, token: dealerToken },
      // every order of the bench dealership is a Golf: the search matches all 500, 10 of them on the page
      { label: 'dealer: search a model', path: '/orders/get-orders?search=golf', token: dealerToken },
      { label: 'dealer: status Completed', path: '/orders/get-orders?status=Completed', token: dealerToken },
      { label: 'detail: GET /orders/{id} (admin)', path: `/orders/${sampleOrder}`, token: adminToken },
      { label: 'detail: GET /orders/{id} (dealer)', path: `/orders/${sampleOrder}`, token: dealerToken },
      { label: `detail: GET /images/order/{id} (${IMAGES_PER_ORDER} images, dealer)`, path: `/images/order/${sampleOrder}`, token: dealerToken },
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
    const cases = only ? allCases.filter((c) => only.test(c.label)) : allCases;

    // warm up every path (JIT, connections, caches)
    for (const c of cases) await run(base, c, 100);
    const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
    const meter = new CpuMeter(processes.map((p, i) => ({ name: ['gateway', 'users', 'orders', 'images'][i], pid: p.pid! })));
    const results = await measureAll(base, cases, REQUESTS, meter);

    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`\nmachine: ${cpus().length} cores, load average ${loadBefore} before the measurement, ${load} after`);
    console.log(`orders benchmark: ${ORDERS} orders, ${ORDERS * IMAGES_PER_ORDER} images, ${ACCOUNTS} accounts; ${REQUESTS} requests per case, ${CONCURRENCY} in flight; search index: ${trgm ? 'pg_trgm' : 'none (scan)'}`);
    console.log(`${'case'.padEnd(52)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(8)}  verdict`);
    let allMet = true;
    for (const r of results) {
      const met = r.p95 < TARGET_P95 && r.p99 < TARGET_P99;
      allMet &&= met;
      console.log(`${r.label.padEnd(52)}${fmt(r.p50, 1).padStart(9)}${fmt(r.p95, 1).padStart(9)}${fmt(r.p99, 1).padStart(9)}${r.rps.toFixed(0).padStart(8)}  ${met ? 'met' : 'MISSED'}`);
    }
    const names = [...results[0].cpu.keys()];
    console.log(`\nCPU ms per request${''.padEnd(34)}${names.map((n) => n.slice(0, 9).padStart(10)).join('')}${'all'.padStart(8)}`);
    for (const r of results) {
      const all = [...r.cpu.values()].reduce((a, b) => a + b, 0);
      console.log(`${r.label.padEnd(52)}${names.map((n) => fmt(r.cpu.get(n) ?? 0, 2).padStart(10)).join('')}${fmt(all, 2).padStart(8)}`);
    }
    const byLabel = (prefix: string) => results.find((r) => r.label.startsWith(prefix));
    console.log('');
    console.log(`p95 under ${TARGET_P95} ms and p99 under ${TARGET_P99} ms in every case: ${allMet ? 'met' : 'MISSED'}`);
    for (const who of ['admin', 'dealer']) {
      const first = byLabel(`${who}: first page`);
      const last = byLabel(`${who}: last page`);
      if (!first || !last) continue;
      const f = { median: last.p50 / first.p50, p95: last.p95 / first.p95 };
      const ok = f.median < 1.5 && f.p95 < 1.5;
      console.log(`flat from the first page to the last (${who}): last/first ${fmt(f.median, 2)} at the median, ${fmt(f.p95, 2)} at p95 (target < 1.5: ${ok ? 'met' : 'MISSED'})`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await Promise.all(processes.map((p) => stopProcess(p)));
    await ns.cleanup();
    await s3.close();
    if (process.env.BENCH_KEEP_DATABASE || reuse) console.log(`database kept: ${db.url}`);
    else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
