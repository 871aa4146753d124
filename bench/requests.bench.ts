import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, createTestNamespace, startTestS3, testInfra, waitFor } from '@app/testing';
import { seedAccounts } from '@app/seeding';
import { Client } from 'pg';
import { seedOrders, signInToken } from './orders-seed';
import { benchProcessEnv, CpuMeter, fmt, freePort, percentile, repoRoot, runRequests, startProcess, stopProcess } from './bench-utils';

/**
 * What one request costs the whole product: the five most common signed-in reads of the web
 * app and the mobile app, and the unauthenticated liveness check as the floor, through the
 * gateway with the users, orders and images services as processes of their own (as in
 * production), 10 clients in flight, `BENCH_REQUESTS` (3,000) requests per case.
 *
 * For each case: the CPU time per request of every process (read from /proc before and after:
 * the gateway, each service, PostgreSQL, the NATS server, and this load generator apart),
 * p50/p95/p99 and requests per second. The targets: at most 1.5 ms of CPU per signed-in read
 * (`GET /api/me`, an order's detail) and 2 ms per orders-list page, summed over the product's
 * processes (the load generator excluded).
 *
 * The figures of a run are written to reports/bench-requests.json; the table compares them
 * with bench/baselines/requests.json (a run kept from before the request path was made
 * cheaper, see docs/performance.md) as after/before ratios. `BENCH_SAVE_BASELINE=1` writes
 * the run as that baseline instead. BENCH_NODE_ARGS (bench-utils) profiles the processes.
 */

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 4000);
const IMAGES_PER_ORDER = Number(process.env.BENCH_IMAGES_PER_ORDER ?? 30);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20);
const CONCURRENCY = 10;
const ROUNDS = 3;
/** requests per case before measuring: V8 optimises the request path only after a few thousand */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 1500);
const PASSWORD = 'Bench-Pass-2026!';
const PROCESSES = ['gateway', 'users', 'orders', 'images'] as const;
/** the product's processes, whose CPU is the request's cost (the load generator is not) */
const PRODUCT = [...PROCESSES, 'postgres', 'nats'];
const BASELINE_FILE = join(repoRoot, 'bench', 'baselines', 'requests.json');
const REPORT_FILE = join(repoRoot, 'reports', 'bench-requests.json');

interface Case {
  key: string;
  label: string;
  path: string;
  token?: string;
  /** the most whole-product CPU a request may take, ms */
  targetCpuMs?: number;
}

interface Result {
  key: string;
  label: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** CPU ms per request, by process */
  cpu: Record<string, number>;
  /** CPU ms per request of the product's processes together */
  product: number;
}

/** Every case in turn, `ROUNDS` times over, so that what else the machine does weighs on each alike. */
async function measureAll(base: string, cases: Case[], meter: CpuMeter): Promise<Result[]> {
  const per = Math.ceil(REQUESTS / ROUNDS);
  const acc = cases.map(() => ({ latencies: [] as number[], seconds: 0, cpu: new Map<string, number>() }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      const before = meter.sample();
      const r = await runRequests(base + c.path, c.token, per, CONCURRENCY);
      acc[i].latencies.push(...r.latencies);
      acc[i].seconds += r.seconds;
      for (const [name, ms] of CpuMeter.diff(before, meter.sample())) acc[i].cpu.set(name, (acc[i].cpu.get(name) ?? 0) + ms);
    }
  }
  return cases.map((c, i) => {
    const sorted = acc[i].latencies.sort((a, b) => a - b);
    const cpu = Object.fromEntries([...acc[i].cpu].map(([name, ms]) => [name, ms / sorted.length]));
    const product = PRODUCT.reduce((sum, name) => sum + (cpu[name] ?? 0), 0);
    return { key: c.key, label: c.label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: sorted.length / acc[i].seconds, cpu, product };
  });
}

function readBaseline(): Result[] | null {
  if (process.env.BENCH_SAVE_BASELINE || !existsSync(BASELINE_FILE)) return null;
  return (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as { results: Result[] }).results;
}

function printTable(results: Result[], baseline: Result[] | null, cases: Case[]): boolean {
  const names = ['gateway', 'users', 'orders', 'images', 'postgres', 'nats'];
  console.log(`\nCPU ms per request${''.padEnd(30)}${names.map((n) => n.padStart(9)).join('')}${'product'.padStart(9)}${'loadgen'.padStart(9)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'req/s'.padStart(7)}  target`);
  let met = true;
  for (const r of results) {
    const target = cases.find((c) => c.key === r.key)?.targetCpuMs;
    const ok = target === undefined || r.product <= target;
    met &&= ok;
    console.log(
      `${r.label.padEnd(48)}${names.map((n) => fmt(r.cpu[n] ?? 0, 2).padStart(9)).join('')}${fmt(r.product, 2).padStart(9)}${fmt(r.cpu['load generator'] ?? 0, 2).padStart(9)}` +
        `${fmt(r.p50, 1).padStart(8)}${fmt(r.p95, 1).padStart(8)}${fmt(r.p99, 1).padStart(8)}${r.rps.toFixed(0).padStart(7)}  ${target === undefined ? '' : `${ok ? 'met' : 'MISSED'} (≤ ${target} ms)`}`,
    );
  }
  if (baseline) {
    console.log(`\nagainst the baseline (bench/baselines/requests.json): after/before${''.padEnd(2)}${'product CPU'.padStart(12)}${'gateway'.padStart(9)}${'service'.padStart(9)}${'postgres'.padStart(9)}${'p95'.padStart(7)}${'req/s'.padStart(7)}`);
    for (const r of results) {
      const b = baseline.find((x) => x.key === r.key);
      if (!b) continue;
      const service = (x: Result) => (x.cpu.users ?? 0) + (x.cpu.orders ?? 0) + (x.cpu.images ?? 0);
      const ratio = (a: number, z: number) => (z > 0 ? fmt(a / z, 2) : '-');
      console.log(
        `${r.label.padEnd(63)}${ratio(r.product, b.product).padStart(12)}${ratio(r.cpu.gateway ?? 0, b.cpu.gateway ?? 0).padStart(9)}${ratio(service(r), service(b)).padStart(9)}` +
          `${ratio(r.cpu.postgres ?? 0, b.cpu.postgres ?? 0).padStart(9)}${ratio(r.p95, b.p95).padStart(7)}${ratio(r.rps, b.rps).padStart(7)}`,
      );
    }
  }
  return met;
}

