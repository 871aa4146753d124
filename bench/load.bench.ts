import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Route } from '@app/contracts';
import { ensureNatsServer, type NatsServer } from '@app/devstack';
import { seedAccounts } from '@app/seeding';
import { createTestDatabase, startTestS3, waitFor, type TestDatabase, type TestS3 } from '@app/testing';
import { connect } from 'nats';
import { Client } from 'pg';
import sharp from 'sharp';
import { ROUTE_DEFAULTS } from '../services/pipeline/src/routes/job-options';
import { distEntry, fmt, freePort, migrateService, percentile, processCpuMs, repoRoot } from './bench-utils';
import { carPhotos } from './car-photos';

/**
 * The load test (`make bench-load`): the product as real processes on this machine (the seven
 * services and the gateway from `dist/`, a PostgreSQL database, a NATS server and an S3 of the
 * run's own), seeded with dealerships, staff, a style guide and a starting set of orders, then
 * a mixed workload through the gateway for BENCH_SECONDS:
 *
 * - BENCH_DEALERS dealership clients: each creates an order of 8 pictures and uploads them one
 *   after another by presigned POST (a 1600x1200 JPEG), as the mobile app does (with the
 *   `upload-complete` call; even clients) or as the web creator does (without it: the images
 *   service finds the file; odd clients), with a photographer's pause between pictures;
 * - BENCH_STAFF admins and QA users: list and filter orders, open one (order and images),
 *   open the QA list, and approve the orders of their dealerships whose pictures are processed.
 *
 * It runs once with one replica of the images service and of the pipeline worker, then with
 * two of each, and prints per configuration the routes' latencies and errors, the pipeline's
 * throughput and lag, the CPU per process and per upload, then the 2-replica / 1-replica
 * ratios. It fails (exit 1) on any error answer or lost upload (a picture posted to storage
 * that is not processed after the drain). BENCH_ROLLING=1 also restarts every process in turn
 * during the run (a new one started, then SIGTERM to the old one) and reports what failed.
 * BENCH_ROUTE=full (or ai_no_enh) routes the pictures through an AI route: the style guide
 * gets a background, one segmenter process (`dist/services/segmenter`) runs beside the
 * services and the pipeline workers segment through it over HTTP, as deployed; its requests,
 * CPU per picture, inference times and peak memory get a line of their own.
 * How to read the figures: docs/operations.md.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const DEALERS = Number(process.env.BENCH_DEALERS ?? 50);
const STAFF = Number(process.env.BENCH_STAFF ?? 10);
const PICTURES = 8;
/** a photographer's pause between two pictures of a car, and between two cars (ms, ±50 %) */
const PHOTO_PAUSE_MS = Number(process.env.BENCH_PHOTO_PAUSE_MS ?? 20_000);
const CAR_PAUSE_MS = Number(process.env.BENCH_CAR_PAUSE_MS ?? 60_000);
/** a staff member's pause between two actions (ms, ±50 %) */
const STAFF_PAUSE_MS = Number(process.env.BENCH_STAFF_PAUSE_MS ?? 1_000);
/** orders already there before the run, per dealership */
const SEED_ORDERS = Number(process.env.BENCH_SEED_ORDERS ?? 20);
/** how long accepted uploads may take to end processed after the run */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 900);
const ROLLING = /^(1|true|yes)$/i.test(process.env.BENCH_ROLLING ?? '');
const REPLICAS = (process.env.BENCH_REPLICAS ?? '1,2').split(',').map(Number);
/** the route of the style guide's free-form positions: `enhancer` (no style-guide media, no segmentation) or an AI route */
const ROUTE = (process.env.BENCH_ROUTE ?? 'enhancer') as Route;
const BENCH_ROUTES: readonly Route[] = ['enhancer', 'full', 'ai_no_enh'];
if (!BENCH_ROUTES.includes(ROUTE)) throw new Error(`BENCH_ROUTE must be one of ${BENCH_ROUTES.join(', ')}, not ${ROUTE}`);
/** the route replaces the background: the guide needs one */
const REPLACES_BACKGROUND = ROUTE_DEFAULTS[ROUTE].removeBackground;
/** the route asks the segmenter for the car's mask (docs/pipeline.md): then one segmenter process runs, as in deploy/ */
const SEGMENTS = ROUTE_DEFAULTS[ROUTE].removeBackground || ROUTE_DEFAULTS[ROUTE].crop;
/** the model the segmenter loads (`node scripts/fetch-segmentation-model.mjs` writes it there) and its input side */
const SEGMENTER_MODEL = process.env.SEGMENTER_MODEL ?? join(repoRoot, 'services/segmenter/model/isnet-quint8.onnx');
const SEGMENTER_SIDE = process.env.SEGMENTER_SIDE ?? '768';
const PASSWORD = 'Bench-Pass-2026!';
const SERVICES = ['users', 'style-guides', 'orders', 'images', 'pipeline', 'delivery', 'statistics'] as const;
type Service = (typeof SERVICES)[number];
const SCALED: readonly Service[] = ['images', 'pipeline'];
type Kind = Service | 'gateway' | 'segmenter';
const BOOT_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = (ms: number) => ms * (0.5 + Math.random());

// ---------------------------------------------------------------------------------------------
// the processes

interface Proc {
  /** `images#2`, `gateway` */
  name: string;
  kind: Kind;
  child: ChildProcess;
  exited: Promise<void>;
  /** the operations port; the segmenter's one port (SEGMENTER_PORT) */
  opsPort: number;
  httpPort?: number;
  lines: string[];
  /** error and fatal log lines it printed */
  errors: string[];
  /** set once it answers on its operations port */
  ready: boolean;
  /** set when the bench stops it on purpose */
  stopping: boolean;
}

