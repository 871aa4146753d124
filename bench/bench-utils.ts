import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

/**
 * The environment of the product's processes in a benchmark that boots them on a database,
 * NATS namespace and S3 of its own: the gateway on `port`, the admin and dealership written by
 * the users service's seeding call, the upload sweeper quiet. `extra` adds or overrides.
 */
export function benchProcessEnv(
  stack: { databaseUrl: string; natsUrl: string; namespace: string; s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string } },
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: stack.databaseUrl,
    DATABASE_POOL_SIZE: '10',
    NATS_URL: stack.natsUrl,
    NATS_NAMESPACE: stack.namespace,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_ACCESS_KEY: stack.s3.accessKey,
    S3_SECRET_KEY: stack.s3.secretKey,
    S3_BUCKET: stack.s3.bucket,
    SMTP_URL: 'smtp://127.0.0.1:1025',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    ACCESS_TOKEN_TTL_S: '7200',
    INTEGRATION_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    PASSWORD_HASH_COST: '11',
    ACCOUNT_SEEDING: 'true',
    IMAGES_UPLOAD_POLL_MS: '60000',
    ...extra,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A built service's entry point: `dist/services/<name>/src/main.js`, the gateway's `dist/gateway/src/main.js`. */
export function distEntry(kind: string): string {
  return join(repoRoot, 'dist', kind === 'gateway' ? 'gateway/src/main.js' : `services/${kind}/src/main.js`);
}

/** Runs a built service's migrations (`main.js migrate`) with `env`; fails with its output when they do. */
export async function migrateService(kind: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [distEntry(kind), 'migrate'], { env, cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c.toString()));
  child.stderr.on('data', (c: Buffer) => out.push(c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`${kind} migrate failed (exit ${code}):\n${out.join('').slice(-3000)}`);
}

/**
 * Starts a built service or the gateway as its own process. BENCH_NODE_ARGS adds node flags to
 * each (for instance `--cpu-prof --cpu-prof-dir=/some/dir` to see where the time goes).
 */
export function startProcess(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'dist', entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) process.stderr.write(`${name} exited with ${code}\n`);
  });
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET on a keep-alive connection; resolves with the status code. */
export function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/** One GET on a keep-alive connection, signed in with `token` when given: the status and the body. */
export function request(url: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
}

/**
 * `total` GETs of `url`, `concurrency` in flight: each one's latency in ms (monotonic clock)
 * and the seconds they took together. Any non-2xx answer aborts (a benchmark of errors lies).
 */
export async function runRequests(url: string, token: string | undefined, total: number, concurrency: number): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = new Array(total);
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const t0 = process.hrtime.bigint();
      const res = await request(url, token);
      latencies[i] = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.status < 200 || res.status >= 300) throw new Error(`${url} answered ${res.status} ${res.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

export interface LatencyStats {
  requests: number;
  median: number;
  p99: number;
  mean: number;
  rps: number;
}

/**
 * Sends `total` GETs with `concurrency` in flight and measures each one's latency in ms
 * with a monotonic clock. Any non-2xx answer aborts the run: a benchmark of errors lies.
 */
export async function measure(url: string, total: number, concurrency: number): Promise<LatencyStats> {
  const { latencies, seconds } = await runRequests(url, undefined, total, concurrency);
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    requests: total,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    rps: total / seconds,
  };
}

export const fmt = (n: number, digits = 3): string => n.toFixed(digits);

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system, ms) a process has used so far, from /proc; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (which may hold spaces) start at the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/** The pids of every process whose command is `comm` (postgres, nats-server). */
function pidsOf(comm: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Where the CPU of a run goes: the named child processes, this process (the load generator),
 * PostgreSQL (all its processes) and the NATS server. `sample()` reads the counters; the
 * difference of two samples is the CPU each used in between, in ms.
 */
export class CpuMeter {
  constructor(private readonly children: Array<{ name: string; pid: number }>) {}

  sample(): Map<string, number> {
    const m = new Map<string, number>();
    for (const c of this.children) m.set(c.name, processCpuMs(c.pid));
    const self = process.cpuUsage();
    m.set('load generator', (self.user + self.system) / 1000);
    m.set('postgres', pidsOf('postgres').reduce((sum, pid) => sum + processCpuMs(pid), 0));
    m.set('nats', pidsOf('nats-server').reduce((sum, pid) => sum + processCpuMs(pid), 0));
    return m;
  }

  static diff(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
    return new Map([...after].map(([k, v]) => [k, Math.max(0, v - (before.get(k) ?? 0))]));
  }
}