async function main(): Promise<void> {
  const db = await createTestDatabase('bench_requests');
  const ns = createTestNamespace('bench_requests');
  const s3 = await startTestS3();
  const port = await freePort();
  const env = benchProcessEnv({ databaseUrl: db.url, natsUrl: testInfra.natsUrl, namespace: ns.prefix, s3 }, port, { LOG_LEVEL: 'info' });
  const base = `http://127.0.0.1:${port}/api`;
  const processes = [startProcess('gateway', 'gateway/src/main.js', env)];
  const client = new Client({ connectionString: db.url });
  try {
    for (const name of PROCESSES.slice(1)) {
      processes.push(startProcess(name, `services/${name}/src/main.js`, env));
      await waitFor(async () => (await fetch(`${base}/health/services/${name}`).catch(() => null))?.status === 200, `the ${name} service`, 60_000, 250);
    }
    await client.connect();
    const seeded = await seedAccounts(env, {
      accounts: [{ email: 'dealer0@bench.test', displayName: 'Bench Dealership', userRole: 'Dealership', country: 'Denmark', password: PASSWORD }],
    });
    const [dealer] = seeded.accounts;
    await seedOrders(client, dealer.id, { orders: ORDERS, imagesPerOrder: IMAGES_PER_ORDER, accounts: ACCOUNTS });
    const token = await signInToken(base, dealer.email, PASSWORD);
    const [{ id: order }] = (await client.query(`SELECT id FROM orders.orders WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1 OFFSET 3`, [dealer.id])).rows;
    const cases: Case[] = [
      { key: 'health', label: 'GET /api/health/live (floor: no sign-in, no hop)', path: '/health/live' },
      { key: 'me', label: 'GET /api/me', path: '/me', token, targetCpuMs: 1.5 },
      { key: 'orders-list', label: 'GET /api/orders/get-orders (dealer, page 1)', path: '/orders/get-orders?page=1', token, targetCpuMs: 2 },
      { key: 'order', label: 'GET /api/orders/{id}', path: `/orders/${order}`, token, targetCpuMs: 1.5 },
      { key: 'order-images', label: `GET /api/images/order/{id} (${IMAGES_PER_ORDER} images)`, path: `/images/order/${order}`, token },
      { key: 'order-events', label: 'GET /api/events/order/{id}', path: `/events/order/${order}`, token },
    ];
    // warm up every path (JIT, connections, prepared statements, caches)
    for (const c of cases) await runRequests(base + c.path, c.token, WARM_UP, CONCURRENCY);
    const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
    const meter = new CpuMeter(processes.map((p, i) => ({ name: PROCESSES[i], pid: p.pid! })));
    const results = await measureAll(base, cases, meter);
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`\nmachine: ${cpus().length} cores, load average ${loadBefore} before the measurement, ${load} after`);
    console.log(`request cost: ${REQUESTS} requests per case, ${CONCURRENCY} in flight, over ${ORDERS} orders with ${IMAGES_PER_ORDER} images each (info-level logs, as in production)`);
    const met = printTable(results, readBaseline(), cases);
    const floor = results.find((r) => r.key === 'health')!;
    console.log(`\nagainst the floor in this run (whole-product CPU / that of GET /api/health/live): ${results.filter((r) => r.key !== 'health').map((r) => `${r.key} ×${fmt(r.product / floor.product, 1)}`).join(', ')}`);
    console.log(`CPU per signed-in read at most 1.5 ms and per orders-list page at most 2 ms: ${met ? 'met' : 'MISSED'}`);
    const report = { at: new Date().toISOString(), machine: { cores: cpus().length, load: [loadBefore, load] }, requests: REQUESTS, concurrency: CONCURRENCY, results };
    mkdirSync(join(repoRoot, 'reports'), { recursive: true });
    writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    if (process.env.BENCH_SAVE_BASELINE) {
      mkdirSync(join(repoRoot, 'bench', 'baselines'), { recursive: true });
      writeFileSync(BASELINE_FILE, `${JSON.stringify(report, null, 2)}\n`);
      console.log('saved as the baseline: bench/baselines/requests.json');
    }
    if (!met) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    await Promise.all(processes.map((p) => stopProcess(p)));
    await ns.cleanup();
    await s3.close();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
