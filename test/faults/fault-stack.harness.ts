import { FAULT_POINT_REACHED, FAULT_POINTS_VARIABLE } from '@app/config';
import { type ServiceName } from '@app/contracts';
import { ensureNatsServer, type NatsServer } from '@app/devstack';
import { queryAt, startTestS3, type TestDatabase, type TestS3 } from '@app/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';

const ROOT = join(__dirname, '..', '..');
const dist = (...p: string[]) => join(ROOT, 'dist', ...p);

/** The processes of a fault stack: the services its flows need, and the gateway. */
export type StackProcess = ServiceName | 'gateway';
export const FAULT_STACK_SERVICES: readonly ServiceName[] = ['users', 'style-guides', 'orders', 'images', 'pipeline'];

export interface FaultStackOptions {
  /** the services to run (FAULT_STACK_SERVICES by default): a scenario starts what its flows need */
  services?: readonly ServiceName[];
  /** environment every process gets besides the stack's own */
  env?: Record<string, string>;
}

/** how long a process may take to answer after it is started (two cores shared with other tests) */
const BOOT_TIMEOUT_MS = 90_000;
/** lines of output kept per process, for the failure messages */
const KEPT_LINES = 200;

interface Running {
  name: StackProcess;
  child: ChildProcess;
  exited: Promise<void>;
  /** lines the process printed (its JSON log and the fault-point lines) */
  lines: string[];
  /** waiters for a line */
  watchers: Array<(line: string) => void>;
  /** started with fault points enabled */
  faulty: boolean;
  /** its operations port (`/health/live`, `/health/ready`); 0 for a migration run */
  opsPort: number;
}

/** An instance of a process that a newer one replaced, still running until it is stopped. */
export interface OldInstance {
  name: StackProcess;
  /** GET on its operations port: the status and JSON body, or null when nothing answers there */
  ops(path: string): Promise<{ status: number; body: Record<string, unknown> } | null>;
  /** SIGTERM: resolves once it has exited, with its exit code and how long it took */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  /** its last log lines */
  logs(): string;
}

/** GET on an operations port: the status and JSON body, or null when nothing answers there. */
async function opsGet(port: number, path: string): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** A PostgreSQL of the fault stack's own, which it may stop and start again. */
interface StackPostgres {
  databaseUrl: string;
  port: number;
  /** the node process that holds the server */
  pid: number | undefined;
  stop(): Promise<void>;
}

const READY = 'embedded PostgreSQL ready ';

/**
 * Starts the `embedded-postgres` cluster on `dataDir` (created on first use) in a node process
 * of its own, from the built devstack: the package is an ES module that jest's module loader
 * cannot require. Resolves once the database answers; stop() shuts the server down (fast) and
 * ends the process.
 */
async function startPostgres(dataDir: string, port: number): Promise<StackPostgres> {
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(dist('libs', 'devstack', 'src', 'embedded-postgres.js'))});
    startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, database: 'faults' }).then(
      (pg) => {
        process.stdout.write(${JSON.stringify(READY)} + pg.databaseUrl + '\\n');
        process.on('SIGTERM', () => pg.stop().finally(() => process.exit(0)));
      },
      (err) => { process.stderr.write(String(err && err.stack || err) + '\\n'); process.exit(1); },
    );`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const databaseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within 60 s:\n${output.join('')}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      const line = output.join('').split('\n').find((l) => l.startsWith(READY));
      if (line) {
        clearTimeout(timer);
        resolve(line.slice(READY.length).trim());
      }
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL did not start (exit ${child.exitCode}):\n${output.join('')}`));
    });
  });
  return {
    databaseUrl,
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(hard);
    },
  };
}

