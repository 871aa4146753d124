import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { connect } from 'nats';

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** The message when no server answers and none can be started: it says how to fix it. */
export const NATS_SERVER_MISSING =
  'nats-server is not installed: run "apt-get install -y nats-server" (Debian) or set NATS_URL';

export interface NatsServerOptions {
  /** where to look for a server, and where to start one (host and port) when none answers */
  url?: string;
  /** JetStream storage of a started server */
  storeDir: string;
  /** false: only check that something answers, never start a server */
  spawn?: boolean;
  /** receives every line a started nats-server prints (plain text) */
  onLog?: (line: string) => void;
  /** how long a started server may take to answer */
  startTimeoutMs?: number;
}

export interface NatsServer {
  url: string;
  /** true when this call started the server (and stop() will end it) */
  started: boolean;
  pid?: number;
  stop(): Promise<void>;
}

/** True when a NATS server answers at `url` within `timeoutMs`. */
export async function natsAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  try {
    const nc = await connect({ servers: url.split(','), timeout: timeoutMs, reconnect: false, name: 'devstack-probe' });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

/** Path of the nats-server binary: the PATH first, then where the Debian package puts it. */
export function findNatsServerBinary(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const candidates = [...dirs.map((d) => join(d, 'nats-server')), '/usr/sbin/nats-server', '/usr/local/bin/nats-server'];
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * A NATS server with JetStream for development: the one that already answers at `url`, or
 * else a `nats-server` started on that port with its store in `storeDir` (only loopback
 * URLs are started locally). stop() ends only a server this call started.
 */
export async function ensureNatsServer(opts: NatsServerOptions): Promise<NatsServer> {
  const url = opts.url ?? DEFAULT_NATS_URL;
  if (await natsAnswers(url)) {
    return { url, started: false, stop: async () => undefined };
  }
  if (opts.spawn === false) {
    throw new Error(`nothing answers NATS at ${url}: start that server, or unset NATS_URL to use a local one`);
  }
  const target = new URL(url.split(',')[0]);
  const host = target.hostname === 'localhost' || target.hostname === '' ? '127.0.0.1' : target.hostname;
  if (!['127.0.0.1', '::1', '[::1]'].includes(host)) {
    throw new Error(`nothing answers NATS at ${url}, and a server is started only on this machine (127.0.0.1)`);
  }
  const binary = findNatsServerBinary();
  if (!binary) throw new Error(NATS_SERVER_MISSING);

  const port = target.port ? Number(target.port) : 4222;
  const storeDir = resolve(opts.storeDir);
  mkdirSync(storeDir, { recursive: true });
  // its own process group: a Ctrl-C in the terminal reaches the runner, which stops the
  // services before their message broker
  const child = spawn(binary, ['-a', host.replace(/[[\]]/g, ''), '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const recent: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      opts.onLog?.(line);
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  let hasExited = false;
  const exited = new Promise<void>((done) => {
    child.once('exit', () => {
      hasExited = true;
      done();
    });
    child.once('error', (err) => {
      onOutput(Buffer.from(`nats-server could not be started: ${err.message}`));
      hasExited = true;
      done();
    });
  });

  const localUrl = `nats://${host.includes(':') ? `[${host.replace(/[[\]]/g, '')}]` : host}:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 10000);
  while (!(await natsAnswers(localUrl, 500))) {
    if (hasExited || Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(`nats-server did not start on ${localUrl}:\n${recent.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: localUrl, started: true, pid: child.pid, stop: () => stopChild(child, exited) };
}

/** SIGTERM (nats-server flushes JetStream and exits), SIGKILL after 5 s. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