/**
 * The product's processes of one configuration, each `node dist/…/main.js` as in the faults
 * tier's stack (test/faults/fault-stack.harness.ts), with any number of instances of a service.
 * A process is up when its operations port (OPS_PORT, opened once the service is ready) answers;
 * the segmenter, which has no operations port and no NATS or database, when its one port
 * (SEGMENTER_PORT) says ready: its model is loaded.
 */
class Processes {
  readonly all: Proc[] = [];
  private counter = new Map<string, number>();
  /** environment added for one kind of process (the pipeline's segmenter address) */
  readonly kindEnv: Partial<Record<Kind, Record<string, string>>> = {};
  constructor(readonly env: Record<string, string>) {}


  private envOf(kind: Kind, port: number, httpPort: number | undefined): Record<string, string> {
    if (kind === 'segmenter') {
      const { PATH, NODE_ENV, LOG_LEVEL } = this.env;
      return { PATH, NODE_ENV, LOG_LEVEL, SEGMENTER_PORT: String(port), SEGMENTER_MODEL, SEGMENTER_SIDE, SEGMENTER_THREADS: '1', SEGMENTER_QUEUE: '4', MALLOC_ARENA_MAX: '2' };
    }
    return { ...this.env, OPS_PORT: String(port), OPS_HOST: '127.0.0.1', ...(httpPort ? { PORT: String(httpPort) } : {}), ...(this.kindEnv[kind] ?? {}) };
  }

  migrate(kind: Service): Promise<void> {
    return migrateService(kind, this.env);
  }

  async start(kind: Kind): Promise<Proc> {
    const n = (this.counter.get(kind) ?? 0) + 1;
    this.counter.set(kind, n);
    const opsPort = await freePort();
    const httpPort = kind === 'gateway' ? await freePort() : undefined;
    const env = this.envOf(kind, opsPort, httpPort);
    const child = spawn(process.execPath, [distEntry(kind)], { env, cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const proc: Proc = { name: `${kind}#${n}`, kind, child, opsPort, httpPort, lines: [], errors: [], ready: false, stopping: false, exited: Promise.resolve() };
    proc.exited = new Promise((done) => child.once('exit', () => done()));
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        proc.lines.push(line);
        if (proc.lines.length > 100) proc.lines.shift();
        if (/"level":("?(error|fatal)"?|50|60)/.test(line) && proc.errors.length < 50) proc.errors.push(line.slice(0, 600));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void proc.exited.then(() => {
      if (!proc.stopping) process.stderr.write(`${proc.name} exited by itself (code ${child.exitCode}, signal ${child.signalCode})\n${proc.lines.slice(-10).join('\n')}\n`);
    });
    this.all.push(proc);
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${proc.name} exited at start (code ${child.exitCode}):\n${proc.lines.slice(-20).join('\n')}`);
      const up = await fetch(`http://127.0.0.1:${opsPort}/health/${kind === 'segmenter' ? 'ready' : 'live'}`, { signal: AbortSignal.timeout(2000) }).then(
        (res) => kind !== 'segmenter' || res.ok,
        () => false,
      );
      if (up) {
        proc.ready = true;
        break;
      }
      if (Date.now() > deadline) throw new Error(`${proc.name} did not open its operations port within ${BOOT_TIMEOUT_MS / 1000} s:\n${proc.lines.slice(-20).join('\n')}`);
      await sleep(250);
    }
    return proc;
  }

  /** SIGTERM, as the orchestrator stops a pod; SIGKILL after 30 s (its grace period). */
  async stop(proc: Proc): Promise<{ ms: number; killed: boolean }> {
    proc.stopping = true;
    const t0 = Date.now();
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return { ms: 0, killed: false };
    proc.child.kill('SIGTERM');
    let killed = false;
    const hard = setTimeout(() => {
      killed = true;
      proc.child.kill('SIGKILL');
    }, 30_000);
    await proc.exited;
    clearTimeout(hard);
    return { ms: Date.now() - t0, killed };
  }

  live(kind?: string): Proc[] {
    return this.all.filter((p) => p.ready && !p.stopping && p.child.exitCode === null && (!kind || p.kind === kind));
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.all.map((p) => this.stop(p)));
  }
}

// ---------------------------------------------------------------------------------------------
// CPU: the product's processes, the database's backends, the NATS server and this process

/**
 * CPU per process over a window, from /proc/<pid>/stat: read at the start, every 2 s (so that a
 * process that ends in the window still counts up to its last reading) and at the end. The
 * PostgreSQL backends are those connected to the run's database (pg_stat_activity), so other
 * databases of the shared server do not count.
 */
class CpuWindow {
  private base = new Map<number, number>();
  private last = new Map<number, number>();
  private label = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  private selfStart = process.cpuUsage();
  private selfMs = 0;

  constructor(
    private readonly procs: Processes,
    private readonly nats: NatsServer,
    private readonly db: TestDatabase,
  ) {}

  private async pids(): Promise<Array<[number, string]>> {
    const list: Array<[number, string]> = this.procs.all.filter((p) => p.child.pid).map((p) => [p.child.pid!, p.kind === 'gateway' ? 'gateway' : p.kind]);
    if (this.nats.pid) list.push([this.nats.pid, 'nats-server']);
    const backends = await this.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()').catch(() => []);
    for (const { pid } of backends) list.push([pid, 'postgres (backends)']);
    return list;
  }

  private async read(initial: boolean): Promise<void> {
    for (const [pid, label] of await this.pids()) {
      const ms = processCpuMs(pid);
      if (ms === 0) continue;
      this.label.set(pid, label);
      // a process first seen after the start was born in the window
      if (!this.base.has(pid)) this.base.set(pid, initial ? ms : 0);
      this.last.set(pid, Math.max(ms, this.last.get(pid) ?? 0));
    }
  }