/** A free TCP port on 127.0.0.1 (free when asked; nothing else here takes ports on purpose). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers a truthy value; fails with `what` and `more()` when the time is up. */
export async function waitUntil<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs: number, more: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const extra = more();
      throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}${extra ? `\n${extra}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The product as real processes, for the fault tests: a PostgreSQL, a NATS server with
 * JetStream and an S3 of its own (so it may stop and restart them without touching the
 * servers other tests share), the services its flows need and the gateway, each a
 * `node dist/…/main.js` that can be SIGKILLed and started again. Everything lives in one
 * temporary folder, removed by `close()`, which also kills every process it started.
 */
export class FaultStack {
  readonly env: Record<string, string>;
  readonly db: TestDatabase;
  private readonly running = new Map<StackProcess, Running>();
  /** instances replaced by a newer one and not stopped yet (`startReplacement`) */
  private readonly replaced = new Set<Running>();
  private natsRunning = true;
  private pgRunning = true;
  /** last resort when the test process ends without close(): no process or server is left behind */
  private readonly killAll = () => {
    this.signalAll('SIGKILL');
    for (const pid of [this.nats.pid, this.pg.pid]) {
      try {
        if (pid) process.kill(pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
  };

  private constructor(
    readonly root: string,
    private pg: StackPostgres,
    private readonly pgDataDir: string,
    private nats: NatsServer,
    private readonly natsStore: string,
    readonly s3: TestS3,
    readonly gatewayPort: number,
    smtpPort: number,
    readonly services: readonly ServiceName[],
    extraEnv: Record<string, string>,
  ) {
    this.env = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      NODE_ENV: 'test',
      DATABASE_URL: pg.databaseUrl,
      DATABASE_POOL_SIZE: '4',
      NATS_URL: nats.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL && process.env.TEST_LOG_LEVEL !== 'silent' ? process.env.TEST_LOG_LEVEL : 'warn',
      RPC_TIMEOUT_MS: '5000',
      HEALTH_TIMEOUT_MS: '2000',
      OUTBOX_POLL_MS: '200',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: s3.bucket,
      // nothing in these flows sends mail; the users service needs an address
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JWT_SECRET: 'fault-tests-secret-that-is-long-enough-for-hs256',
      INTEGRATION_SECRET_KEY: 'ab'.repeat(32),
      PASSWORD_HASH_COST: '11',
      // the account factories write accounts through the users service's seeding call
      ACCOUNT_SEEDING: 'true',
      // a picture nobody reports is found quickly
      IMAGES_UPLOAD_POLL_MS: '300',
      // a job of a killed worker is given to the next one after 4 s, not 30
      PIPELINE_ACK_WAIT_MS: '4000',
      PIPELINE_RETRY_DELAY_MS: '500',
      SESSION_CACHE_MS: '0',
      ...extraEnv,
    };
    const url = pg.databaseUrl;
    this.db = {
      name: 'faults',
      url,
      query: queryAt(url),
      drop: async () => undefined,
    };
    process.on('exit', this.killAll);
  }

  /** Starts the infrastructure, then every process, and waits until each answers. */
  static async start(opts: FaultStackOptions = {}): Promise<FaultStack> {
    const services = opts.services ?? FAULT_STACK_SERVICES;
    const scripts = [...[...services, 'gateway' as const].map(FaultStack.scriptOf), dist('libs', 'devstack', 'src', 'embedded-postgres.js')];
    for (const script of scripts) {
      if (!existsSync(script)) throw new Error(`${script} is missing: run "npm run build:server" first (make test does)`);
    }
    const root = mkdtempSync(join(tmpdir(), 'dealer-faults-'));
    // PostgreSQL runs as the system user postgres when the tests run as root: it must reach its folder
    chmodSync(root, 0o755);
    const pgDataDir = join(root, 'postgres');
    const natsStore = join(root, 'nats');
    let pg: StackPostgres | undefined;
    let nats: NatsServer | undefined;
    let s3: TestS3 | undefined;
    let stack: FaultStack | undefined;
    try {
      const [pgPort, natsPort, gatewayPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
      const started = await Promise.allSettled([
        startPostgres(pgDataDir, pgPort),
        ensureNatsServer({ url: `nats://127.0.0.1:${natsPort}`, storeDir: natsStore }),
        startTestS3(),
      ] as const);
      if (started[0].status === 'fulfilled') pg = started[0].value;
      if (started[1].status === 'fulfilled') nats = started[1].value;
      if (started[2].status === 'fulfilled') s3 = started[2].value;
      const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed || !pg || !nats || !s3) throw failed?.reason ?? new Error('the infrastructure did not start');
      stack = new FaultStack(root, pg, pgDataDir, nats, natsStore, s3, gatewayPort, smtpPort, services, opts.env ?? {});
      // one after another: each creates its schema and the shared messaging tables at its first start
      for (const service of services) await stack.migrate(service);
      await Promise.all([...services, 'gateway' as const].map((p) => stack!.start(p)));
      return stack;
    } catch (err) {
      if (stack) {
        await stack.close();
      } else {
        await Promise.allSettled([pg?.stop(), nats?.stop(), s3?.close()]);
        rmSync(root, { recursive: true, force: true });
      }
      throw err;
    }
  }

  private static scriptOf(p: StackProcess): string {
    return p === 'gateway' ? dist('gateway', 'src', 'main.js') : dist('services', p, 'src', 'main.js');
  }

  /** The gateway over HTTP, as clients reach it. */
  http = (): TestAgent => supertest(`http://127.0.0.1:${this.gatewayPort}`);

  /** Runs `main.js migrate` of a service to its end. */
  private async migrate(service: ServiceName): Promise<void> {
    const r = this.launch(service, {}, ['migrate']);
    await r.exited;
    if (r.child.exitCode !== 0) throw new Error(`${service} migrate failed (exit ${r.child.exitCode}):\n${r.lines.slice(-20).join('\n')}`);
    this.running.delete(service);
  }

  private launch(name: StackProcess, extraEnv: Record<string, string>, args: string[] = [], opsPort = 0): Running {
    const env: Record<string, string> = { ...this.env, ...(opsPort ? { OPS_PORT: String(opsPort), OPS_HOST: '127.0.0.1' } : {}), ...extraEnv };
    if (name === 'gateway') env.PORT = String(this.gatewayPort);
    const child = spawn(process.execPath, [FaultStack.scriptOf(name), ...args], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const running: Running = { name, child, lines: [], watchers: [], exited: Promise.resolve(), faulty: FAULT_POINTS_VARIABLE in extraEnv, opsPort };
    running.exited = new Promise<void>((done) => {
      child.once('exit', () => done());
      child.once('error', (err) => {
        running.lines.push(`could not start: ${err.message}`);
        done();
      });
    });
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split(/\r?\n/)) {
        if (!line.trim()) continue;
        running.lines.push(line);
        if (running.lines.length > KEPT_LINES) running.lines.shift();
        for (const watch of [...running.watchers]) watch(line);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.running.set(name, running);
    return running;
  }

  /**
   * Starts a process (with more environment, e.g. `FAULT_POINTS`) and waits until it answers:
   * the gateway on its liveness route, a service to its health ping from this very process.
   */
  async start(name: StackProcess, extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.running.has(name)) throw new Error(`${name} is running already`);
    const r = this.launch(name, extraEnv, [], await freePort());
    let gone = false;
    void r.exited.then(() => (gone = true));
    await waitUntil(
      async () => {
        if (gone) throw new Error(`${name} exited at start (code ${r.child.exitCode}, signal ${r.child.signalCode})`);
        if (name === 'gateway') return (await this.http().get('/api/health/live').timeout(2000)).status === 200;
        // through the gateway (which may be starting too); an earlier instance of this
        // service is dead by now, so the answer comes from this one
        const health = await this.http().get('/api/health').timeout(4000);
        return health.status === 200 && (health.body as { services?: Record<string, string> }).services?.[name] === 'up';
      },
      `${name} to answer after its start`,
      BOOT_TIMEOUT_MS,
      () => [this.logsOf(name), name === 'gateway' ? '' : this.logsOf('gateway')].filter(Boolean).join('\n'),
    );
  }

  /** The operations port of the running instance of a process. */
  opsPortOf(name: StackProcess): number {
    const r = this.running.get(name);
    if (!r) throw new Error(`${name} is not running`);
    return r.opsPort;
  }

  /** GET on the operations port of the running instance of a process. */
  ops(name: StackProcess, path: string): Promise<{ status: number; body: Record<string, unknown> } | null> {
    const r = this.running.get(name);
    if (!r) return Promise.reject(new Error(`${name} is not running`));
    return opsGet(r.opsPort, path);
  }

  /**
   * A rolling update's first half: starts a new instance of the process beside the running
   * one (with the given environment) and waits until the new one's readiness says 200. The
   * old one keeps running, and is returned to be stopped (`terminate`); close() kills it if
   * the test does not.
   */
  async startReplacement(name: StackProcess, extraEnv: Record<string, string> = {}): Promise<OldInstance> {
    const old = this.running.get(name);
    if (!old) throw new Error(`${name} is not running`);
    this.running.delete(name);
    this.replaced.add(old);
    await this.start(name, extraEnv);
    await waitUntil(async () => (await this.ops(name, '/health/ready'))?.status === 200, `the new ${name} to be ready`, BOOT_TIMEOUT_MS, () => this.logsOf(name));
    return this.handleOf(old);
  }

  /** SIGTERM to the running instance: it stops gracefully; resolves once it has exited. */
  terminate(name: StackProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const r = this.running.get(name);
    if (!r) return Promise.reject(new Error(`${name} is not running`));
    this.running.delete(name);
    this.replaced.add(r);
    return this.handleOf(r).terminate();
  }

  private handleOf(r: Running): OldInstance {
    return {
      name: r.name,
      ops: (path) => opsGet(r.opsPort, path),
      logs: () => r.lines.slice(-25).join('\n'),
      terminate: async () => {
        const started = Date.now();
        r.child.kill('SIGTERM');
        await r.exited;
        this.replaced.delete(r);
        return { code: r.child.exitCode, signal: r.child.signalCode, ms: Date.now() - started };
      },
    };
  }

  /** SIGKILL: the process ends at once, wherever it is (no shutdown hooks run). */
  async kill(name: StackProcess): Promise<void> {
    const r = this.running.get(name);
    if (!r) throw new Error(`${name} is not running`);
    r.child.kill('SIGKILL');
    await r.exited;
    this.running.delete(name);
  }

  /** Kills the process and starts it again with the given environment added (no fault points unless given). */
  async restart(name: StackProcess, extraEnv: Record<string, string> = {}): Promise<void> {
    await this.kill(name);
    await this.start(name, extraEnv);
  }

  /**
   * Brings every process back to plain running (started again when it is gone or holds fault
   * points), so that a failed scenario does not break the next one.
   */
  async reset(): Promise<void> {
    if (!this.pgRunning) await this.startPostgres();
    if (!this.natsRunning) await this.startNats();
    for (const name of [...this.services, 'gateway' as const]) {
      const r = this.running.get(name);
      if (r?.faulty) await this.kill(name);
      else if (r && (r.child.exitCode !== null || r.child.signalCode !== null)) this.running.delete(name);
      if (!this.running.has(name)) await this.start(name);
    }
  }

  /** Restarts a process with the named fault points enabled. */
  restartWithFaultPoints(name: StackProcess, ...points: string[]): Promise<void> {
    return this.restart(name, { [FAULT_POINTS_VARIABLE]: points.join(',') });
  }

  /**
   * Resolves with the detail of the first fault point the process reaches from now on (the
   * process then holds there until killed); fails after `timeoutMs`.
   */
  reachedFaultPoint(name: StackProcess, point: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    const r = this.running.get(name);
    if (!r) return Promise.reject(new Error(`${name} is not running`));
    const prefix = `${FAULT_POINT_REACHED} ${point} `;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        r.watchers = r.watchers.filter((w) => w !== watch);
        reject(new Error(`${name} did not reach the fault point ${point} within ${timeoutMs / 1000} s\n${this.logsOf(name)}`));
      }, timeoutMs);
      const watch = (line: string) => {
        if (!line.startsWith(prefix)) return;
        clearTimeout(timer);
        r.watchers = r.watchers.filter((w) => w !== watch);
        resolve(JSON.parse(line.slice(prefix.length)) as Record<string, unknown>);
      };
      r.watchers.push(watch);
    });
  }

  /** Stops NATS (SIGTERM: it flushes JetStream to its store and exits). */
  async stopNats(): Promise<void> {
    this.natsRunning = false;
    await this.nats.stop();
  }

  /** Starts NATS again on the same port and store: the streams and consumers are kept. */
  async startNats(): Promise<void> {
    const nats = await ensureNatsServer({ url: this.env.NATS_URL, storeDir: this.natsStore });
    if (!nats.started) throw new Error(`something else answers NATS at ${this.env.NATS_URL}`);
    this.nats = nats;
    this.natsRunning = true;
  }

  /** Stops PostgreSQL (fast shutdown: open connections are cut) and starts it again on the same data. */
  async restartPostgres(downMs = 1000): Promise<void> {
    this.pgRunning = false;
    await this.pg.stop();
    await new Promise((r) => setTimeout(r, downMs));
    await this.startPostgres();
  }

  private async startPostgres(): Promise<void> {
    this.pg = await startPostgres(this.pgDataDir, this.pg.port);
    this.pgRunning = true;
  }

  /**
   * Waits until JetStream has nothing in flight: every consumer of the events and the
   * pipeline's jobs has delivered everything and had every delivery acknowledged.
   */
  async settled(timeoutMs = 60_000): Promise<void> {
    const nc = await connect({ servers: this.env.NATS_URL, name: 'faults-settled-check' });
    try {
      const jsm = await nc.jetstreamManager();
      let busy: string[] = [];
      await waitUntil(
        async () => {
          busy = [];
          for (const stream of ['EVENTS', 'PIPELINE']) {
            for (const c of await jsm.consumers.list(stream).next()) {
              if (c.num_pending > 0 || c.num_ack_pending > 0) busy.push(`${c.name}: ${c.num_pending} pending, ${c.num_ack_pending} awaiting ack`);
            }
          }
          return busy.length === 0;
        },
        'every message consumed and acknowledged',
        timeoutMs,
        () => `${busy.join('; ')}\n${this.logsOf()}`,
      );
    } finally {
      await nc.close();
    }
  }

  /** Messages stored in the dead-letter stream, with the reason and where each came from. */
  async deadLetters(): Promise<Array<{ subject: string; reason: string; consumer: string }>> {
    const nc: NatsConnection = await connect({ servers: this.env.NATS_URL, name: 'faults-dlq-check' });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info('DEADLETTER');
      const found: Array<{ subject: string; reason: string; consumer: string }> = [];
      for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq++) {
        try {
          const m = await jsm.streams.getMessage('DEADLETTER', { seq });
          found.push({ subject: m.header.get('x-dlq-subject'), reason: m.header.get('x-dlq-reason'), consumer: m.header.get('x-dlq-consumer') });
        } catch {
          // deleted
        }
      }
      return found;
    } finally {
      await nc.close();
    }
  }

  /** The last lines of one process, or the warnings and errors of all, for failure messages. */
  logsOf(name?: StackProcess): string {
    const pick = name ? [this.running.get(name)].filter((r): r is Running => r !== undefined) : [...this.running.values()];
    return pick
      .map((r) => {
        // the same complaint repeated (a relay retrying while a server is away) is shown once
        const lines = [...new Set(name ? r.lines : r.lines.filter((l) => /"level":"(warn|error|fatal)"|fault point/.test(l)))]
          .map((l) => l.replace(/"stack":"[^"]*",?/, ''))
          .slice(name ? -25 : -8);
        return lines.length ? `--- ${r.name}:\n${lines.join('\n')}` : '';
      })
      .filter(Boolean)
      .join('\n');
  }

  private signalAll(signal: NodeJS.Signals): void {
    for (const r of [...this.running.values(), ...this.replaced]) {
      try {
        r.child.kill(signal);
      } catch {
        // gone
      }
    }
  }

  /** Kills every process, stops the infrastructure and removes the folder; safe to call twice. */
  async close(): Promise<void> {
    this.signalAll('SIGKILL');
    await Promise.all([...this.running.values(), ...this.replaced].map((r) => r.exited));
    this.running.clear();
    this.replaced.clear();
    process.removeListener('exit', this.killAll);
    await Promise.allSettled([this.pg.stop(), this.nats.stop(), this.s3.close()]);
    rmSync(this.root, { recursive: true, force: true });
  }
}
