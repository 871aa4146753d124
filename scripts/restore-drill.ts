import 'reflect-metadata';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVICE_NAMES } from '@app/contracts';
import { EMBEDDED_PG_DATABASE, EMBEDDED_PG_PASSWORD, EMBEDDED_PG_USER, loadOrCreateS3Credentials, startEmbeddedPostgres, startEmbeddedS3 } from '@app/devstack';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SALES_PEOPLE } from '@app/seeding';
import { Client as S3Client } from 'minio';
import { connect } from 'nats';
import { Client } from 'pg';
import sharp from 'sharp';

/**
 * The backup and restore drill (`make test-restore`, docs/operations.md "Backup and restore").
 *
 * 1. A `make dev` of its own (`dist/scripts/dev.js` with DEV_DATA_DIR in a temporary folder and
 *    free ports; the classical segmenter) gets data as its users make it, through the gateway:
 *    orders of the demo dealership with uploaded pictures processed by the pipeline, a repush
 *    (a second version of a picture), QA's approval, a delivery to a robot that pulls it through
 *    the robot API, and the statistics that follow; the demo data of `make dev` comes with it.
 * 2. Once nothing is in flight (every outbox sent, no JetStream message pending, no picture
 *    queued, the dashboards steady), it is backed up WHILE IT RUNS AND WRITES, as
 *    docs/operations.md tells an operator: PostgreSQL by a base backup with its WAL
 *    (`pg_basebackup -X stream` when a pg_basebackup of the server's major version is on the
 *    machine, otherwise PostgreSQL's low-level backup API with a replication slot holding the
 *    WAL, which is what pg_basebackup does) while the dealership creates orders, the last with a
 *    picture whose pipeline job is still in the stream when the backup ends; then the bucket by
 *    copying every object through the S3 API with its checksum, and the installation's secrets.
 *    JetStream is not backed up: its streams are rebuilt (the outbox publishes the last window
 *    again; docs/operations.md says why).
 * 3. It restores into a fresh stack: a new data folder, new ports, the base backup as the
 *    PostgreSQL data directory (the WAL replayed at start, which must reach a consistent
 *    state), the outbox step, the objects put into a new embedded S3 through the S3 API, a new
 *    NATS server; then `dev.js` starts the services on it.
 * 4. Once both stacks have taken what was in flight, it compares: every table of every schema
 *    of the product's database (row counts; tallies spread over random slots by their sums),
 *    every object's SHA-256, the dashboards' answers through the gateway (the same JSON, asked
 *    with the sessions signed in before the backup), and a user signing in again, its orders
 *    and a picture downloaded by its link.
 *
 * Prints the backup's size and how long backup and restore took, then one line:
 * `restore: N orders, M objects, identical` (exit 0) or `restore: N orders, M objects,
 * differs: <what>` (exit 1). Everything it started is stopped and its folder removed, also on
 * failure (RESTORE_DRILL_KEEP=1 keeps the folder). RESTORE_DRILL_BREAK=object deletes one
 * restored object before the comparison, to show that a difference is caught.
 */

const ROOT = resolve(__dirname, '..', '..');
const DEV = join(ROOT, 'dist', 'scripts', 'dev.js');
const BUCKET = 'dealer-media';
const ORDERS = wholeNumber('RESTORE_ORDERS', 3);
const PICTURES = wholeNumber('RESTORE_PICTURES', 4);
/** outbox rows sent in this window before the backup are published again after a restore (docs/operations.md) */
const REPUBLISH_MINUTES = wholeNumber('RESTORE_REPUBLISH_MINUTES', 60, 0);
const BREAK = process.env.RESTORE_DRILL_BREAK ?? '';
const KEEP = /^(1|true|yes)$/i.test(process.env.RESTORE_DRILL_KEEP ?? '');
const STACK_START_MS = 240_000;
const QUIET_MS = 600_000;
/** how long the restored stack may take to work off what was in flight at the backup */
const SETTLE_MS = 180_000;
/** the drill's own sign-ins last the whole drill: the dashboards are asked with the same sessions after the restore */
const TOKEN_TTL_S = '7200';

