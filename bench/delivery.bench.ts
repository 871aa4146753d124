import 'reflect-metadata';
import { seedAccounts } from '@app/seeding';
import { createTestDatabase, createTestNamespace, seedDeliverableOrders, seedDeliveryPictures, testInfra, waitFor, type SeededPicture } from '@app/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { benchProcessEnv, fmt, freePort, percentile, processCpuMs, repoRoot, startProcess, stopProcess } from './bench-utils';

/**
 * Delivery at scale: BENCH_ORDERS finished orders (1,000) of BENCH_IMAGES pictures each (30)
 * go to a real FTP server (ftp-srv, started by the benchmark) through the delivery worker, and
 * to a robot (BENCH_ROBOTS loops, 2, each pulling up to 10 messages through the robot API at
 * the gateway, downloading every picture by its link and acknowledging with the checksums).
 * Once with one delivery-service replica, then again with two (new orders, a second FTP
 * folder), in this one run. Every process runs as in production: the gateway, users,
 * style-guides, orders, images and the delivery replicas are each a `node dist/…` process;
 * the test S3 and the FTP server share one more (`delivery-destinations.ts`), and this
 * process holds the robots and the admin who enqueues.
 *
 * The orders and their processed pictures are written with SQL (`seedDeliverableOrders`):
 * BENCH_IMAGES distinct small JPEGs (320×240, 6 to 13 KB, 9 KB on average) are put once into the test S3 and
 * every order's position n points at picture n, so the pictures are reused by key. The
 * orders are then enqueued through the API as the admin does (each order to the FTP
 * integration and the robot in one call, 4 calls in flight), all at once: a burst.
 *
 * Printed per configuration and per destination: messages per second (delivered messages
 * over the time from the first enqueue to the last receipt), the time from enqueue to
 * delivered (p50, p95, p99, from the message's queued time to its receipt, both PostgreSQL's
 * clock), CPU per message by process, and the ratios two replicas / one. The run fails,
 * printing no figures, unless every message has exactly one receipt, every order is
 * Completed and the FTP folder holds every file once.
 *
 * The delivery service runs with its defaults (DELIVERY_POLL_MS 1000, DELIVERY_BATCH_SIZE 5),
 * or with what the environment sets.
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 30);
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 2);
const ENQUEUE_IN_FLIGHT = 4;
const PASSWORD = 'Bench-Pass-2026!';
const FTP_USER = 'bench';
const FTP_PASSWORD = 'Bench-Ftp-2026!';
/** a configuration that delivers nothing for this long is stuck: the run stops */
const STALL_MS = 180_000;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Api {
  base: string;
  token: string;
}

