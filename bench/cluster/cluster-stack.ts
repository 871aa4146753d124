import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import { findNatsServerBinary, loadOrCreateS3Credentials, startEmbeddedS3, startSmtpCapture, type EmbeddedS3 } from '@app/devstack';
import { startFtpServer, waitFor, type TestFtpServer } from '@app/testing';
import { isDatabaseUnavailable } from '@app/messaging';
import { Client, Pool } from 'pg';
import { distEntry, freePort, migrateService, processCpuMs, repoRoot } from '../bench-utils';

/**
 * The product as a cluster on one machine, with the engines a cluster runs on (deploy/k8s):
 *
 * - NATS: three `nats-server` processes clustered with JetStream; the product's streams at R3
 *   (`NATS_STREAM_REPLICAS=3`) and every process given the three addresses;
 * - PostgreSQL (Debian's, run as the system user postgres): a primary and a streaming standby
 *   (`pg_basebackup -R`), reached through HAProxy's read-write endpoint, which sends connections
 *   to the server whose primary check answers 200 (a small HTTP check per server here, as
 *   Patroni's REST API or CloudNativePG's `-rw` Service selector does) and cuts the sessions of a
 *   server that stops being the primary;
 * - the gateways behind HAProxy (HTTP, a readiness check on each one's operations port, a failed
 *   connection tried on the other gateway, an idempotent request also after an empty answer);
 * - N replicas of every service, the pipeline worker included;
 * - the embedded S3 (MinIO is not in Debian's archive nor on the npm registry: it cannot be
 *   installed on this machine), an SMTP capture and an FTP server for deliveries.
 *
 * `make cluster` (cluster.ts) runs it until Ctrl-C; `make test-cluster` (cluster-chaos.ts)
 * loads it and breaks it; `make bench-cluster` (cluster-capacity.bench.ts) measures it.
 */

export type ClusterKind = ServiceName | 'gateway';
export const CLUSTER_KINDS: readonly ClusterKind[] = [...SERVICE_NAMES, 'gateway'];

/** Debian's PostgreSQL programs: the newest version installed, or PG_BIN */
export const PG_BIN =
  process.env.PG_BIN ??
  (() => {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)) : [];
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
    return `/usr/lib/postgresql/${newest}/bin`;
  })();
const PG_DATABASE = 'dealer_photo';
const BOOT_TIMEOUT_MS = Number(process.env.CLUSTER_BOOT_TIMEOUT_MS ?? 240_000);
const FTP_USER = 'cluster';
const FTP_PASSWORD = 'Cluster-Ftp-2026!';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ClusterOptions {
  /** the working directory: the servers' data and logs (created) */
  dir: string;
  /** replicas of each process; 2 of every one unless said otherwise */
  replicas?: Partial<Record<ClusterKind, number>>;
  /** the load balancer's HTTP port (the product's address); a free one by default */
  httpPort?: number;
  /** environment added to every product process */
  env?: Record<string, string>;
  /** lines printed by the infrastructure and the product's error lines */
  onLog?: (source: string, line: string) => void;
}

// ---------------------------------------------------------------------------------------------
// NATS

export class NatsNode {
  child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  constructor(
    readonly name: string,
    readonly port: number,
    readonly clusterPort: number,
    readonly monitorPort: number,
    private readonly config: string,
    private readonly log: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const binary = findNatsServerBinary();
    if (!binary) throw new Error('nats-server is not installed: apt-get install -y nats-server');
    const child = spawn(binary, ['-c', this.config], { stdio: ['ignore', 'ignore', 'ignore'], detached: true });
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
  }