function wholeNumber(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number from ${min}, not "${raw}"`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const log = (line: string) => process.stderr.write(`[restore-drill] ${line}\n`);

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      // a request the product refuses will not pass by waiting
      if ((err instanceof ApiError && err.status >= 400 && err.status < 500) || err instanceof StackExit) throw err;
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------
// ports

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)));
  });
}

const taken = new Set<number>();

/**
 * A free port in 10000-31999 (below Linux's ephemeral ports, which a connection or a port-0
 * listener may take after the check) that this drill has not handed out yet; `run` consecutive
 * ones when asked.
 */
async function freePorts(run = 1): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 10000 + Math.floor(Math.random() * (22000 - run));
    const range = Array.from({ length: run }, (_, i) => base + i);
    if (range.some((p) => taken.has(p))) continue;
    if ((await Promise.all(range.map(portFree))).every(Boolean)) {
      range.forEach((p) => taken.add(p));
      return base;
    }
  }
  throw new Error('no free ports found');
}

interface Ports {
  PORT: number;
  PG_PORT: number;
  S3_PORT: number;
  SMTP_PORT: number;
  NATS_PORT: number;
  OPS_PORT_BASE: number;
  SEGMENTER_PORT: number;
}

async function stackPorts(): Promise<Ports> {
  return {
    PORT: await freePorts(),
    PG_PORT: await freePorts(),
    S3_PORT: await freePorts(),
    SMTP_PORT: await freePorts(),
    NATS_PORT: await freePorts(),
    // one per service and the gateway
    OPS_PORT_BASE: await freePorts(SERVICE_NAMES.length + 1),
    SEGMENTER_PORT: await freePorts(),
  };
}

// ---------------------------------------------------------------------------------------------
// a `make dev` of the drill's own

/** the cleanup steps, newest first */
const cleanups: Array<{ what: string; run: () => Promise<void> | void }> = [];

class DevStack {
  readonly dataDir: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly logFile: string;
  private lines: string[] = [];

  constructor(
    readonly name: string,
    readonly root: string,
    readonly ports: Ports,
  ) {
    this.dataDir = join(root, name);
    this.logFile = join(root, `${name}.log`);
  }

  get api(): string {
    return `http://127.0.0.1:${this.ports.PORT}/api`;
  }
  get databaseUrl(): string {
    return `postgres://${EMBEDDED_PG_USER}:${encodeURIComponent(EMBEDDED_PG_PASSWORD)}@127.0.0.1:${this.ports.PG_PORT}/${EMBEDDED_PG_DATABASE}`;
  }
  get natsUrl(): string {
    return `nats://127.0.0.1:${this.ports.NATS_PORT}`;
  }
  s3(): S3Client {
    const keys = JSON.parse(readFileSync(join(this.dataDir, 's3-credentials.json'), 'utf8')) as { accessKey: string; secretKey: string };
    return new S3Client({ endPoint: '127.0.0.1', port: this.ports.S3_PORT, useSSL: false, accessKey: keys.accessKey, secretKey: keys.secretKey, region: 'us-east-1', pathStyle: true });
  }

  /** `node dist/scripts/dev.js` on this stack's folder and ports; resolves once the gateway says every service is up. */
  async start(): Promise<void> {
    mkdirSync(this.dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEV_DATA_DIR: this.dataDir,
      ...Object.fromEntries(Object.entries(this.ports).map(([k, v]) => [k, String(v)])),
      PIPELINE_SEGMENTER: 'classical',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ACCESS_TOKEN_TTL_S: TOKEN_TTL_S,
      // dev.js runs in the process group the drill gives it (detached below)
      DEVSTACK_OWN_GROUP: '1',
      WEB_DIST: '',
    };
    for (const name of ['DATABASE_URL', 'NATS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'SMTP_URL', 'PUSH_CAPTURE_DIR', 'PIPELINE_SEGMENTER_URL', 'NATS_NAMESPACE']) delete env[name];
    const out = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [DEV], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        this.lines.push(line);
        if (this.lines.length > 40) this.lines.shift();
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    void this.exited.then(() => out.end());
    cleanups.unshift({ what: `the ${this.name} stack`, run: () => this.stop() });
    await waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new StackExit(`${this.name}: dev.js exited (${child.exitCode ?? child.signalCode}):\n${this.tail()}`);
        const res = await fetch(`${this.api}/health`, { signal: AbortSignal.timeout(3000) });
        const body = (await res.json()) as { status?: string };
        return body.status === 'ok';
      },
      `the ${this.name} stack to answer healthy (log: ${this.logFile})`,
      STACK_START_MS,
      1000,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${this.tail()}`);
    });
  }

  tail(): string {
    return this.lines.slice(-15).join('\n');
  }

  /** throws StackExit when dev.js has ended (a process of it died and it stopped the rest) */
  assertRunning(): void {
    const child = this.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new StackExit(`${this.name}: dev.js exited (${child.exitCode ?? child.signalCode}):\n${this.tail()}`);
  }

  /** SIGTERM to dev.js, which stops the services and then its infrastructure; SIGKILL to what is left after 60 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const hard = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }, 60_000);
      await this.exited;
      clearTimeout(hard);
    }
    killLeftovers(this.dataDir);
    this.child = null;
  }
}


/**
 * What a stack may leave behind when dev.js was killed: its PostgreSQL (postmaster.pid in the
 * stack's data folder) and its nats-server (its own process group; found by the store folder
 * on its command line). Each is stopped by its process id.
 */
function killLeftovers(dataDir: string): void {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) signal(pid, 'SIGQUIT');
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.includes('nats-server') && cmdline.includes(join(dataDir, 'nats'))) signal(Number(entry), 'SIGKILL');
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

// ---------------------------------------------------------------------------------------------
// the API, as users call it

/** dev.js ended while the drill waited for it */
class StackExit extends Error {}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

class Api {
  constructor(
    readonly base: string,
    public token = '',
  ) {}

  static async signIn(base: string, email: string, password = DEMO_PASSWORD): Promise<Api> {
    const api = new Api(base);
    const body = await api.call<{ accessToken: string }>('POST', '/auth/login', { email, password });
    api.token = body.accessToken;
    return api;
  }

  on(base: string): Api {
    return new Api(base, this.token);
  }

  async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.raw(method, path, body, headers);
    const text = await res.text();
    if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, `${method} ${path} answered ${res.status} ${text.slice(0, 400)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  }
}

interface ImageRow {
  id: string;
  position: number;
  optimisationStatus: string;
  url: string | null;
}

interface OrderRow {
  id: string;
  orderName: string;
  status: string;
  QAstatus: string;
}

/** Car photos (1200x900 JPEG, a car on a street), each another colour. */
async function photos(n: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const hue = (i * 67) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
      <rect width="1200" height="520" fill="#9cc3e6"/><rect y="520" width="1200" height="380" fill="#6b6b6b"/>
      <rect x="220" y="390" width="760" height="230" rx="70" fill="hsl(${hue},60%,40%)"/>
      <rect x="340" y="315" width="460" height="120" rx="45" fill="hsl(${hue},40%,30%)"/>
      <circle cx="360" cy="620" r="85" fill="#111"/><circle cx="840" cy="620" r="85" fill="#111"/></svg>`;
    out.push(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  }
  return out;
}

/** Puts the pictures through a presigned POST, as the mobile app does, and says the upload is complete. */
async function upload(dealer: Api, orderId: string, position: number, photo: Buffer): Promise<string> {
  const grant = await dealer.call<{ url: string; fields: string; imageId: string }>('POST', '/images/get-signed-url-for-upload', {
    order: orderId,
    position,
    fileSize: photo.length,
    width: 1200,
    height: 900,
    contentType: 'image/jpeg',
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(JSON.parse(grant.fields) as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `car-${position}.jpg`);
  const posted = await fetch(grant.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`the upload to storage answered ${posted.status} ${(await posted.text()).slice(0, 300)}`);
  await dealer.call('POST', '/images/upload-complete', { imageId: grant.imageId });
  return grant.imageId;
}

const imagesOf = (api: Api, orderId: string) => api.call<ImageRow[]>('GET', `/images/order/${orderId}`);
const orderOf = (api: Api, orderId: string) => api.call<OrderRow>('GET', `/orders/${orderId}`);

/**
 * The data, as users make it: ORDERS orders of PICTURES pictures by the demo dealership on a
 * guide of the admin's, processed; one picture of each order repushed (a second version); every
 * order but the last approved by QA and delivered to the dealership's robot, which pulls and
 * acknowledges them through the robot API. Answers the order ids and the guide.
 */
async function putData(stack: DevStack, admin: Api, dealer: Api): Promise<{ orders: string[]; guide: string }> {
  const dealerId = DEMO_ACCOUNTS.dealer.id;
  const guide = await admin.call<{ id: string }>('POST', '/style-guides', {
    name: `Restore drill ${Date.now().toString(36)}`,
    outputWidth: 800,
    outputHeight: 600,
    maxImageSize: 400_000,
    frameFreeRouting: 'enhancer',
  });
  await admin.call('POST', '/style-guides/add-style-guide-to-user', { userId: dealerId, styleGuideId: guide.id });
  const pictures = await photos(PICTURES);
  const orders: string[] = [];
  for (let n = 1; n <= ORDERS; n++) {
    const order = await dealer.call<{ id: string }>('POST', '/orders', {
      orderName: `Drill car ${n}`,
      styleGuide: guide.id,
      salesMan: DEMO_SALES_PEOPLE[0].id,
      takenImagesCount: PICTURES,
      deviceInformation: { platform: 'android', model: 'Pixel 8', osVersion: '15' },
    });
    for (let position = 1; position <= PICTURES; position++) await upload(dealer, order.id, position, pictures[(n + position) % PICTURES]);
    orders.push(order.id);
  }
  const processed = (orderId: string) =>
    waitFor(
      async () => {
        const images = await imagesOf(admin, orderId);
        return images.length === PICTURES && images.every((i) => i.optimisationStatus === 'completed') ? images : null;
      },
      `the pictures of order ${orderId} processed`,
      180_000,
    );
  for (const orderId of orders) {
    const [first] = await processed(orderId);
    const versions = async () => (await admin.call<unknown[]>('GET', `/images/${first.id}/versions`)).length;
    const before = await versions();
    // QA sends one picture through the pipeline again: a new version of it
    await admin.call('POST', '/images/repush', { orderId, imageArray: [first.id], method: 'bypass' });
    await waitFor(
      async () => (await versions()) > before && (await imagesOf(admin, orderId)).every((i) => i.optimisationStatus === 'completed'),
      `the repushed picture of order ${orderId} processed again`,
      180_000,
    );
    await waitFor(async () => (await orderOf(admin, orderId)).status === 'QA stage', `order ${orderId} in QA stage`, 60_000);
  }
  const delivered = orders.slice(0, Math.max(1, orders.length - 1));
  for (const orderId of delivered) await admin.call('PUT', `/orders/approval/${orderId}/true`);

  // the dealership's robot: enqueued by the admin, pulled and acknowledged through the robot API
  const robot = await admin.call<{ id: string }>('POST', '/remote-integration', { provider: 'DELIVERY_ROBOT', isActive: true, userId: dealerId });
  const { key } = await admin.call<{ key: string }>('POST', `/order-delivery-messages/robot-credentials/${robot.id}`);
  for (const orderId of delivered) await admin.call('POST', `/orders/enqueue-order-delivery-by-id/${orderId}`, { selectedIntegrations: [{ id: robot.id }] });
  const robotApi = new Api(stack.api);
  const acked = new Set<string>();
  await waitFor(
    async () => {
      const pulled = await robotApi.call<{ messages: Array<{ id: string; orderId: string; images: Array<{ position: number; url: string }> }> }>(
        'POST',
        '/robot/messages/pull',
        { max: 10 },
        { 'x-robot-key': key },
      );
      for (const msg of pulled.messages) {
        const files = await Promise.all(
          msg.images.map(async (image) => {
            const res = await fetch(image.url);
            if (!res.ok) throw new Error(`the robot's download of a picture of order ${msg.orderId} answered ${res.status}`);
            const bytes = Buffer.from(await res.arrayBuffer());
            return { name: `${image.position}.jpg`, location: `/robot/${msg.id}/${image.position}.jpg`, bytes: bytes.length, sha256: sha256(bytes) };
          }),
        );
        await robotApi.call('POST', `/robot/messages/${msg.id}/ack`, { files, answer: 'stored' }, { 'x-robot-key': key });
        acked.add(msg.orderId);
      }
      return acked.size === delivered.length;
    },
    'the robot to pull and acknowledge every delivery',
    120_000,
  );
  for (const orderId of delivered) await waitFor(async () => (await orderOf(admin, orderId)).status === 'Completed', `order ${orderId} Completed`, 60_000);
  return { orders, guide: guide.id };
}