async function call<T>(api: Api, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${api.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(api.token ? { authorization: `Bearer ${api.token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} answered ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface RobotMessage {
  id: string;
  images: Array<{ imageId: string; position: number; url: string }>;
}

/**
 * A robot as a dealer would write one: pulls up to 10 messages, downloads each picture by its
 * link, acknowledges each message with the files' sizes and checksums; waits a little when
 * there is nothing. Runs until `stop()`.
 */
function startRobot(base: string, key: string, expected: Map<number, string>): { stop: () => Promise<void>; errors: string[] } {
  let running = true;
  const errors: string[] = [];
  const robotApi = { base, token: '' };
  const headers = { 'x-robot-key': key };
  const loop = (async () => {
    while (running) {
      let pulled: { messages: RobotMessage[] };
      try {
        pulled = await call(robotApi, 'POST', '/robot/messages/pull', { max: 10 }, headers);
      } catch (err) {
        errors.push(String(err));
        await sleep(500);
        continue;
      }
      if (!pulled.messages.length) {
        await sleep(200);
        continue;
      }
      for (const msg of pulled.messages) {
        try {
          const files = await Promise.all(
            msg.images.map(async (image) => {
              const res = await fetch(image.url);
              const bytes = Buffer.from(await res.arrayBuffer());
              if (!res.ok) throw new Error(`picture ${image.imageId}: ${res.status}`);
              const sum = sha256(bytes);
              if (expected.get(image.position) !== sum) throw new Error(`picture ${image.imageId} at position ${image.position} is not the seeded one`);
              return { name: `${image.position}.jpg`, location: `/robot/${msg.id}/${image.position}.jpg`, bytes: bytes.length, sha256: sum };
            }),
          );
          await call(robotApi, 'POST', `/robot/messages/${msg.id}/ack`, { files, answer: 'stored' }, headers);
        } catch (err) {
          errors.push(`${msg.id}: ${String(err)}`);
        }
      }
    }
  })();
  return {
    errors,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** CPU (ms) of each named process, this process, and the PostgreSQL backends serving this database. */
async function sampleCpu(db: Client, named: Array<{ name: string; child: ChildProcess }>): Promise<Map<string, number>> {
  const m = new Map<string, number>();
  for (const { name, child } of named) m.set(name, (m.get(name) ?? 0) + processCpuMs(child.pid!));
  const self = process.cpuUsage();
  m.set('bench', (self.user + self.system) / 1000);
  const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  m.set('postgres', rows.reduce((sum, r) => sum + processCpuMs(r.pid), 0));
  return m;
}

interface Destinations {
  child: ChildProcess;
  s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string; directory: string };
  ftp: { port: number; root: string };
}

/** The test S3 and the FTP server in a process of their own; resolves once both listen. */
function startDestinations(): Promise<Destinations> {
  const child = spawn(process.execPath, [join(repoRoot, 'dist', 'bench', 'delivery-destinations.js')], {
    env: { ...process.env, BENCH_FTP_USER: FTP_USER, BENCH_FTP_PASSWORD: FTP_PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, ...(JSON.parse(line) as Omit<Destinations, 'child'>) });
    });
    child.once('exit', (code) => reject(new Error(`the S3 and FTP servers did not start (exit ${code})`)));
  });
}

interface Figures {
  label: string;
  kind: string;
  messages: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

interface Run {
  replicas: number;
  figures: Figures[];
  seconds: number;
  /** CPU ms per delivered message, by process */
  cpu: Map<string, number>;
}

async function main(): Promise<void> {
  const db = await createTestDatabase('bench_delivery');
  const ns = createTestNamespace('bench_delivery');
  const destinations = await startDestinations();
  const { s3, ftp } = destinations;
  const port = await freePort();
  const env = benchProcessEnv({ databaseUrl: db.url, natsUrl: testInfra.natsUrl, namespace: ns.prefix, s3 }, port, {
    // five connections a process, not ten: the PostgreSQL this runs on may be shared (100 connections), and one that is
    // full fails whoever asks next
    DATABASE_POOL_SIZE: '5',
    PUSH_CAPTURE_DIR: join(s3.directory, 'push'),
    // the FTP server listens on the loopback: allowed here explicitly (the default refuses it)
    OUTBOUND_ALLOW: '127.0.0.1',
  });
  const base = `http://127.0.0.1:${port}/api`;
  const named: Array<{ name: string; child: ChildProcess }> = [
    { name: 'S3 and FTP', child: destinations.child },
    { name: 'gateway', child: startProcess('gateway', 'gateway/src/main.js', env) },
  ];
  const client = new Client({ connectionString: db.url });
  const runs: Run[] = [];
  try {
    // one after another: their first migrations would otherwise race for the catalog
    for (const name of ['users', 'style-guides', 'orders', 'images', 'delivery'] as const) {
      named.push({ name: name === 'delivery' ? 'delivery 1' : name, child: startProcess(name, `services/${name}/src/main.js`, env) });
      await waitFor(async () => (await fetch(`${base}/health/services/${name}`).catch(() => null))?.status === 200, `the ${name} service`, 90_000, 250);
    }
    await client.connect();
    const seeded = await seedAccounts(env, {
      accounts: [
        { email: 'admin@bench.test', displayName: 'Bench Admin', userRole: 'Admin', country: 'Denmark', password: PASSWORD },
        { email: 'dealer@bench.test', displayName: 'Bench Dealership', userRole: 'Dealership', country: 'Denmark', password: PASSWORD },
      ],
    });
    const [admin, dealer] = seeded.accounts;
    const signedIn = await call<{ accessToken: string }>({ base, token: '' }, 'POST', '/auth/login', { email: admin.email, password: PASSWORD });
    const api: Api = { base, token: signedIn.accessToken };
    const pictures: SeededPicture[] = await seedDeliveryPictures(s3, IMAGES, { prefix: 'bench/pictures' });
    const expected = new Map(pictures.map((p, i) => [i + 1, p.sha256]));
    const robot = await call<{ id: string }>(api, 'POST', '/remote-integration', { provider: 'DELIVERY_ROBOT', isActive: true, userId: dealer.id });
    const { key } = await call<{ key: string }>(api, 'POST', `/order-delivery-messages/robot-credentials/${robot.id}`);
    const bytesPerOrder = pictures.reduce((s, p) => s + p.bytes, 0);
    console.log(`delivery benchmark: ${ORDERS} orders of ${IMAGES} pictures (${(bytesPerOrder / 1024).toFixed(0)} KB an order) to FTP and to a robot (${ROBOTS} loops), 1 then 2 delivery replicas`);

    for (const replicas of [1, 2]) {
      if (replicas === 2) {
        named.push({ name: 'delivery 2', child: startProcess('delivery', 'services/delivery/src/main.js', env) });
        // the health ping may be answered by the first replica: give the second its boot time, then check it is alive
        await sleep(8000);
        if (named.at(-1)!.child.exitCode !== null) throw new Error('the second delivery replica exited at start');
      }
      const folder = `replicas-${replicas}`;
      const ftpIntegration = await call<{ id: string }>(api, 'POST', '/remote-integration', {
        // an account has one integration per provider
        provider: replicas === 1 ? 'GENERIC_FTP' : 'DEALER_FTP',
        isActive: true,
        userId: dealer.id,
        Username: FTP_USER,
        Password: FTP_PASSWORD,
        settings: { host: '127.0.0.1', port: ftp.port, path: `/${folder}` },
      });
      const t0 = Date.now();
      const orders = await seedDeliverableOrders(db.url, { accountId: dealer.id, accountName: 'Bench Dealership', count: ORDERS, pictures, namePrefix: `R${replicas}` });
      await client.query('ANALYZE orders.orders; ANALYZE images.image; ANALYZE delivery.delivery_message');
      console.log(`\n${replicas} replica${replicas > 1 ? 's' : ''}: ${ORDERS} orders seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const ids = orders.map((o) => o.id);

      const robots = Array.from({ length: ROBOTS }, () => startRobot(base, key, expected));
      const before = await sampleCpu(client, named);
      const started = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: ENQUEUE_IN_FLIGHT }, async () => {
          for (let i = next++; i < orders.length; i = next++) {
            await call(api, 'POST', `/orders/enqueue-order-delivery-by-id/${orders[i].id}`, { selectedIntegrations: [{ id: ftpIntegration.id }, { id: robot.id }] });
          }
        }),
      );
      console.log(`  enqueued ${orders.length * 2} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      let delivered = 0;
      let lastProgress = Date.now();
      for (;;) {
        const { rows } = await client.query<{ delivered: number; failed: number; error: string | null }>(
          `SELECT count(*) FILTER (WHERE state = 'delivered')::int AS delivered, count(*) FILTER (WHERE state = 'failed')::int AS failed,
                  max(last_error) AS error
             FROM delivery.delivery_message WHERE order_id = ANY($1::uuid[])`,
          [ids],
        );
        if (rows[0].failed > 0) throw new Error(`${rows[0].failed} messages failed: ${rows[0].error}`);
        if (rows[0].delivered > delivered) lastProgress = Date.now();
        delivered = rows[0].delivered;
        if (delivered === orders.length * 2) break;
        if (Date.now() - lastProgress > STALL_MS) throw new Error(`stuck at ${delivered} of ${orders.length * 2} delivered; last error ${rows[0].error}`);
        await sleep(250);
      }
      const seconds = (Date.now() - started) / 1000;
      const after = await sampleCpu(client, named);
      await Promise.all(robots.map((r) => r.stop()));
      const robotErrors = robots.flatMap((r) => r.errors);
      if (robotErrors.length) throw new Error(`the robots met errors: ${robotErrors.slice(0, 5).join('; ')}`);
      console.log(`  every message delivered in ${seconds.toFixed(1)} s`);

      // a benchmark of errors lies: exactly one receipt per message, every order Completed, every file at the FTP server once
      const { rows: receipts } = await client.query<{ messages: number; receipts: number }>(
        `SELECT count(DISTINCT r.message_id)::int AS messages, count(*)::int AS receipts FROM delivery.delivery_receipt r WHERE r.order_id = ANY($1::uuid[])`,
        [ids],
      );
      if (receipts[0].messages !== orders.length * 2 || receipts[0].receipts !== orders.length * 2) throw new Error(`receipts: ${JSON.stringify(receipts[0])} for ${orders.length * 2} messages`);
      await waitFor(
        async () => (await client.query(`SELECT 1 FROM orders.orders WHERE id = ANY($1::uuid[]) AND status <> 'Completed'`, [ids])).rowCount === 0,
        'every order Completed',
        120_000,
        500,
      );
      const onServer = readdirSync(join(ftp.root, folder));
      const names = new Set(orders.flatMap((o) => o.pictures.map((_, i) => `${o.orderName}-${i + 1}.jpg`)));
      if (onServer.length !== names.size || !onServer.every((n) => names.has(n))) throw new Error(`the FTP folder holds ${onServer.length} files, expected ${names.size}`);
      rmSync(join(ftp.root, folder), { recursive: true, force: true });

      const { rows: lat } = await client.query<{ kind: string; ms: number; queued: Date; done: Date }>(
        `SELECT m.integration_type AS kind, extract(epoch FROM (r.created_at - m.created_at)) * 1000 AS ms, m.created_at AS queued, r.created_at AS done
           FROM delivery.delivery_message m JOIN delivery.delivery_receipt r ON r.message_id = m.id
          WHERE m.order_id = ANY($1::uuid[])`,
        [ids],
      );
      const label = `${replicas} replica${replicas > 1 ? 's' : ''}`;
      const figure = (kind: string, rows: typeof lat): Figures => {
        const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
        const first = Math.min(...rows.map((r) => r.queued.getTime()));
        const last = Math.max(...rows.map((r) => r.done.getTime()));
        return { label, kind, messages: rows.length, perSecond: rows.length / ((last - first) / 1000), p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
      };
      const cpu = new Map([...after].map(([name, ms]) => [name, Math.max(0, ms - (before.get(name) ?? 0)) / (orders.length * 2)]));
      runs.push({
        replicas,
        seconds,
        cpu,
        figures: [figure('FTP', lat.filter((r) => r.kind === 'FTP')), figure('robot', lat.filter((r) => r.kind === 'ROBOT')), figure('all', lat)],
      });
    }

    console.log(`\nmachine: ${cpus().length} cores shared with other work, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`${ORDERS} orders × ${IMAGES} pictures, each order to FTP and to a robot; time from enqueue to delivered (a burst: every order enqueued at once)`);
    console.log(`${'configuration'.padEnd(14)}${'to'.padEnd(7)}${'messages'.padStart(9)}${'msg/s'.padStart(8)}${'files/s'.padStart(9)}${'p50 s'.padStart(8)}${'p95 s'.padStart(8)}${'p99 s'.padStart(8)}`);
    for (const run of runs) {
      for (const f of run.figures) {
        const filesPerSecond = f.kind === 'all' ? '' : fmt(f.perSecond * IMAGES, 0);
        console.log(
          `${f.label.padEnd(14)}${f.kind.padEnd(7)}${String(f.messages).padStart(9)}${fmt(f.perSecond, 1).padStart(8)}${filesPerSecond.padStart(9)}${fmt(f.p50 / 1000, 1).padStart(8)}${fmt(f.p95 / 1000, 1).padStart(8)}${fmt(f.p99 / 1000, 1).padStart(8)}`,
        );
      }
    }
    const names = [...new Set(runs.flatMap((r) => [...r.cpu.keys()]))];
    console.log(`\nCPU ms per message (both destinations)${names.map((n) => n.slice(0, 10).padStart(11)).join('')}${'all'.padStart(8)}`);
    for (const run of runs) {
      const all = [...run.cpu.values()].reduce((a, b) => a + b, 0);
      console.log(`${`${run.replicas} replica${run.replicas > 1 ? 's' : ''}`.padEnd(38)}${names.map((n) => fmt(run.cpu.get(n) ?? 0, 2).padStart(11)).join('')}${fmt(all, 2).padStart(8)}`);
    }
    console.log('(S3 and FTP: the test S3 the services read the pictures from and the FTP server; bench: the robots and the enqueueing admin; postgres: the backends of this database)');
    const [one, two] = runs;
    console.log('\nratio 2 replicas / 1 replica');
    for (const kind of ['FTP', 'robot', 'all']) {
      const a = one.figures.find((f) => f.kind === kind)!;
      const b = two.figures.find((f) => f.kind === kind)!;
      console.log(`  ${kind.padEnd(6)} msg/s ×${fmt(b.perSecond / a.perSecond, 2)}   p95 ×${fmt(b.p95 / a.p95, 2)}   p50 ×${fmt(b.p50 / a.p50, 2)}`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await Promise.all(named.map(({ child }) => stopProcess(child)));
    await ns.cleanup();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