  async start(): Promise<void> {
    this.selfStart = process.cpuUsage();
    await this.read(true);
    this.timer = setInterval(() => void this.read(false), 2000);
  }

  /** CPU ms per label over the window. */
  async stop(): Promise<Map<string, number>> {
    if (this.timer) clearInterval(this.timer);
    await this.read(false);
    const self = process.cpuUsage(this.selfStart);
    this.selfMs = (self.user + self.system) / 1000;
    const byLabel = new Map<string, number>();
    for (const [pid, label] of this.label) byLabel.set(label, (byLabel.get(label) ?? 0) + (this.last.get(pid)! - this.base.get(pid)!));
    byLabel.set('bench (clients + S3)', this.selfMs);
    return byLabel;
  }
}

// ---------------------------------------------------------------------------------------------
// the segmenter: its Prometheus metrics and its memory

/** One scrape of the segmenter's /metrics: every sample by its name with labels (`name{labels}` → value). */
async function scrapeMetrics(port: number): Promise<Map<string, number>> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) }).then((r) => r.text());
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?)\s+(\S+)/.exec(line);
    if (m) samples.set(m[1], Number(m[2]));
  }
  return samples;
}

/** The sum of a metric's samples over every label set (a counter summed over outcomes, say), optionally only those whose labels match. */
function sumOf(samples: Map<string, number>, name: string, labels?: RegExp): number {
  let sum = 0;
  for (const [key, value] of samples) {
    const base = key.replace(/\{.*$/, '');
    if (base === name && (!labels || labels.test(key))) sum += value;
  }
  return sum;
}

/**
 * A quantile of a Prometheus histogram between two scrapes: the buckets' counts (summed over
 * label sets) of the window, then linear interpolation inside the bucket the quantile falls in,
 * as Prometheus' histogram_quantile does. NaN without observations.
 */
function histogramQuantile(before: Map<string, number>, after: Map<string, number>, name: string, q: number): number {
  const buckets = new Map<number, number>();
  for (const [key, value] of after) {
    const m = new RegExp(`^${name}_bucket\\{.*le="([^"]+)"`).exec(key);
    if (!m) continue;
    const le = m[1] === '+Inf' ? Infinity : Number(m[1]);
    buckets.set(le, (buckets.get(le) ?? 0) + value - (before.get(key) ?? 0));
  }
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted.length ? sorted[sorted.length - 1][1] : 0;
  if (total <= 0) return NaN;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const [le, count] of sorted) {
    if (count >= rank) {
      if (le === Infinity) return prevLe;
      return prevLe + ((le - prevLe) * (rank - prevCount)) / Math.max(1e-9, count - prevCount);
    }
    prevLe = le;
    prevCount = count;
  }
  return prevLe;
}

/** The most memory a process held resident in its life (VmHWM), in MB; NaN once it is gone. */
function peakRssMb(pid: number | undefined): number {
  try {
    const kb = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// the clients

interface Sample {
  route: string;
  ms: number;
  status: number;
  at: number;
}

interface Failure {
  route: string;
  status: number;
  body: string;
  at: number;
}

class Recorder {
  samples: Sample[] = [];
  failures: Failure[] = [];
  /** 4xx answers the workload expects (see EXPECTED_4XX), counted apart */
  expected = new Map<string, number>();
  t0 = Date.now();
}

/**
 * 4xx answers that are a normal outcome of the workload, not an error. None today: the staff
 * approve only their own dealerships' orders and only once every picture is processed, so no
 * two approvals race; any 4xx or 5xx fails the run.
 */
const EXPECTED_4XX: Array<{ route: string; status: number }> = [];

/** The gateways clients may reach now (a rolling restart takes one out before stopping it), round-robin. */
class Gateways {
  private i = 0;
  constructor(private readonly procs: Processes) {}
  base(): string {
    const live = this.procs.live('gateway');
    if (live.length === 0) throw new Error('no gateway is running');
    return `http://127.0.0.1:${live[this.i++ % live.length].httpPort}/api`;
  }
}

class Api {
  constructor(
    private readonly gateways: Gateways,
    private readonly rec: Recorder,
    private token = '',
  ) {}

  async signIn(email: string): Promise<void> {
    const res = await this.call('POST /auth/login', 'POST', '/auth/login', { email, password: PASSWORD });
    const token = (res.body as { accessToken?: string } | null)?.accessToken;
    if (!token) throw new Error(`sign-in of ${email} answered ${res.status} ${JSON.stringify(res.body)}`);
    this.token = token;
  }

  /** One request through a gateway; records its latency and any error. Never throws on an HTTP answer. */
  async call(route: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const t = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(this.gateways.base() + path, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = String((err as Error).cause ?? err);
    }
    this.record(route, status, performance.now() - t, text);
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status, body: parsed };
  }

  record(route: string, status: number, ms: number, body: string): void {
    const at = Date.now() - this.rec.t0;
    this.rec.samples.push({ route, ms, status, at });
    if (status >= 200 && status < 400) return;
    if (EXPECTED_4XX.some((e) => e.route === route && e.status === status)) {
      this.rec.expected.set(`${route} ${status}`, (this.rec.expected.get(`${route} ${status}`) ?? 0) + 1);
      return;
    }
    this.rec.failures.push({ route, status, body: body.slice(0, 300), at });
  }
}

interface Upload {
  imageId: string;
  orderId: string;
  /** when its presigned POST succeeded (epoch ms) */
  postedAt: number;
}

interface Dealer {
  id: string;
  email: string;
  salesPersonId: string;
}

async function postToStorage(api: Api, url: string, fields: Record<string, string>, file: Buffer): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file], { type: 'image/jpeg' }), 'photo.jpg');
  const t = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(60_000) });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = String((err as Error).cause ?? err);
  }
  api.record('POST (presigned, S3)', status, performance.now() - t, text);
  return status;
}