// ---------------------------------------------------------------------------------------------
// what is compared

/** the dashboards' questions, asked of the admin's and the dealership's dashboards */
function dashboardRoutes(): Array<{ who: 'admin' | 'dealer'; path: string }> {
  const admin = [
    'get-device-statistics?timePeriod=month',
    'get-appVersion-statistics?timePeriod=week&timeFrame=last',
    'getOrderStatisticsPerMonth?timePeriod=year',
    'getImageStatisticsPerMonthTotal?timeFrame=LAST_QUARTER',
    'get-order-timeline-data?timeLineStep=week',
    'get-average-images-per-car',
    'get-total-orders-by-status?timePeriod=week',
    'get-inactive-users?timeFrame=30',
    'get-qa-service-levels?weeks=52',
    'getQAActivitiesByTimePeriod?tagCategoryFromQA=QA_COORDINATOR',
    // last month (this month is not asked for)
    'get-repushed-images-statistics',
    'get-edited-images-statistics',
    'get-statistics-total-events-last-30-days?eventName=DELIVERED',
    'get-statistics-total-events-last-30-days?eventName=IMAGE_REPUSHED',
    'get-amount-of-flawless-orders?timePeriod=month',
    'rejection-reasons',
  ].map((path) => ({ who: 'admin' as const, path: `/dashboard/${path}` }));
  const dealer = [
    `getDealershipOrderStatistics/${DEMO_ACCOUNTS.dealer.id}?timePeriod=year`,
    `getOrdersPerSalesMan/${DEMO_ACCOUNTS.dealer.id}?timePeriod=year`,
    `userStatistics/${DEMO_ACCOUNTS.dealer.id}`,
  ].map((path) => ({ who: 'dealer' as const, path: `/dashboard/${path}` }));
  return [...admin, ...dealer];
}