  /** SIGKILL: a server that dies, not one that leaves. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Its monitoring endpoint's JetStream health (`/healthz`: the server is a current member of the JetStream cluster). */
  async healthy(): Promise<boolean> {
    const res = await fetch(`http://127.0.0.1:${this.monitorPort}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    return res?.status === 200;
  }

  logTail(lines = 20): string {
    try {
      return readFileSync(this.log, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

async function startNatsCluster(dir: string): Promise<NatsNode[]> {
  const ports = await Promise.all(Array.from({ length: 3 }, async () => ({ client: await freePort(), cluster: await freePort(), monitor: await freePort() })));
  const routes = ports.map((p) => `nats-route://127.0.0.1:${p.cluster}`).join(', ');
  const nodes = ports.map((p, i) => {
    const name = `nats-${i + 1}`;
    const store = join(dir, 'nats', name);
    mkdirSync(store, { recursive: true });
    const config = join(dir, 'nats', `${name}.conf`);
    const log = join(dir, 'nats', `${name}.log`);
    writeFileSync(
      config,
      [
        `server_name: ${name}`,
        `listen: 127.0.0.1:${p.client}`,
        `http: 127.0.0.1:${p.monitor}`,
        `log_file: "${log}"`,
        `jetstream { store_dir: "${store}", max_memory_store: 256MB, max_file_store: 4GB }`,
        `cluster { name: dealer-photo, listen: 127.0.0.1:${p.cluster}, routes: [${routes}] }`,
        '',
      ].join('\n'),
    );
    return new NatsNode(name, p.client, p.cluster, p.monitor, config, log);
  });
  for (const node of nodes) node.start();
  await waitFor(async () => (await Promise.all(nodes.map((n) => n.healthy()))).every(Boolean), 'the three NATS servers form a JetStream cluster', 60_000, 250).catch((err: Error) => {
    throw new Error(`${err.message}\n${nodes.map((n) => `${n.name}:\n${n.logTail()}`).join('\n')}`);
  });
  return nodes;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** Runs a PostgreSQL program as the system user postgres (the server refuses root). */
function pgRun(program: string, args: string[], opts: { allowFail?: boolean } = {}): string {
  const asRoot = process.getuid?.() === 0;
  const res = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args], { encoding: 'utf8' }) : spawnSync(join(PG_BIN, program), args, { encoding: 'utf8' });
  if (res.status !== 0 && !opts.allowFail) throw new Error(`${program} ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return `${res.stdout}${res.stderr}`;
}

/** Hands a directory to the user postgres when running as root. */
function giveToPostgres(path: string): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(path, uid, gid);
}

export class PgNode {
  /** the HTTP check HAProxy asks: 200 when this server is the primary */
  private checkServer: http.Server | null = null;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly checkPort: number,
    readonly dataDir: string,
    private readonly socketDir: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${PG_DATABASE}`;
  }

  get logFile(): string {
    return `${this.dataDir}.log`;
  }

  start(): void {
    pgRun('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '120', '-o', `-c port=${this.port} -c unix_socket_directories=${this.socketDir}`, 'start']);
  }

  /** `fast`: a clean stop (every WAL record reaches the standby first); `immediate`: a crash. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    pgRun('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '120', 'stop'], { allowFail: true });
  }

  promote(): void {
    pgRun('pg_ctl', ['-D', this.dataDir, '-w', '-t', '120', 'promote']);
  }

  /** True when this server answers and is not in recovery. */
  async isPrimary(): Promise<boolean> {
    const client = new Client({ connectionString: this.url.replace(`/${PG_DATABASE}`, '/postgres'), connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      return !rows[0].standby;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async serveCheck(): Promise<void> {
    this.checkServer = http.createServer((req, res) => {
      void this.isPrimary().then((primary) => {
        res.writeHead(primary ? 200 : 503, { 'content-type': 'text/plain' });
        res.end(primary ? 'primary' : 'not the primary');
      });
    });
    await new Promise<void>((r) => this.checkServer!.listen(this.checkPort, '127.0.0.1', () => r()));
  }

  async closeCheck(): Promise<void> {
    await new Promise<void>((r) => (this.checkServer ? this.checkServer.close(() => r()) : r()));
    this.checkServer?.closeAllConnections();
  }
}

async function startPostgresPair(dir: string): Promise<PgNode[]> {
  if (!existsSync(join(PG_BIN, 'pg_ctl'))) throw new Error(`PostgreSQL's programs are not at ${PG_BIN}: apt-get install -y postgresql (or set PG_BIN)`);
  const root = join(dir, 'postgres');
  mkdirSync(root, { recursive: true });
  giveToPostgres(root);
  const socketDir = join(root, 'sockets');
  mkdirSync(socketDir, { recursive: true });
  giveToPostgres(socketDir);
  const [a, b] = await Promise.all(['pg-a', 'pg-b'].map(async (name) => new PgNode(name, await freePort(), await freePort(), join(root, name), socketDir)));

  pgRun('initdb', ['-D', a.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  appendFileSync(
    join(a.dataDir, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      'max_connections = 400',
      'wal_level = replica',
      'max_wal_senders = 10',
      'max_replication_slots = 10',
      'wal_keep_size = 512MB',
      'hot_standby = on',
      // a stopped primary's last WAL reaches the standby before it exits (fast shutdown); the
      // standby's own feedback keeps the primary from vacuuming rows its queries read
      'hot_standby_feedback = on',
      'wal_receiver_status_interval = 1s',
      'shared_buffers = 128MB',
      '',
    ].join('\n'),
  );
  a.start();
  pgRun('psql', ['-h', '127.0.0.1', '-p', String(a.port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE ${PG_DATABASE}`]);
  pgRun('psql', ['-h', '127.0.0.1', '-p', String(a.port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', "SELECT pg_create_physical_replication_slot('pg_b')"]);
  // the standby: a base backup of the primary that follows it (-R writes primary_conninfo and standby.signal)
  pgRun('pg_basebackup', ['-h', '127.0.0.1', '-p', String(a.port), '-U', 'postgres', '-D', b.dataDir, '-X', 'stream', '-R', '-S', 'pg_b', '-c', 'fast']);
  b.start();
  await waitFor(
    async () => {
      const client = new Client({ connectionString: a.url });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_replication WHERE state = 'streaming'");
        return Number(rows[0].n) === 1;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    'the standby streams from the primary',
    60_000,
    250,
  );
  await Promise.all([a.serveCheck(), b.serveCheck()]);
  return [a, b];
}

// ---------------------------------------------------------------------------------------------
// HAProxy

export class LoadBalancer {
  child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private output: string[] = [];
  constructor(
    readonly config: string,
    readonly httpPort: number,
    readonly pgPort: number,
    readonly statsPort: number,
  ) {}

  start(): void {
    const child = spawn('haproxy', ['-f', this.config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const keep = (c: Buffer) => {
      this.output.push(...c.toString('utf8').split('\n').filter(Boolean));
      this.output = this.output.slice(-50);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }

  /** The servers of a backend as HAProxy's stats see them: name → UP/DOWN/… */
  async states(backend: 'gateways' | 'postgres'): Promise<Map<string, string>> {
    const csv = await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`).then((r) => r.text());
    const states = new Map<string, string>();
    for (const line of csv.split('\n')) {
      const f = line.split(',');
      if (f[0] === backend && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND') states.set(f[1], f[17]);
    }
    return states;
  }

  get lastLines(): string {
    return this.output.join('\n');
  }
}

function haproxyConfig(p: { httpPort: number; pgPort: number; statsPort: number; gateways: Array<{ name: string; port: number; opsPort: number }>; pg: PgNode[] }): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout check 2s',
    '',
    // what CloudNativePG's -rw Service does: connections go to the primary only
    'listen postgres',
    `  bind 127.0.0.1:${p.pgPort}`,
    '  mode tcp',
    // idle pool connections and LISTEN sessions stay open
    '  timeout client 1h',
    '  timeout server 1h',
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...p.pg.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check port ${n.checkPort}`),
    '',
    'listen gateways',
    `  bind 127.0.0.1:${p.httpPort}`,
    '  mode http',
    '  balance roundrobin',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    // a connection refused is tried again on the other gateway; an idempotent request also after
    // an empty answer or a 502/503/504 (a gateway that died mid-request); a POST only on a failed connection
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 502 503 504',
    '  acl idempotent method GET HEAD OPTIONS PUT DELETE',
    '  http-request disable-l7-retry if !idempotent',
    '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
    ...p.gateways.map((g) => `  server ${g.name} 127.0.0.1:${g.port} check port ${g.opsPort}`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${p.statsPort}`,
    '  mode http',
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// the product's processes

export interface ProductProcess {
  /** `images#2` */
  name: string;
  kind: ClusterKind;
  child: ChildProcess;
  exited: Promise<void>;
  opsPort: number;
  httpPort?: number;
  lines: string[];
  errors: string[];
  /** killed or stopped on purpose */
  stopping: boolean;
}

// ---------------------------------------------------------------------------------------------
// the cluster

export class ClusterStack {
  nats: NatsNode[] = [];
  pg: PgNode[] = [];
  lb!: LoadBalancer;
  s3!: EmbeddedS3;
  ftp!: TestFtpServer;
  private smtp!: { stop(): Promise<void> };
  readonly processes: ProductProcess[] = [];
  env: Record<string, string> = {};
  private counter = new Map<ClusterKind, number>();
  /** the gateways' fixed ports, so that HAProxy's configuration names them before they start */
  private gatewaySlots: Array<{ name: string; port: number; opsPort: number }> = [];

  constructor(readonly opts: ClusterOptions) {}

  replicas(kind: ClusterKind): number {
    return this.opts.replicas?.[kind] ?? 2;
  }

  /** the product's address through the load balancer */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.lb.httpPort}/api`;
  }

  /** the read-write endpoint */
  get databaseUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.lb.pgPort}/${PG_DATABASE}`;
  }

  get natsUrl(): string {
    return this.nats.map((n) => n.url).join(',');
  }

  primary(): PgNode | undefined {
    return this.pg.find((n) => existsSync(join(n.dataDir, 'postmaster.pid')) && !existsSync(join(n.dataDir, 'standby.signal')));
  }

  standby(): PgNode | undefined {
    return this.pg.find((n) => existsSync(join(n.dataDir, 'postmaster.pid')) && existsSync(join(n.dataDir, 'standby.signal')));
  }

  /**
   * A database client through the read-write endpoint that rides out a fail-over: a query cut
   * by it, or refused while no server is the primary, is asked again for up to a minute.
   */
  database(): { query<R extends object>(sql: string, params?: unknown[]): Promise<R[]>; end(): Promise<void> } {
    const pool = new Pool({ connectionString: this.databaseUrl, max: 2, connectionTimeoutMillis: 2000 });
    // an idle connection cut by a fail-over: the pool drops it
    pool.on('error', () => undefined);
    return {
      query: async <R extends object>(sql: string, params: unknown[] = []): Promise<R[]> => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          try {
            return (await pool.query<R>(sql, params)).rows;
          } catch (err) {
            if (Date.now() > deadline || !isDatabaseUnavailable(err)) throw err;
            await sleep(250);
          }
        }
      },
      end: () => pool.end(),
    };
  }

  /**
   * At the runner's exit, whatever happened (an error, Ctrl-C, SIGTERM): nothing of the cluster
   * outlives it. A runner that stops the cluster in order on a signal (cluster.ts) registers its
   * own handler first.
   */
  private killAllAtExit(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(130));
    }
    process.once('exit', () => {
      for (const p of this.processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      this.lb?.child?.kill('SIGKILL');
      for (const n of this.nats) n.child?.kill('SIGKILL');
      for (const n of this.pg) n.stop('immediate');
    });
  }

  async start(): Promise<void> {
    this.killAllAtExit();
    const { dir } = this.opts;
    mkdirSync(dir, { recursive: true });
    // the user postgres must reach its data under it
    chmodSync(dir, 0o755);
    const smtpPort = await freePort();
    const [nats, pg, s3, smtp, ftp] = await Promise.all([
      startNatsCluster(dir),
      startPostgresPair(dir),
      (async () => {
        const credentials = loadOrCreateS3Credentials(join(dir, 's3-credentials.json'));
        return startEmbeddedS3({ directory: join(dir, 's3'), port: await freePort(), buckets: ['dealer-media'], credentials });
      })(),
      startSmtpCapture({ dir: join(dir, 'mail'), port: smtpPort }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD }),
    ]);
    this.nats = nats;
    this.pg = pg;
    this.s3 = s3;
    this.smtp = smtp;
    this.ftp = ftp;

    const slots = Math.max(this.replicas('gateway'), 4);
    this.gatewaySlots = await Promise.all(Array.from({ length: slots }, async (_, i) => ({ name: `gateway-${i + 1}`, port: await freePort(), opsPort: await freePort() })));
    const [httpPort, pgPort, statsPort] = [this.opts.httpPort ?? (await freePort()), await freePort(), await freePort()];
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig({ httpPort, pgPort, statsPort, gateways: this.gatewaySlots, pg }));
    this.lb = new LoadBalancer(config, httpPort, pgPort, statsPort);
    this.lb.start();
    await waitFor(async () => (await this.lb.states('postgres').catch(() => new Map())).get('pg-a') === 'UP', 'HAProxy sees the primary', 30_000, 200).catch((err: Error) => {
      throw new Error(`${err.message}\n${this.lb.lastLines}`);
    });

    this.env = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      NODE_ENV: 'production',
      DATABASE_URL: this.databaseUrl,
      DATABASE_POOL_SIZE: '8',
      NATS_URL: this.natsUrl,
      NATS_STREAM_REPLICAS: '3',
      LOG_LEVEL: 'warn',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'dealer-media',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUSH_PROVIDER: 'capture',
      PUSH_CAPTURE_DIR: join(dir, 'push'),
      JWT_SECRET: 'cluster-secret-that-is-long-enough-for-hs256-0123456789',
      ACCESS_TOKEN_TTL_S: '7200',
      INTEGRATION_SECRET_KEY: 'ab'.repeat(32),
      PASSWORD_HASH_COST: '11',
      ACCOUNT_SEEDING: 'true',
      // the dealers' FTP server is on this machine: allowed here explicitly (the default refuses the loopback)
      OUTBOUND_ALLOW: '127.0.0.1',
      PIPELINE_SEGMENTER: 'classical',
      // the load balancer takes a stopping gateway out within its check interval
      SHUTDOWN_DELAY_MS: '2000',
      ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
      ...(this.opts.env ?? {}),
    };
    // migrations one service after another (their first runs would race for the catalog)
    for (const s of SERVICE_NAMES) await migrateService(s, this.env);
    // the services, then the gateways; a few at a time on two cores
    const kinds = [...SERVICE_NAMES.flatMap((s) => Array<ClusterKind>(this.replicas(s)).fill(s)), ...Array<ClusterKind>(this.replicas('gateway')).fill('gateway')];
    for (let i = 0; i < kinds.length; i += 4) await Promise.all(kinds.slice(i, i + 4).map((k) => this.startProcess(k)));
    await waitFor(
      async () => [...(await this.lb.states('gateways'))].filter(([, s]) => s === 'UP').length === this.replicas('gateway'),
      'HAProxy sees every gateway ready',
      60_000,
      250,
    );
  }


  /** Starts one more instance of a process and waits until it is ready. */
  async startProcess(kind: ClusterKind): Promise<ProductProcess> {
    const n = (this.counter.get(kind) ?? 0) + 1;
    this.counter.set(kind, n);
    let opsPort: number;
    let httpPort: number | undefined;
    if (kind === 'gateway') {
      // the slot of a gateway that is not running (HAProxy knows the slots' ports)
      const used = new Set(this.live('gateway').map((p) => p.httpPort));
      const slot = this.gatewaySlots.find((s) => !used.has(s.port));
      if (!slot) throw new Error('every gateway slot of the load balancer is taken');
      opsPort = slot.opsPort;
      httpPort = slot.port;
    } else {
      opsPort = await freePort();
    }
    const env = { ...this.env, OPS_PORT: String(opsPort), OPS_HOST: '127.0.0.1', ...(httpPort ? { PORT: String(httpPort) } : {}) };
    const child = spawn(process.execPath, [distEntry(kind)], { env, cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const proc: ProductProcess = { name: `${kind}#${n}`, kind, child, opsPort, httpPort, lines: [], errors: [], stopping: false, exited: Promise.resolve() };
    proc.exited = new Promise((done) => child.once('exit', () => done()));
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        proc.lines.push(line);
        if (proc.lines.length > 200) proc.lines.shift();
        if (/"level":("?(error|fatal)"?|50|60)/.test(line)) {
          if (proc.errors.length < 200) proc.errors.push(line.slice(0, 800));
          this.opts.onLog?.(proc.name, line.slice(0, 800));
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void proc.exited.then(() => {
      if (!proc.stopping) this.opts.onLog?.(proc.name, `exited by itself (code ${child.exitCode}, signal ${child.signalCode})\n${proc.lines.slice(-10).join('\n')}`);
    });
    this.processes.push(proc);
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${proc.name} exited at start (code ${child.exitCode}):\n${proc.lines.slice(-20).join('\n')}`);
      const ready = await fetch(`http://127.0.0.1:${opsPort}/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return proc;
      if (Date.now() > deadline) throw new Error(`${proc.name} was not ready within ${BOOT_TIMEOUT_MS / 1000} s:\n${proc.lines.slice(-20).join('\n')}`);
      await sleep(300);
    }
  }

  live(kind?: ClusterKind): ProductProcess[] {
    return this.processes.filter((p) => !p.stopping && p.child.exitCode === null && p.child.signalCode === null && (!kind || p.kind === kind));
  }

  /** SIGKILL: the process dies as on a lost node or an out-of-memory kill. */
  async kill(proc: ProductProcess): Promise<void> {
    proc.stopping = true;
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    await proc.exited;
  }

  /** SIGTERM, SIGKILL after 30 s (a pod's grace period). */
  async stopProcess(proc: ProductProcess): Promise<void> {
    proc.stopping = true;
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
    proc.child.kill('SIGTERM');
    const hard = setTimeout(() => proc.child.kill('SIGKILL'), 30_000);
    await proc.exited;
    clearTimeout(hard);
  }

  /**
   * CPU used so far (ms) by each kind of process of this cluster: the product's processes by
   * kind, `nats-server` (the three), `postgres` (both servers with their backends and workers),
   * `haproxy`, and `runner` (this process: the clients of a test and the embedded S3).
   */
  cpuSample(): Map<string, number> {
    const sample = new Map<string, number>();
    const add = (label: string, ms: number) => sample.set(label, (sample.get(label) ?? 0) + ms);
    for (const p of this.processes) if (p.child.pid) add(p.kind, processCpuMs(p.child.pid));
    for (const n of this.nats) if (n.child?.pid) add('nats-server', processCpuMs(n.child.pid));
    if (this.lb?.child?.pid) add('haproxy', processCpuMs(this.lb.child.pid));
    const postmasters = new Set(
      this.pg.flatMap((n) => {
        try {
          return [Number(readFileSync(join(n.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])];
        } catch {
          return [];
        }
      }),
    );
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (postmasters.has(pid) || postmasters.has(ppid)) add('postgres', processCpuMs(pid));
      } catch {
        // gone meanwhile
      }
    }
    const self = process.cpuUsage();
    add('runner', (self.user + self.system) / 1000);
    return sample;
  }

  /** The most memory one process of each kind held resident in its life so far (VmHWM, MB), over the live ones. */
  peakMemoryMb(): Map<string, number> {
    const peak = new Map<string, number>();
    for (const p of this.live()) {
      try {
        const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${p.child.pid}/status`, 'utf8'))?.[1] ?? 0);
        peak.set(p.kind, Math.max(peak.get(p.kind) ?? 0, kb / 1024));
      } catch {
        // gone meanwhile
      }
    }
    return peak;
  }

  /** Stops everything, the product first. */
  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => this.stopProcess(p)));
    await this.lb?.stop();
    await Promise.allSettled([
      ...this.nats.map((n) => n.stop()),
      ...this.pg.map(async (n) => {
        await n.closeCheck();
        n.stop('fast');
      }),
      this.s3?.close(),
      this.smtp?.stop(),
      this.ftp?.close(),
    ]);
  }
}