/** One dealership client: orders of 8 pictures, one after another, until `until`. */
async function dealerClient(index: number, dealer: Dealer, api: Api, guide: string, photos: Buffer[], uploads: Upload[], until: number, tag: string): Promise<void> {
  const mobile = index % 2 === 0;
  await sleep(Math.random() * Math.min(CAR_PAUSE_MS, 10_000));
  for (let n = 1; Date.now() < until; n++) {
    const created = await api.call('POST /orders', 'POST', '/orders', {
      orderName: `Load ${tag} ${index}-${n}`,
      styleGuide: guide,
      salesMan: dealer.salesPersonId,
      takenImagesCount: PICTURES,
      ...(mobile ? { deviceInformation: { platform: 'android', model: 'Pixel 8', osVersion: '15' } } : {}),
    });
    const orderId = (created.body as { id?: string } | null)?.id;
    if (created.status !== 201 || !orderId) {
      await sleep(jitter(CAR_PAUSE_MS));
      continue;
    }
    for (let position = 1; position <= PICTURES; position++) {
      if (position > 1) await sleep(jitter(PHOTO_PAUSE_MS));
      const photo = photos[(index + position) % photos.length];
      const signed = await api.call('POST /images/get-signed-url-for-upload', 'POST', '/images/get-signed-url-for-upload', {
        order: orderId,
        position,
        fileSize: photo.length,
        width: 1600,
        height: 1200,
        contentType: 'image/jpeg',
      });
      const grant = signed.body as { url?: string; fields?: string; imageId?: string } | null;
      if (signed.status !== 201 || !grant?.url || !grant.fields || !grant.imageId) continue;
      const posted = await postToStorage(api, grant.url, JSON.parse(grant.fields) as Record<string, string>, photo);
      if (posted >= 300 || posted === 0) continue;
      uploads.push({ imageId: grant.imageId, orderId, postedAt: Date.now() });
      if (mobile) await api.call('POST /images/upload-complete', 'POST', '/images/upload-complete', { imageId: grant.imageId });
    }
    // the app shows the order after the upload
    await api.call('GET /orders/{id}', 'GET', `/orders/${orderId}`);
    await sleep(jitter(CAR_PAUSE_MS));
  }
}

const STATUS_FILTERS = ['', '&status=QA%20stage', '&status=In%20Progress', '&status=Ready%20to%20download', '&QAstatus=Waiting%20For%20QA', '&search=Load'];

/** One admin or QA user: lists, filters and opens orders, opens the QA list, approves what is processed. */
async function staffClient(index: number, staffId: string, api: Api, own: Dealer[], until: number, approvals: { n: number }): Promise<void> {
  await sleep(Math.random() * STAFF_PAUSE_MS);
  for (let step = 0; Date.now() < until; step++) {
    const action = step % 4;
    if (action === 0) {
      const filter = STATUS_FILTERS[(index + step) % STATUS_FILTERS.length];
      const list = await api.call('GET /orders/get-orders', 'GET', `/orders/get-orders?page=${1 + (step % 3)}${filter}`);
      const first = (list.body as { items?: Array<{ id: string }> } | null)?.items?.[0];
      if (first) {
        await api.call('GET /orders/{id}', 'GET', `/orders/${first.id}`);
        await api.call('GET /images/order/{id}', 'GET', `/images/order/${first.id}`);
      }
    } else if (action === 1) {
      await api.call('GET /orders/editor/{id}', 'GET', `/orders/editor/${staffId}`);
    } else if (own.length > 0) {
      // the orders of one of its dealerships waiting in QA; approves the first whose pictures are all processed
      const dealer = own[step % own.length];
      const list = await api.call('GET /orders/get-orders', 'GET', `/orders/get-orders?status=QA%20stage&userId=${dealer.id}&from=2000-01-01`);
      for (const item of (list.body as { items?: Array<{ id: string }> } | null)?.items ?? []) {
        const order = await api.call('GET /orders/{id}', 'GET', `/orders/${item.id}`);
        const o = order.body as { processedImagesCount?: number; takenImagesCount?: number; QAstatus?: string } | null;
        if (order.status === 200 && o && o.QAstatus === 'Waiting For QA' && o.processedImagesCount === o.takenImagesCount) {
          const approved = await api.call('PUT /orders/approval/{id}/true', 'PUT', `/orders/approval/${item.id}/true`);
          if (approved.status === 200) approvals.n++;
          break;
        }
      }
    }
    await sleep(jitter(STAFF_PAUSE_MS));
  }
}

// ---------------------------------------------------------------------------------------------
// one configuration

interface RunResult {
  replicas: number;
  seconds: number;
  routes: Array<{ route: string; n: number; errors: number; p50: number; p95: number; p99: number }>;
  requests: number;
  failures: Failure[];
  expected: Map<string, number>;
  uploads: number;
  processedInRun: number;
  approvals: number;
  lost: Upload[];
  pendingSeries: Array<[number, number]>;
  maxPending: number;
  uploadToProcessed: number[];
  drainSeconds: number;
  /** pictures processed during the drain, when the pipeline works off its backlog with no new upload */
  drainedImages: number;
  cpu: Map<string, number>;
  loadBefore: string;
  loadAfter: string;
  rolling: Array<{ name: string; stopMs: number; killed: boolean; failuresDuring: number }>;
  processErrors: Array<{ name: string; lines: string[] }>;
  /** over the run (AI routes): requests answered with a mask and refused (503), CPU, inference time, memory, queue */
  segmenter: { requests: number; refused: number; cpuMs: number; p50: number; p95: number; mean: number; peakRssMb: number; queueMax: number } | null;
}