/** the routes whose answer must hold a figure above zero once the drill's data is in */
const MUST_COUNT = ['getOrderStatisticsPerMonth', 'get-total-orders-by-status', 'eventName=DELIVERED', 'eventName=IMAGE_REPUSHED', 'getDealershipOrderStatistics'];

async function dashboards(sessions: { admin: Api; dealer: Api }): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const { who, path } of dashboardRoutes()) answers.set(path, JSON.stringify(await sessions[who].call('GET', path)));
  return answers;
}

function hasFigure(value: unknown): boolean {
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'string') return /^\d+(\.\d+)?$/.test(value) && Number(value) > 0;
  if (Array.isArray(value)) return value.some(hasFigure);
  if (value && typeof value === 'object') return Object.values(value).some(hasFigure);
  return false;
}

/**
 * Every base table of every schema of the database (not PostgreSQL's own) with its row count.
 * A tally kept by triggers over slots (`order_tally`, `order_day_tally`: columns `slot` and
 * `n`, the slot drawn at random to spread concurrent writers) holds the same sums in other rows
 * when the same changes are made again: it is compared by its sums per group (slot left out).
 */
async function rowCounts(databaseUrl: string): Promise<Map<string, string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; name: string; slotted: boolean; columns: string[] }>(
      `SELECT t.table_schema AS schema, t.table_name AS name,
              bool_or(c.column_name = 'slot') AND bool_or(c.column_name = 'n') AS slotted,
              array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
         FROM information_schema.tables t JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
        WHERE t.table_type = 'BASE TABLE' AND t.table_schema NOT IN ('pg_catalog', 'information_schema') AND t.table_schema NOT LIKE 'pg_toast%'
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const counts = new Map<string, string>();
    for (const { schema, name, slotted, columns } of rows) {
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      if (slotted) {
        const keys = columns.filter((c) => c !== 'slot' && c !== 'n').map((c) => client.escapeIdentifier(c));
        const { rows: g } = await client.query<{ groups: string; total: string; digest: string }>(
          `SELECT count(*) AS groups, coalesce(sum(n), 0) AS total, md5(coalesce(string_agg(g::text, ',' ORDER BY g::text), '')) AS digest
             FROM (SELECT ${keys.join(', ')}, sum(n) AS n FROM ${table} GROUP BY ${keys.join(', ')} HAVING sum(n) <> 0) g`,
        );
        counts.set(`${schema}.${name}`, `${g[0].groups} groups summing to ${g[0].total} (${g[0].digest.slice(0, 8)})`);
      } else {
        const { rows: c } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
        counts.set(`${schema}.${name}`, `${c[0].n} rows`);
      }
    }
    return counts;
  } finally {
    await client.end();
  }
}

function countDifferences(want: Map<string, string>, got: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [table, n] of want) {
    if (!got.has(table)) out.push(`table ${table} missing`);
    else if (got.get(table) !== n) out.push(`${table} has ${got.get(table)}, not ${n}`);
  }
  for (const table of got.keys()) if (!want.has(table)) out.push(`table ${table} extra`);
  return out;
}

interface Quiet {
  unsent: number;
  pending: number;
  queued: number;
  deadLettered: number;
}

/** Nothing in flight: every outbox sent, no JetStream message waiting or unacknowledged, no picture in the pipeline. */
async function inFlight(stack: DevStack): Promise<Quiet> {
  stack.assertRunning();
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  let unsent = 0;
  let queued = 0;
  try {
    const { rows } = await client.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox' AND table_type = 'BASE TABLE'`);
    for (const { schema } of rows) {
      unsent += Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(schema)}.outbox WHERE sent_at IS NULL`)).rows[0].n);
    }
    queued = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM images.image WHERE optimisation_status = 'queued'`)).rows[0].n);
  } finally {
    await client.end();
  }
  const nc = await connect({ servers: stack.natsUrl, name: 'restore-drill' });
  let pending = 0;
  let deadLettered = 0;
  try {
    const jsm = await nc.jetstreamManager();
    for (const stream of await jsm.streams.list().next()) {
      if (stream.config.name.endsWith('DEADLETTER')) deadLettered += stream.state.messages;
      for (const c of await jsm.consumers.list(stream.config.name).next()) pending += c.num_pending + c.num_ack_pending;
    }
  } finally {
    await nc.close();
  }
  return { unsent, pending, queued, deadLettered };
}

/** Waits until nothing is in flight and the dashboards answer the same twice in a row. */
async function quiesce(stack: DevStack, sessions: { admin: Api; dealer: Api }): Promise<Map<string, string>> {
  let previous = '';
  return waitFor(
    async () => {
      const q = await inFlight(stack);
      if (q.unsent + q.pending + q.queued > 0) {
        previous = '';
        return null;
      }
      const answers = await dashboards(sessions);
      const now = JSON.stringify([...answers]);
      const steady = now === previous;
      previous = now;
      return steady ? answers : null;
    },
    'the source stack to settle (outboxes sent, no message pending, no picture queued, the dashboards steady)',
    QUIET_MS,
    2000,
  );
}

// ---------------------------------------------------------------------------------------------
// backup

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The major version of a pg_basebackup binary (`pg_basebackup (PostgreSQL) 15.14`), or 0. */
function basebackupMajor(binary: string): number {
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const m = /\(PostgreSQL\) (\d+)/.exec(r.stdout ?? '');
  return m ? Number(m[1]) : 0;
}

/** A pg_basebackup whose major version is the server's: PG_BASEBACKUP, the PATH, or Debian's /usr/lib/postgresql/<major>/bin. */
function findBasebackup(major: number): { binary?: string; seen: string[] } {
  const candidates = [
    process.env.PG_BASEBACKUP,
    ...(process.env.PATH ?? '').split(':').filter(Boolean).map((d) => join(d, 'pg_basebackup')),
    ...(existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => join('/usr/lib/postgresql', v, 'bin', 'pg_basebackup')) : []),
  ].filter((c): c is string => !!c && existsSync(c));
  const seen: string[] = [];
  for (const c of candidates) {
    const m = basebackupMajor(c);
    seen.push(`${c} (${m || 'unknown'})`);
    if (m === major) return { binary: c, seen };
  }
  return { seen };
}

/** Files and folders of a data directory that a base backup leaves out (as pg_basebackup does). */
const PG_SKIP = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

/** Copies a live data directory file by file; a file removed while copying is skipped (the WAL replay makes it right). */
async function copyLive(from: string, to: string, top = true): Promise<void> {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (top && PG_SKIP.has(entry.name)) {
      if (entry.isDirectory()) mkdirSync(dst, { recursive: true, mode: 0o700 });
      continue;
    }
    try {
      if (entry.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
      else if (entry.isDirectory()) await copyLive(src, dst, false);
      else if (entry.isFile()) await copyFile(src, dst);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

/**
 * A base backup of the running PostgreSQL with the WAL that makes it consistent, into `dir`,
 * while `during` writes through the product. `pg_basebackup -X stream -c fast` when a
 * pg_basebackup of the server's major version is here (`during` runs beside it, which then
 * ends after the writes: --max-rate keeps it longer than they take); otherwise the low-level
 * backup API, as pg_basebackup does it over the replication protocol: a temporary physical
 * replication slot keeps the WAL from the start on, `pg_backup_start` (fast checkpoint), a copy
 * of the data directory file by file with `during` writing meanwhile, `pg_backup_stop` (its
 * backup_label written into the copy), then the WAL segments from the start's to the stop's.
 */
async function backupPostgres(stack: DevStack, dir: string, during: (copied: Promise<void>) => Promise<void>): Promise<string> {
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; dir: string }>(`SELECT current_setting('server_version_num') AS num, current_setting('data_directory') AS dir`);
    const major = Math.floor(Number(rows[0].num) / 10000);
    const found = findBasebackup(major);
    if (found.binary) {
      const args = ['-D', dir, '-X', 'stream', '-c', 'fast', '--max-rate=32M', '-h', '127.0.0.1', '-p', String(stack.ports.PG_PORT), '-U', EMBEDDED_PG_USER, '--no-password'];
      const child = spawn(found.binary, args, { env: { ...process.env, PGPASSWORD: EMBEDDED_PG_PASSWORD }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = new Promise<number | null>((done) => child.once('exit', done));
      await during(Promise.resolve());
      if ((await code) !== 0) throw new Error(`pg_basebackup failed: ${stderr}`);
      return `pg_basebackup -X stream (${found.binary}, PostgreSQL ${major})`;
    }
    const dataDir = rows[0].dir;
    await client.query(`SELECT pg_create_physical_replication_slot('restore_drill', true, true)`);
    const start = await client.query<{ lsn: string; wal: string }>(`SELECT lsn::text, pg_walfile_name(lsn) AS wal FROM pg_backup_start('restore drill', true) AS lsn`);
    const copy = copyLive(dataDir, dir);
    await Promise.all([copy, during(copy)]);
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; wal: string }>(
      `SELECT lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) AS wal FROM pg_backup_stop(false)`,
    );
    const { labelfile, spcmapfile } = stop.rows[0];
    writeFileSync(join(dir, 'backup_label'), labelfile);
    if (spcmapfile) writeFileSync(join(dir, 'tablespace_map'), spcmapfile);
    // the stop switched to a new segment: every segment from the start's to the stop's is complete
    const first = start.rows[0].wal;
    const last = stop.rows[0].wal;
    const timeline = first.slice(0, 8);
    let copied = 0;
    for (const name of readdirSync(join(dataDir, 'pg_wal')).sort()) {
      const segment = /^[0-9A-F]{24}$/.test(name) && name.slice(0, 8) === timeline && name >= first && name <= last;
      if (segment || /^[0-9A-F]{8}\.history$/.test(name)) {
        copyFileSync(join(dataDir, 'pg_wal', name), join(dir, 'pg_wal', name));
        if (segment) copied++;
      }
    }
    mkdirSync(join(dir, 'pg_wal', 'archive_status'), { recursive: true });
    await client.query(`SELECT pg_drop_replication_slot('restore_drill')`);
    return (
      `the low-level backup API with a replication slot (PostgreSQL ${major}; no pg_basebackup ${major} here, seen: ${found.seen.join(', ') || 'none'}), ` +
      `WAL ${start.rows[0].lsn} to ${stop.rows[0].lsn} in ${copied} segment(s)`
    );
  } finally {
    await client.end();
  }
}

interface ObjectEntry {
  key: string;
  size: number;
  sha256: string;
  metaData: Record<string, string>;
}

async function listKeys(s3: S3Client): Promise<Array<{ key: string; size: number }>> {
  const keys: Array<{ key: string; size: number }> = [];
  const stream = s3.listObjectsV2(BUCKET, '', true);
  for await (const item of stream as AsyncIterable<{ name?: string; size?: number }>) if (item.name) keys.push({ key: item.name, size: item.size ?? 0 });
  return keys.sort((a, b) => a.key.localeCompare(b.key));
}

/** Every object of the bucket, its SHA-256 by its key. */
async function checksums(s3: S3Client): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const { key } of await listKeys(s3)) sums.set(key, sha256(await readObject(s3, key)));
  return sums;
}