async function runConfiguration(replicas: number, photos: Buffer[]): Promise<RunResult> {
  const tag = `r${replicas}${Date.now().toString(36).slice(-4)}`;
  const root = mkdtempSync(join(tmpdir(), 'dealer-load-'));
  const db = await createTestDatabase(`bench_load_${replicas}`);
  const natsPort = await freePort();
  const nats = await ensureNatsServer({ url: `nats://127.0.0.1:${natsPort}`, storeDir: join(root, 'nats') });
  if (!nats.started) throw new Error(`something answers NATS at ${nats.url} already`);
  const s3: TestS3 = await startTestS3();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '10',
    NATS_URL: nats.url,
    LOG_LEVEL: 'warn',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    PUSH_CAPTURE_DIR: join(root, 'push'),
    JWT_SECRET: 'load-bench-secret-that-is-long-enough-for-hs256',
    ACCESS_TOKEN_TTL_S: '7200',
    INTEGRATION_SECRET_KEY: 'cd'.repeat(32),
    PASSWORD_HASH_COST: '11',
    ACCOUNT_SEEDING: 'true',
    ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
  };
  const procs = new Processes(env);
  const rec = new Recorder();
  const uploads: Upload[] = [];
  const pendingSeries: Array<[number, number]> = [];
  const rolling: RunResult['rolling'] = [];
  const client = new Client({ connectionString: db.url });
  let nc: Awaited<ReturnType<typeof connect>> | null = null;
  try {
    for (const s of SERVICES) await procs.migrate(s);
    // the AI routes: one segmenter, and the pipeline workers pointed at it as deploy/ does
    let segmenter: Proc | null = null;
    if (SEGMENTS) {
      if (!existsSync(SEGMENTER_MODEL)) throw new Error(`BENCH_ROUTE=${ROUTE} needs the segmentation model at ${SEGMENTER_MODEL}: run node scripts/fetch-segmentation-model.mjs (or set SEGMENTER_MODEL)`);
      segmenter = await procs.start('segmenter');
      procs.kindEnv.pipeline = {
        PIPELINE_SEGMENTER: 'http',
        PIPELINE_SEGMENTER_URL: `http://127.0.0.1:${segmenter.opsPort}/segment`,
        PIPELINE_SEGMENT_SIZE: '1024',
      };
    }
    await procs.start('gateway');
    for (const s of SERVICES) for (let i = 0; i < (SCALED.includes(s) ? replicas : 1); i++) await procs.start(s);
    await client.connect();
    nc = await connect({ servers: nats.url, name: 'load-bench' });
    const jsm = await nc.jetstreamManager();

    // --- seed: admin, staff, dealerships (QA enabled) with a sales person each, a style guide, orders
    const [{ accounts: staffRows }, { accounts: dealerRows }] = [
      await seedAccounts(env, {
        accounts: Array.from({ length: STAFF + 1 }, (_, i) => ({
          email: i === 0 ? `admin-${tag}@load.test` : `staff${i}-${tag}@load.test`,
          displayName: i === 0 ? 'Load Admin' : `Staff ${i}`,
          userRole: i === 0 || i % 2 === 1 ? ('Admin' as const) : ('QA' as const),
          ...(i > 0 && i % 2 === 0 ? { roleTags: ['QA_EDITOR' as const], permissions: ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST'] } : {}),
          country: 'Denmark',
          password: PASSWORD,
        })),
      }),
      await seedAccounts(env, {
        accounts: Array.from({ length: DEALERS }, (_, i) => ({
          email: `dealer${i}-${tag}@load.test`,
          displayName: `Load Dealership ${i}`,
          userRole: 'Dealership' as const,
          permissions: ['CREATE_ORDERS'],
          // the even clients create their orders as the mobile app does
          mobileAppAccess: true,
          enabledQa: true,
          country: 'Denmark',
          password: PASSWORD,
        })),
      }),
    ];
    const { salesPeople } = await seedAccounts(env, {
      salesPeople: dealerRows.map((d, i) => ({ userId: d.id, name: `Seller ${i}`, email: `seller${i}-${tag}@load.test`, phone: '+45 12 34 56 78' })),
    });
    const dealers: Dealer[] = dealerRows.map((d, i) => ({ id: d.id, email: d.email, salesPersonId: salesPeople[i].id }));
    const gateways = new Gateways(procs);
    const admin = new Api(gateways, rec);
    await admin.signIn(staffRows[0].email);
    // an AI route puts the car on the guide's background: upload one, as an admin does
    let backgroundMediaId: string | undefined;
    if (REPLACES_BACKGROUND) {
      const medium = await admin.call('POST /media', 'POST', '/media', { fileExtension: 'png', mediaType: 'background' });
      const m = medium.body as { url?: string; fields?: Record<string, string> | string; utilityMedia?: { id: string } } | null;
      if (medium.status !== 201 || !m?.url || !m.fields || !m.utilityMedia) throw new Error(`POST /media answered ${medium.status} ${JSON.stringify(medium.body)}`);
      const fields = typeof m.fields === 'string' ? (JSON.parse(m.fields) as Record<string, string>) : m.fields;
      const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#d8dde3' } }).png().toBuffer();
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([png], { type: 'image/png' }), 'background.png');
      const posted = await fetch(m.url, { method: 'POST', body: form });
      if (posted.status >= 300) throw new Error(`the background's upload answered ${posted.status} ${await posted.text()}`);
      backgroundMediaId = m.utilityMedia.id;
    }
    const guide = await admin.call('POST /style-guides', 'POST', '/style-guides', {
      name: `Load ${tag}`,
      outputWidth: 1600,
      outputHeight: 1200,
      maxImageSize: 800_000,
      frameFreeRouting: ROUTE,
      ...(backgroundMediaId ? { backgroundMediaId } : {}),
    });
    const guideId = (guide.body as { id?: string }).id;
    if (guide.status !== 201 || !guideId) throw new Error(`POST /style-guides answered ${guide.status} ${JSON.stringify(guide.body)}`);
    for (const d of dealers) {
      const a = await admin.call('POST /style-guides/add-style-guide-to-user', 'POST', '/style-guides/add-style-guide-to-user', { userId: d.id, styleGuideId: guideId });
      if (a.status !== 200) throw new Error(`assigning the guide answered ${a.status} ${JSON.stringify(a.body)}`);
    }
    // the starting orders: as the orders service keeps them, in every status a list shows
    await client.query(
      `INSERT INTO orders.orders (id, account_id, account_name, account_email, order_name, status, qa_status, created_by_id, created_by_name,
                                  created_by_role, sales_person_id, sales_person_name, style_guide_id, style_guide_name, platform,
                                  taken_images_count, image_count, uploaded_images_count, processed_images_count, enabled_qa, created_at, updated_at)
       SELECT gen_random_uuid(), d.id, d.name, d.email, 'Earlier car ' || g, s.status,
              CASE WHEN s.status IN ('Ready to download', 'Completed') THEN 'Approved' ELSE 'Waiting For QA' END,
              d.id, d.name, 'Account', d.seller, 'Seller', $2::uuid, 'Load', 'web', 8, 8, 8, 8, true,
              now() - g * interval '3 hours', now() - g * interval '3 hours'
         FROM unnest($1::uuid[], $3::text[], $4::text[], $5::uuid[]) AS d(id, name, email, seller)
        CROSS JOIN generate_series(1, $6) g
        CROSS JOIN LATERAL (SELECT (ARRAY['Completed', 'Completed', 'Ready to download', 'Ready to download', 'Completed'])[1 + g % 5] AS status) s`,
      [dealers.map((d) => d.id), guideId, dealers.map((_, i) => `Load Dealership ${i}`), dealers.map((d) => d.email), dealers.map((d) => d.salesPersonId), SEED_ORDERS],
    );
    await client.query('ANALYZE orders.orders');

    const dealerApis = await Promise.all(
      dealers.map(async (d) => {
        const api = new Api(gateways, rec);
        await api.signIn(d.email);
        return api;
      }),
    );
    const staffApis = await Promise.all(
      staffRows.slice(1).map(async (s) => {
        const api = new Api(gateways, rec);
        await api.signIn(s.email);
        return api;
      }),
    );

    // --- the run
    rec.samples = [];
    rec.failures = [];
    const cpu = new CpuWindow(procs, nats, db);
    const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
    const processedBefore = Number((await client.query(`SELECT count(*) FROM images.image WHERE optimisation_status = 'completed'`)).rows[0].count);
    const segmenterBefore = segmenter ? await scrapeMetrics(segmenter.opsPort) : null;
    let queueMax = 0;
    await cpu.start();
    rec.t0 = Date.now();
    const until = rec.t0 + SECONDS * 1000;
    const lagTimer = setInterval(() => {
      void (async () => {
        let pending = 0;
        for (const c of await jsm.consumers.list('PIPELINE').next()) pending += c.num_pending + c.num_ack_pending;
        pendingSeries.push([Date.now() - rec.t0, pending]);
      })().catch(() => undefined);
      if (segmenter && Date.now() < until) {
        void scrapeMetrics(segmenter.opsPort)
          .then((m) => (queueMax = Math.max(queueMax, sumOf(m, 'dealer_segmenter_queued_messages'))))
          .catch(() => undefined);
      }
    }, 2000);
    const approvals = { n: 0 };
    const clients = [
      ...dealers.map((d, i) => dealerClient(i, d, dealerApis[i], guideId, photos, uploads, until, tag)),
      ...staffApis.map((api, i) => staffClient(i, staffRows[i + 1].id, api, dealers.filter((_, d) => d % STAFF === i), until, approvals)),
    ];
    const restarts = ROLLING ? rollingRestart(procs, rec, until, rolling) : Promise.resolve();
    await Promise.all([...clients, restarts]);
    const runSeconds = (Date.now() - rec.t0) / 1000;
    const processedInRun =
      Number((await client.query(`SELECT count(*) FROM images.image WHERE optimisation_status = 'completed'`)).rows[0].count) - processedBefore;
    const cpuMs = await cpu.stop();
    let segmenterResult: RunResult['segmenter'] = null;
    if (segmenter && segmenterBefore) {
      const after = await scrapeMetrics(segmenter.opsPort);
      const delta = (name: string, labels?: RegExp) => sumOf(after, name, labels) - sumOf(segmenterBefore, name, labels);
      const inferences = delta('dealer_segmenter_inference_duration_seconds_count');
      segmenterResult = {
        requests: delta('dealer_segmenter_requests_total'),
        refused: delta('dealer_segmenter_requests_total', /outcome="busy"/),
        cpuMs: cpuMs.get('segmenter') ?? 0,
        p50: histogramQuantile(segmenterBefore, after, 'dealer_segmenter_inference_duration_seconds', 0.5),
        p95: histogramQuantile(segmenterBefore, after, 'dealer_segmenter_inference_duration_seconds', 0.95),
        mean: inferences > 0 ? delta('dealer_segmenter_inference_duration_seconds_sum') / inferences : NaN,
        peakRssMb: 0,
        queueMax,
      };
    }
    const uploadIds = uploads.map((u) => u.imageId);
    const doneAtEnd = Number(
      (await client.query(`SELECT count(*) FROM images.image WHERE id = ANY($1::uuid[]) AND optimisation_status = 'completed'`, [uploadIds])).rows[0].count,
    );
    const loadAfter = loadavg().map((l) => l.toFixed(2)).join(' ');

    // --- drain: every picture posted to storage must end processed
    const drainStart = Date.now();
    const ids = uploads.map((u) => u.imageId);
    let done = new Map<string, Date>();
    await waitFor(
      async () => {
        const rows = (
          await client.query<{ id: string; processed_at: Date }>(
            `SELECT id, processed_at FROM images.image WHERE id = ANY($1::uuid[]) AND optimisation_status = 'completed' AND processed_at IS NOT NULL`,
            [ids],
          )
        ).rows;
        done = new Map(rows.map((r) => [r.id, r.processed_at]));
        return done.size === ids.length;
      },
      'every accepted upload processed',
      DRAIN_SECONDS * 1000,
      1000,
    ).catch(() => undefined);
    clearInterval(lagTimer);
    if (segmenterResult && segmenter) segmenterResult.peakRssMb = peakRssMb(segmenter.child.pid);
    const drainSeconds = (Date.now() - drainStart) / 1000;
    const drainedImages = done.size - doneAtEnd;
    const lost = uploads.filter((u) => !done.has(u.imageId));
    const uploadToProcessed = uploads
      .filter((u) => done.has(u.imageId))
      .map((u) => (done.get(u.imageId)!.getTime() - u.postedAt) / 1000)
      .sort((a, b) => a - b);

    const byRoute = new Map<string, Sample[]>();
    for (const s of rec.samples) byRoute.set(s.route, [...(byRoute.get(s.route) ?? []), s]);
    const routes = [...byRoute]
      .map(([route, list]) => {
        const ms = list.map((s) => s.ms).sort((a, b) => a - b);
        return { route, n: list.length, errors: rec.failures.filter((f) => f.route === route).length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
      })
      .sort((a, b) => a.route.localeCompare(b.route));
    return {
      replicas,
      seconds: runSeconds,
      routes,
      requests: rec.samples.length,
      failures: rec.failures,
      expected: rec.expected,
      uploads: uploads.length,
      processedInRun,
      approvals: approvals.n,
      lost,
      pendingSeries,
      maxPending: Math.max(0, ...pendingSeries.map(([, p]) => p)),
      uploadToProcessed,
      drainSeconds,
      drainedImages,
      cpu: cpuMs,
      loadBefore,
      loadAfter,
      rolling,
      processErrors: procs.all.filter((p) => p.errors.length > 0).map((p) => ({ name: p.name, lines: p.errors.slice(0, 5) })),
      segmenter: segmenterResult,
    };
  } finally {
    await nc?.close().catch(() => undefined);
    await client.end().catch(() => undefined);
    await procs.closeAll();
    await Promise.allSettled([nats.stop(), s3.close()]);
    await db.drop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * BENCH_ROLLING=1: every process in turn, as a rolling update does: a new instance is started
 * and answers, then the old one is taken out of the clients' rotation (the gateway) and gets
 * SIGTERM. Failed requests while each one stops are counted against it.
 */
async function rollingRestart(procs: Processes, rec: Recorder, until: number, out: RunResult['rolling']): Promise<void> {
  // the pipeline's processes first: a job in flight is what a restart may lose
  const kinds: Array<Service | 'gateway'> = ['pipeline', 'images', 'orders', 'gateway', 'users', 'style-guides', 'delivery', 'statistics'];
  await sleep(10_000);
  for (const kind of kinds) {
    for (const old of procs.live(kind)) {
      if (Date.now() > until - 5000) {
        out.push({ name: old.name, stopMs: -1, killed: false, failuresDuring: 0 });
        continue;
      }
      const before = rec.failures.length;
      await procs.start(kind);
      const stopped = await procs.stop(old);
      await sleep(3000);
      out.push({ name: old.name, stopMs: stopped.ms, killed: stopped.killed, failuresDuring: rec.failures.length - before });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// the report

function report(r: RunResult): void {
  console.log(`\n=== ${r.replicas} replica(s) of images and pipeline: ${r.seconds.toFixed(0)} s, ${DEALERS} dealers, ${STAFF} staff, route ${ROUTE}${ROLLING ? ', rolling restarts' : ''}`);
  console.log(`load average ${r.loadBefore} before, ${r.loadAfter} after`);
  console.log(`${'route'.padEnd(42)}${'count'.padStart(7)}${'errors'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const x of r.routes) console.log(`${x.route.padEnd(42)}${String(x.n).padStart(7)}${String(x.errors).padStart(7)}${fmt(x.p50, 0).padStart(9)}${fmt(x.p95, 0).padStart(9)}${fmt(x.p99, 0).padStart(9)}`);
  console.log(`requests/s: ${(r.requests / r.seconds).toFixed(1)} (${r.requests} requests, ${r.failures.length} errors${r.expected.size ? `, expected 4xx: ${[...r.expected].map(([k, v]) => `${k} x${v}`).join(', ')}` : ''})`);
  const t = r.uploadToProcessed;
  console.log(
    `pipeline: ${r.uploads} uploads, ${r.processedInRun} processed in the run (${(r.processedInRun / r.seconds).toFixed(2)} images/s), ` +
      `upload to processed p50 ${fmt(percentile(t, 50), 1)} s, p95 ${fmt(percentile(t, 95), 1)} s; PIPELINE pending max ${r.maxPending}; drain ${r.drainSeconds.toFixed(0)} s` +
      `${r.drainedImages > 0 && r.drainSeconds >= 5 ? ` (${r.drainedImages} images, ${(r.drainedImages / r.drainSeconds).toFixed(2)} images/s)` : ''}; ` +
      `lost ${r.lost.length}; orders approved ${r.approvals}`,
  );
  const sg = r.segmenter;
  if (sg) {
    const answered = sg.requests - sg.refused;
    console.log(
      `segmenter (1 process, side ${SEGMENTER_SIDE}, 1 thread): ${sg.requests} requests in the run (${sg.refused} refused 503), ` +
        `${answered > 0 ? fmt(sg.cpuMs / 1000 / answered, 2) : 'n/a'} s CPU per picture, inference p50 ${fmt(sg.p50, 2)} s, p95 ${fmt(sg.p95, 2)} s (mean ${fmt(sg.mean, 2)} s), ` +
        `peak memory ${fmt(sg.peakRssMb, 0)} MB, queue max ${sg.queueMax}`,
    );
  }
  const series = r.pendingSeries.filter((_, i) => i % 5 === 0).map(([at, p]) => `${Math.round(at / 1000)}s:${p}`);
  console.log(`PIPELINE pending over time (every 10 s): ${series.join(' ')}`);
  const total = [...r.cpu.values()].reduce((a, b) => a + b, 0);
  console.log(`CPU over the run (${cpus().length} cores, ${(r.seconds * cpus().length).toFixed(0)} core-seconds available):`);
  for (const [name, ms] of [...r.cpu].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${name.padEnd(24)}${(ms / 1000).toFixed(1).padStart(8)} s  ${((100 * ms) / total).toFixed(0).padStart(3)} %  ${(ms / Math.max(1, r.uploads)).toFixed(0).padStart(6)} ms per upload`);
  }
  console.log(`  ${'all'.padEnd(24)}${(total / 1000).toFixed(1).padStart(8)} s        ${(total / Math.max(1, r.uploads)).toFixed(0).padStart(6)} ms per upload`);
  if (r.rolling.length) {
    console.log('rolling restarts (new instance up, then SIGTERM to the old one):');
    for (const x of r.rolling.filter((y) => y.stopMs < 0)) console.log(`  ${x.name.padEnd(16)} not restarted: the run ended first`);
    for (const x of r.rolling.filter((y) => y.stopMs >= 0)) console.log(`  ${x.name.padEnd(16)} stopped in ${x.stopMs} ms${x.killed ? ' (SIGKILL after 30 s)' : ''}, ${x.failuresDuring} failed requests meanwhile`);
  }
  for (const f of r.failures.slice(0, 10)) console.log(`  error: ${f.route} answered ${f.status} at ${(f.at / 1000).toFixed(0)} s: ${f.body}`);
  for (const u of r.lost.slice(0, 10)) console.log(`  lost: image ${u.imageId} of order ${u.orderId}`);
  for (const p of r.processErrors) console.log(`  ${p.name} logged errors:\n    ${p.lines.join('\n    ')}`);
}

function ratios(one: RunResult, two: RunResult): void {
  const rps = (r: RunResult) => r.requests / r.seconds;
  const ips = (r: RunResult) => r.processedInRun / r.seconds;
  const cpuPer = (r: RunResult) => [...r.cpu.values()].reduce((a, b) => a + b, 0) / Math.max(1, r.uploads);
  const p95 = (r: RunResult, route: string) => r.routes.find((x) => x.route === route)?.p95 ?? NaN;
  const q = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const drain = (r: RunResult) => (r.drainSeconds >= 5 ? r.drainedImages / r.drainSeconds : NaN);
  console.log('\n=== ratios 2 replicas / 1 replica');
  console.log(`requests/s ${q(rps(two), rps(one))}; images/s ${q(ips(two), ips(one))}; PIPELINE pending max ${q(two.maxPending, one.maxPending)}; ` +
    `upload to processed p50 ${q(percentile(two.uploadToProcessed, 50), percentile(one.uploadToProcessed, 50))}, p95 ${q(percentile(two.uploadToProcessed, 95), percentile(one.uploadToProcessed, 95))}; ` +
    `images/s while draining ${q(drain(two), drain(one))}; CPU per upload ${q(cpuPer(two), cpuPer(one))}`);
  for (const route of ['POST /images/get-signed-url-for-upload', 'POST /images/upload-complete', 'GET /orders/get-orders', 'GET /orders/{id}']) {
    console.log(`  p95 ${route}: ${q(p95(two, route), p95(one, route))}`);
  }
}

async function main(): Promise<void> {
  console.log(`load test: ${DEALERS} dealers, ${STAFF} staff, ${SECONDS} s per configuration, replicas ${REPLICAS.join(' then ')}, route ${ROUTE}${SEGMENTS ? ' (one segmenter)' : ''}${ROLLING ? ', rolling restarts' : ''}`);
  const photos = await carPhotos();
  console.log(`photos: 1600x1200 JPEG, ${photos.map((p) => `${Math.round(p.length / 1024)} KB`).join(', ')}`);
  const results: RunResult[] = [];
  for (const replicas of REPLICAS) {
    const r = await runConfiguration(replicas, photos);
    report(r);
    results.push(r);
  }
  if (results.length === 2) ratios(results[0], results[1]);
  const failed = results.filter((r) => r.failures.length > 0 || r.lost.length > 0);
  if (failed.length > 0) {
    console.log(`\nFAILED: ${failed.map((r) => `${r.replicas} replica(s): ${r.failures.length} error answers, ${r.lost.length} lost uploads`).join('; ')}`);
    process.exit(1);
  }
  console.log('\npassed: no error answer, no lost upload');
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