async function readObject(s3: S3Client, key: string): Promise<Buffer> {
  const stream = await s3.getObject(BUCKET, key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every object of the bucket through the S3 API (a listing, then a GET each, as rclone or s3cmd copy), each stored under its SHA-256, with a manifest. */
async function backupObjects(stack: DevStack, dir: string): Promise<ObjectEntry[]> {
  const s3 = stack.s3();
  mkdirSync(join(dir, 'objects'), { recursive: true });
  const manifest: ObjectEntry[] = [];
  for (const { key } of await listKeys(s3)) {
    const stat = await s3.statObject(BUCKET, key);
    const bytes = await readObject(s3, key);
    const sum = sha256(bytes);
    writeFileSync(join(dir, 'objects', sum), bytes);
    manifest.push({ key, size: bytes.length, sha256: sum, metaData: Object.fromEntries(Object.entries(stat.metaData ?? {}).map(([k, v]) => [k, String(v)])) });
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 1));
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// restore

function postgresIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid <= 0) throw new Error('running as root, and there is no system user postgres to run the restored PostgreSQL as');
  return { uid, gid };
}

function copyTree(from: string, to: string, owner: { uid: number; gid: number } | null): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  if (owner) chownSync(to, owner.uid, owner.gid);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dst, owner);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
    else {
      copyFileSync(src, dst);
      chmodSync(dst, 0o600);
      if (owner) chownSync(dst, owner.uid, owner.gid);
    }
  }
  chmodSync(to, 0o700);
}

/**
 * The restored database, before any service touches it: PostgreSQL started once on the base
 * backup (it replays the WAL to the backup's end and says so), and the outbox rows sent in the
 * last REPUBLISH_MINUTES before the backup marked unsent, so that the relays publish them again
 * on the new NATS server: what was in the old streams and not yet taken by every consumer.
 * Consumers keep the ids of what they applied, the pipeline its finished jobs, the statistics
 * apply idempotently: what was taken already changes nothing (docs/operations.md).
 */
async function restorePostgres(stack: DevStack, backupDir: string, backupStartedAt: Date): Promise<{ unsent: number; republished: number; recovery: string[] }> {
  copyTree(join(backupDir, 'postgres'), join(stack.dataDir, 'postgres'), postgresIds());
  // what PostgreSQL says of its recovery: where the backup starts, the WAL replayed, when it is consistent
  const recovery: string[] = [];
  const onLog = (line: string) => {
    if (/starting backup recovery|redo starts|consistent recovery state|redo done/i.test(line)) recovery.push(line.replace(/^.*?(LOG|DETAIL):\s*/, ''));
  };
  const pg = await startEmbeddedPostgres({ dataDir: join(stack.dataDir, 'postgres'), port: stack.ports.PG_PORT, onLog });
  try {
    const client = new Client({ connectionString: pg.databaseUrl });
    await client.connect();
    let unsent = 0;
    let republished = 0;
    try {
      const { rows } = await client.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox' AND table_type = 'BASE TABLE'`);
      for (const { schema } of rows) {
        const outbox = `${client.escapeIdentifier(schema)}.outbox`;
        unsent += Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${outbox} WHERE sent_at IS NULL`)).rows[0].n);
        const r = await client.query(`UPDATE ${outbox} SET sent_at = NULL WHERE sent_at >= $1::timestamptz - make_interval(mins => $2)`, [backupStartedAt, REPUBLISH_MINUTES]);
        republished += r.rowCount ?? 0;
      }
    } finally {
      await client.end();
    }
    return { unsent, republished, recovery };
  } finally {
    await pg.stop();
  }
}

/** Every object of the manifest put into the new stack's embedded S3 through the S3 API, with its content type and metadata. */
async function restoreObjects(stack: DevStack, backupDir: string, manifest: ObjectEntry[]): Promise<void> {
  const credentials = loadOrCreateS3Credentials(join(stack.dataDir, 's3-credentials.json'));
  const server = await startEmbeddedS3({ directory: join(stack.dataDir, 's3'), port: stack.ports.S3_PORT, buckets: [BUCKET], credentials });
  try {
    const s3 = stack.s3();
    for (const o of manifest) {
      const bytes = readFileSync(join(backupDir, 'objects', o.sha256));
      await s3.putObject(BUCKET, o.key, bytes, bytes.length, o.metaData);
    }
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------
// the drill

interface Snapshot {
  counts: Map<string, string>;
  dashboards: Map<string, string>;
  orders: string;
  /** every object's SHA-256 by its key */
  objects: Map<string, string>;
  picture: { orderId: string; imageId: string; sha256: string };
}

/** what the dealership's list shows of its orders (links differ between stacks: not compared) */
async function dealerOrders(dealer: Api): Promise<string> {
  const list = await dealer.call<{ items: Array<Record<string, unknown>>; total: number }>('GET', '/orders/get-orders?page=1');
  const items = list.items.map((o) => [o.id, o.orderName, o.status, o.QAstatus, o.takenImagesCount, o.processedImagesCount]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return JSON.stringify({ total: list.total, items });
}

async function drill(root: string): Promise<{ line: string; ok: boolean }> {
  const source = new DevStack('source', root, await stackPorts());
  const restored = new DevStack('restored', root, await stackPorts());
  const backupDir = join(root, 'backup');

  log(`starting the source stack (dev.js, data in ${source.dataDir}, gateway on ${source.ports.PORT})`);
  const t0 = Date.now();
  await source.start();
  log(`source stack up in ${seconds(Date.now() - t0)}`);
  const sessions = { admin: await Api.signIn(source.api, DEMO_ACCOUNTS.admin.email), dealer: await Api.signIn(source.api, DEMO_ACCOUNTS.dealer.email) };
  const tData = Date.now();
  const { orders: orderIds, guide } = await putData(source, sessions.admin, sessions.dealer);
  log(`data put in through the API in ${seconds(Date.now() - tData)}: ${orderIds.length} orders of ${PICTURES} pictures, a repush each, ${Math.max(1, orderIds.length - 1)} delivered to a robot`);
  const before = await quiesce(source, sessions);
  const empty = [...before].filter(([path, json]) => MUST_COUNT.some((m) => path.includes(m)) && !hasFigure(JSON.parse(json)));
  if (empty.length > 0) throw new Error(`the dashboards answer no figure for ${empty.map(([p]) => p).join(', ')}`);

  // the backup, while the stack runs and the dealership creates orders: what it wrote before
  // the backup's end is in the WAL, and its events still in flight then come back through the outbox
  mkdirSync(backupDir, { recursive: true });
  const backupStartedAt = new Date();
  const tb = Date.now();
  let written = 0;
  const [during] = await photos(1);
  let uploadedDuring = 0;
  const writer = async (copied: Promise<void>): Promise<void> => {
    let done = false;
    void copied.then(() => (done = true));
    const create = (takenImagesCount = 1) =>
      sessions.dealer.call<{ id: string }>('POST', '/orders', {
        orderName: `Written during the backup ${++written}`,
        styleGuide: guide,
        salesMan: DEMO_SALES_PEOPLE[1].id,
        takenImagesCount,
      });
    while (!done || written < 3) await create();
    // the last one's first picture of two, just before the backup ends: its pipeline job is in
    // the stream then. The order stays Uploading, so the restored stack, which processes the
    // picture later, has no stage time of its own to differ in.
    await upload(sessions.dealer, (await create(2)).id, 1, during);
    uploadedDuring++;
  };
  const pgMethod = await backupPostgres(source, join(backupDir, 'postgres'), writer);
  // after the database: every object a row names was there before the copy started
  const manifest = await backupObjects(source, join(backupDir, 's3'));
  copyFileSync(join(source.dataDir, 'dev-secrets.json'), join(backupDir, 'dev-secrets.json'));
  const backupMs = Date.now() - tb;
  const backupBytes = directorySize(backupDir);
  const pgBytes = directorySize(join(backupDir, 'postgres'));
  const s3Bytes = directorySize(join(backupDir, 's3'));
  log(`backup: PostgreSQL by ${pgMethod}; ${written} orders created meanwhile`);

  // the source once it has taken what was in flight: what the restored stack must come to
  const settledAnswers = await quiesce(source, sessions);
  const [picture] = (await imagesOf(sessions.dealer, orderIds[0])).filter((i) => i.url);
  const pictureBytes = Buffer.from(await (await fetch(picture.url!)).arrayBuffer());
  const snapshot: Snapshot = {
    counts: await rowCounts(source.databaseUrl),
    dashboards: settledAnswers,
    orders: await dealerOrders(sessions.dealer),
    objects: await checksums(source.s3()),
    picture: { orderId: orderIds[0], imageId: picture.id, sha256: sha256(pictureBytes) },
  };
  const dead = (await inFlight(source)).deadLettered;
  if (dead > 0) log(`note: ${dead} message(s) in the source's dead-letter stream (not carried over: docs/operations.md)`);

  // the restore: new folder, new ports; PostgreSQL from the base backup, the objects, a new NATS
  const tr = Date.now();
  mkdirSync(restored.dataDir, { recursive: true });
  copyFileSync(join(backupDir, 'dev-secrets.json'), join(restored.dataDir, 'dev-secrets.json'));
  chmodSync(join(restored.dataDir, 'dev-secrets.json'), 0o600);
  const { unsent, republished, recovery } = await restorePostgres(restored, backupDir, backupStartedAt);
  const tPg = Date.now() - tr;
  for (const line of recovery) log(`restored PostgreSQL: ${line}`);
  if (!recovery.some((l) => /consistent recovery state/i.test(l))) throw new Error(`the restored PostgreSQL did not say it reached a consistent state from the backup:\n${recovery.join('\n')}`);
  await restoreObjects(restored, join(backupDir, 's3'), manifest);
  const tS3 = Date.now() - tr - tPg;
  if (BREAK === 'object') {
    const victim = manifest[Math.floor(manifest.length / 2)];
    log(`RESTORE_DRILL_BREAK=object: deleting ${victim.key} from the restored bucket`);
    const credentials = loadOrCreateS3Credentials(join(restored.dataDir, 's3-credentials.json'));
    const server = await startEmbeddedS3({ directory: join(restored.dataDir, 's3'), port: restored.ports.S3_PORT, buckets: [BUCKET], credentials });
    await restored.s3().removeObject(BUCKET, victim.key);
    await server.close();
  }
  await restored.start();
  const restoreMs = Date.now() - tr;

  // what was published again has been taken: nothing in flight on the restored stack
  const differences: string[] = [];
  let settled = await inFlight(restored);
  await waitFor(
    async () => {
      settled = await inFlight(restored);
      return settled.unsent + settled.pending + settled.queued === 0;
    },
    'the restored stack to take what the outbox published again',
    SETTLE_MS,
    1000,
  ).catch((err: unknown) => {
    if (err instanceof StackExit) throw err;
    differences.push(`the restored stack did not settle in ${seconds(SETTLE_MS)}: ${settled.unsent} events unsent, ${settled.pending} messages pending, ${settled.queued} pictures queued`);
  });
  const settledMs = Date.now() - tr;
  if (settled.deadLettered > 0) differences.push(`${settled.deadLettered} message(s) dead-lettered on the restored stack`);

  // every object by its checksum, once both stacks have taken what was in flight (the pipeline
  // writes the outputs of the jobs that were in the stream at the backup on both)
  const restoredSums = await checksums(restored.s3());
  const missing = [...snapshot.objects.keys()].filter((k) => !restoredSums.has(k));
  const extra = [...restoredSums.keys()].filter((k) => !snapshot.objects.has(k));
  const wrongSums = [...restoredSums].filter(([k, sum]) => snapshot.objects.has(k) && snapshot.objects.get(k) !== sum).map(([k]) => k);
  if (missing.length) differences.push(`${missing.length} object(s) missing (${missing.slice(0, 3).join(', ')})`);
  if (extra.length) differences.push(`${extra.length} object(s) extra (${extra.slice(0, 3).join(', ')})`);
  if (wrongSums.length) differences.push(`${wrongSums.length} object(s) with another SHA-256 (${wrongSums.slice(0, 3).join(', ')})`);

  // every table of every schema, once both stacks have taken what was in flight
  const rows = countDifferences(snapshot.counts, await rowCounts(restored.databaseUrl));
  if (rows.length) differences.push(`row counts (${rows.slice(0, 5).join('; ')}${rows.length > 5 ? `; ${rows.length - 5} more` : ''})`);

  // the dashboards through the restored gateway, asked with the sessions signed in before the backup
  const again = { admin: sessions.admin.on(restored.api), dealer: sessions.dealer.on(restored.api) };
  let answers = new Map<string, string>();
  const steady = await waitFor(
    async () => {
      answers = await dashboards(again);
      return [...snapshot.dashboards].every(([path, json]) => answers.get(path) === json);
    },
    'the dashboards',
    60_000,
    2000,
  ).catch(() => false);
  if (!steady) {
    const routes = [...snapshot.dashboards].filter(([path, json]) => answers.get(path) !== json).map(([path]) => path);
    for (const path of routes) log(`${path}\n  source:   ${snapshot.dashboards.get(path)?.slice(0, 600)}\n  restored: ${answers.get(path)?.slice(0, 600)}`);
    differences.push(`dashboards (${routes.join(', ')})`);
  }

  // a user signs in on the restored stack, sees the same orders and downloads a picture by its link
  const dealer = await Api.signIn(restored.api, DEMO_ACCOUNTS.dealer.email);
  if ((await dealerOrders(dealer)) !== snapshot.orders) differences.push("the dealership's orders list");
  const image = (await imagesOf(dealer, snapshot.picture.orderId)).find((i) => i.id === snapshot.picture.imageId);
  const download = image?.url ? await fetch(image.url) : null;
  if (!download || download.status !== 200) differences.push(`the picture's link answers ${download?.status ?? 'nothing'}`);
  else if (sha256(Buffer.from(await download.arrayBuffer())) !== snapshot.picture.sha256) differences.push("the picture's bytes");

  const ordersTotal = Number.parseInt(snapshot.counts.get('orders.orders') ?? '0', 10);
  console.log(
    `source: ${orderIds.length} orders of ${PICTURES} pictures made through the API (a repush each, delivered to a robot but the last), ` +
      `${written} orders created and ${uploadedDuring} picture uploaded during the backup, the demo data`,
  );
  console.log(`backup: ${mib(backupBytes)} (PostgreSQL ${mib(pgBytes)}, ${manifest.length} objects ${mib(s3Bytes)}) in ${seconds(backupMs)}, taken while the stack ran`);
  console.log(
    `restore time: PostgreSQL (copy and WAL replay) ${seconds(tPg)}, objects ${seconds(tS3)}, the services up ${seconds(restoreMs - tPg - tS3)}; ` +
      `${seconds(restoreMs)} in all until the gateway answered healthy; ${unsent} outbox rows unsent at the backup and ${republished} sent in the ${REPUBLISH_MINUTES} min before it published, and taken (nothing in flight) ${seconds(settledMs)} after the restore began` +
      `${settled.deadLettered ? `, ${settled.deadLettered} dead-lettered` : ''}`,
  );
  console.log(
    `compared: ${snapshot.counts.size} tables in ${new Set([...snapshot.counts.keys()].map((t) => t.split('.')[0])).size} schemas, ` +
      `${snapshot.objects.size} objects by SHA-256 (${manifest.length} in the backup), ${snapshot.dashboards.size} dashboard answers, the dealership's orders and a picture's download`,
  );
  const head = `restore: ${ordersTotal} orders, ${snapshot.objects.size} objects`;
  return differences.length === 0 ? { line: `${head}, identical`, ok: true } : { line: `${head}, differs: ${differences.join('; ')}`, ok: false };
}

async function cleanup(root: string): Promise<void> {
  for (const step of cleanups.splice(0)) {
    try {
      await step.run();
    } catch (err) {
      log(`stopping ${step.what} failed: ${String(err)}`);
    }
  }
  if (KEEP) log(`kept ${root}`);
  else rmSync(root, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (!existsSync(DEV)) throw new Error(`${DEV} is missing: run "npm run build:server" first`);
  if (BREAK && BREAK !== 'object') throw new Error(`RESTORE_DRILL_BREAK takes "object", not "${BREAK}"`);
  const root = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  // the embedded PostgreSQL runs as the system user postgres when this runs as root: it must reach its folder
  chmodSync(root, 0o755);
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      log(`${sig}: stopping what the drill started`);
      void cleanup(root).finally(() => process.exit(1));
    });
  }
  const started = Date.now();
  let result: { line: string; ok: boolean };
  try {
    result = await drill(root);
  } catch (err) {
    log(err instanceof Error ? (err.stack ?? err.message) : String(err));
    result = { line: `restore: ? orders, ? objects, differs: the drill stopped: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, ok: false };
  }
  await cleanup(root);
  console.log(`drill: ${seconds(Date.now() - started)} in all`);
  console.log(result.line);
  process.exit(result.ok ? 0 : 1);
}

void main();
