import 'reflect-metadata';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@app/seeding';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import {
  DEFAULT_NATS_URL,
  DEFAULT_SMTP_CAPTURE_PORT,
  EMBEDDED_PG_DEFAULT_PORT,
  ensureFfmpeg,
  ensureNatsServer,
  loadOrCreateS3Credentials,
  ProcessGroup,
  relaunchInOwnProcessGroup,
  startEmbeddedPostgres,
  startEmbeddedS3,
  startSmtpCapture,
} from '@app/devstack';
import { createLogger } from '@app/logging';
import type { Logger } from 'pino';

/**
 * `make dev`: the whole product on this machine. Infrastructure comes from the configuration
 * where it is given (DATABASE_URL, NATS_URL, S3_ENDPOINT + keys, SMTP_URL), otherwise from
 * embedded defaults whose data lives under .data/ (DEV_DATA_DIR) and survives restarts. Then the seven
 * services and the gateway run as child processes (their JSON logs pass through), the seed
 * runs when there is one, and a banner says where to go. Ctrl-C stops everything it started.
 */

/** the repository root: this file runs as dist/scripts/dev.js */
const ROOT = resolve(__dirname, '..', '..');

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/**
 * Where the embedded infrastructure keeps its data, the secrets, the mails and the push
 * notifications: `.data/` of the repository, or `DEV_DATA_DIR` (relative to the repository, or
 * absolute), so that a second installation (the restore drill's) runs beside the first.
 */
const DATA = resolve(ROOT, env('DEV_DATA_DIR') ?? '.data');
/** a path as the log and the banner show it: relative to the repository when inside it */
const display = (path: string): string => {
  const rel = relative(ROOT, path);
  return rel.startsWith('..') || rel === '' ? path : rel;
};
/** a path under DATA, as shown */
const shown = (...parts: string[]): string => display(join(DATA, ...parts));
const HEALTH_WAIT_MS = 60000;
/** the first operations port (`/health/live`, `/health/ready`, `/metrics`): the services in SERVICE_NAMES order, then the gateway */
const OPS_PORT_BASE_DEFAULT = 9100;

/** Each process's operations port: `OPS_PORT_BASE` (9100) + its index, the gateway last. */
function opsPorts(base: number): Record<ServiceName | 'gateway', number> {
  return Object.fromEntries([...SERVICE_NAMES, 'gateway' as const].map((name, i) => [name, base + i])) as Record<ServiceName | 'gateway', number>;
}

function portFrom(name: string, fallback: number): number {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} has a wrong value "${raw}": must be a port number (1-65535)`);
  }
  return port;
}

/**
 * Settings that have no default because in production they are secrets. For development a
 * random value is made on the first run and kept in .data/dev-secrets.json (DEV_DATA_DIR), so that what was
 * encrypted with it stays readable after a restart. A value in the environment wins.
 */
const DEV_SECRETS: Record<string, () => string> = {
  /** users: encrypts integration passwords at rest (32 bytes, hex) */
  INTEGRATION_SECRET_KEY: () => randomBytes(32).toString('hex'),
  /** gateway: signs access tokens; kept so sessions survive a restart */
  JWT_SECRET: () => randomBytes(48).toString('base64url'),
};

function devSecrets(): Record<string, string> {
  const file = join(DATA, 'dev-secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const values: Record<string, string> = {};
  let changed = false;
  for (const [name, make] of Object.entries(DEV_SECRETS)) {
    const given = env(name);
    if (given) {
      values[name] = given;
      continue;
    }
    if (!stored[name]) {
      stored[name] = make();
      changed = true;
    }
    values[name] = stored[name];
  }
  if (changed) {
    mkdirSync(DATA, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return values;
}

interface Infrastructure {
  DATABASE_URL: string;
  NATS_URL: string;
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  SMTP_URL: string;
  FFMPEG_PATH: string;
  /** where mails end up, for the banner */
  mail: string;
  /** the file holding the embedded S3's key pair, for the banner (none with a configured S3) */
  s3CredentialsFile?: string;
}

/** Postgres and nats-server print plain text: carried into the JSON log, problems as warnings. */
function infraLog(logger: Logger, infra: string): (line: string) => void {
  return (line) => {
    if (/\b(ERROR|FATAL|PANIC)\b|\[(ERR|FTL)\]/.test(line)) logger.warn({ infra }, line);
    else logger.debug({ infra }, line);
  };
}

/**
 * Starts what is not configured, all at once, and registers each started piece with the
 * group so that it is stopped after the services (also when a later piece fails to start).
 * Installs Debian's ffmpeg when it is missing (the images service needs it).
 */
async function startInfrastructure(group: ProcessGroup, logger: Logger): Promise<Infrastructure> {
  const bucket = env('S3_BUCKET') ?? 'dealer-media';
  const s3Endpoint = env('S3_ENDPOINT');
  if (s3Endpoint && (!env('S3_ACCESS_KEY') || !env('S3_SECRET_KEY'))) {
    throw new Error('S3_ENDPOINT is set: S3_ACCESS_KEY and S3_SECRET_KEY must be set too');
  }
  const pgPort = portFrom('PG_PORT', EMBEDDED_PG_DEFAULT_PORT);
  const s3Port = portFrom('S3_PORT', 9000);
  const smtpPort = portFrom('SMTP_PORT', DEFAULT_SMTP_CAPTURE_PORT);
  const natsPort = portFrom('NATS_PORT', 4222);

  const database = async (): Promise<string> => {
    const configured = env('DATABASE_URL');
    if (configured) return configured;
    const pg = await startEmbeddedPostgres({ dataDir: join(DATA, 'postgres'), port: pgPort, onLog: infraLog(logger, 'postgres') });
    group.onStop('embedded PostgreSQL', pg.stop);
    logger.info({ port: pg.port, dataDir: shown('postgres'), created: pg.initialised }, 'embedded PostgreSQL started');
    return pg.databaseUrl;
  };

  const nats = async (): Promise<string> => {
    const configured = env('NATS_URL');
    const server = await ensureNatsServer({
      url: configured ?? (env('NATS_PORT') ? `nats://127.0.0.1:${natsPort}` : DEFAULT_NATS_URL),
      spawn: configured === undefined,
      storeDir: join(DATA, 'nats'),
      onLog: infraLog(logger, 'nats'),
    });
    if (server.started) {
      group.onStop('nats-server', server.stop);
      logger.info({ url: server.url, pid: server.pid, storeDir: shown('nats') }, 'nats-server started');
    } else {
      logger.info({ url: server.url }, 'using the NATS server that answers there');
    }
    return server.url;
  };

  const s3 = async (): Promise<Pick<Infrastructure, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 's3CredentialsFile'>> => {
    if (s3Endpoint) {
      return { S3_ENDPOINT: s3Endpoint, S3_ACCESS_KEY: env('S3_ACCESS_KEY') ?? '', S3_SECRET_KEY: env('S3_SECRET_KEY') ?? '' };
    }
    // this installation's own key pair, made on the first start (never s3rver's public default)
    const file = join(DATA, 's3-credentials.json');
    const credentials = loadOrCreateS3Credentials(file);
    const server = await startEmbeddedS3({ directory: join(DATA, 's3'), port: s3Port, buckets: [bucket], credentials });
    group.onStop('embedded S3', server.close);
    logger.info({ endpoint: server.endpoint, directory: shown('s3'), bucket, credentials: shown('s3-credentials.json'), newCredentials: credentials.created }, 'embedded S3 started');
    return { S3_ENDPOINT: server.endpoint, S3_ACCESS_KEY: server.accessKey, S3_SECRET_KEY: server.secretKey, s3CredentialsFile: shown('s3-credentials.json') };
  };

  const smtp = async (): Promise<{ url: string; mail: string }> => {
    const configured = env('SMTP_URL');
    if (configured) return { url: configured, mail: 'sent through the configured SMTP_URL' };
    const capture = await startSmtpCapture({
      dir: join(DATA, 'mail'),
      port: smtpPort,
      onMail: (mail) => logger.info({ ...mail, file: display(mail.file) }, `mail captured: ${mail.subject}`),
    });
    group.onStop('SMTP capture', capture.stop);
    logger.info({ url: capture.url, dir: shown('mail') }, 'SMTP capture started');
    return { url: capture.url, mail: `captured in ${shown('mail')} (SMTP ${capture.url})` };
  };

  // the images service checks every uploaded video with ffmpeg and does not start without it
  const ffmpeg = async (): Promise<string> => {
    const configured = env('FFMPEG_PATH');
    const found = await ensureFfmpeg({ path: configured ?? 'ffmpeg', install: configured === undefined, onLog: infraLog(logger, 'apt-get') });
    if (found.installed) logger.info({ version: found.version }, 'ffmpeg installed (Debian package ffmpeg)');
    return found.path;
  };

  const [pg, natsUrl, storage, mail, ffmpegPath] = await Promise.allSettled([database(), nats(), s3(), smtp(), ffmpeg()]);
  const failures = [pg, natsUrl, storage, mail, ffmpegPath].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((f) => f.reason as unknown),
      failures.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason))).join('; '),
    );
  }
  const value = <T>(r: PromiseSettledResult<T>): T => (r as PromiseFulfilledResult<T>).value;
  return {
    DATABASE_URL: value(pg),
    NATS_URL: value(natsUrl),
    ...value(storage),
    SMTP_URL: value(mail).url,
    FFMPEG_PATH: value(ffmpegPath),
    mail: value(mail).mail,
  };
}

/**
 * The AI routes' segmentation network: by default the segmenter service (IS-Net, its own
 * process: the weights are AGPL-3.0) started here on SEGMENTER_PORT (7070). Not started when
 * PIPELINE_SEGMENTER says otherwise (`classical`: the built-in fallback; `onnx`: a model in
 * the worker) or PIPELINE_SEGMENTER_URL points at a segmentation service already running.
 */
interface SegmenterPlan {
  /** the pipeline's settings */
  env: Record<string, string>;
  /** the process to start, or null */
  start: { port: number; model: string } | null;
}

function segmenterPlan(): SegmenterPlan {
  const kind = env('PIPELINE_SEGMENTER') ?? 'http';
  if (kind !== 'http' || env('PIPELINE_SEGMENTER_URL')) return { env: { PIPELINE_SEGMENTER: kind }, start: null };
  const port = portFrom('SEGMENTER_PORT', 7070);
  const model = env('SEGMENTER_MODEL') ?? join('services', 'segmenter', 'model', 'isnet-quint8.onnx');
  if (!existsSync(resolve(ROOT, model))) {
    throw new Error(
      `the segmentation model ${model} is missing: "make install" fetches it (node scripts/fetch-segmentation-model.mjs); PIPELINE_SEGMENTER=classical runs without it`,
    );
  }
  return {
    env: { PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: `http://127.0.0.1:${port}/segment` },
    start: { port, model },
  };
}

interface Health {
  status: string;
  services: Partial<Record<ServiceName, string>>;
  segmentation?: { status: string; model?: string };
}

/** Polls the gateway's health route until every service is up, or the time is over. */
async function waitForHealth(group: ProcessGroup, port: number, timeoutMs: number): Promise<Health | undefined> {
  const deadline = Date.now() + timeoutMs;
  let last: Health | undefined;
  while (Date.now() < deadline && !group.isStopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
      last = (await res.json()) as Health;
      if (last.status === 'ok') return last;
    } catch {
      // the gateway is not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return last;
}

/**
 * The banner's segmenter line: the segmenter process `make dev` started (its model's name and
 * its port), `'classical'` when the pipeline runs the fallback without a network, or `null`
 * (no line) when the pipeline uses a network set up elsewhere (`onnx`, or a segmenter URL given).
 */
type DevSegmenter = { model: string; port: number } | 'classical' | null;

function banner(port: number, infra: Infrastructure, webServed: boolean, down: string[], ops: Record<string, number>, segmenter: DevSegmenter): string {
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    '  Dealer photo back-office is running',
    '',
    webServed ? `  Web app:   ${url}` : `  Web app:   not built (run "make build-web"); the API is at ${url}/api`,
    `  API docs:  ${url}/api/docs`,
    `  Mails:     ${infra.mail}`,
    ...(infra.s3CredentialsFile ? [`  S3:        ${infra.S3_ENDPOINT}, bucket ${env('S3_BUCKET') ?? 'dealer-media'}; its keys (for rclone, s3cmd, mc) are in ${infra.s3CredentialsFile}`] : []),
    `  Push:      ${env('PUSH_PROVIDER') === 'fcm' ? 'sent through FCM' : `captured in ${shown('push')} (one JSON file per device)`}`,
    ...(segmenter === 'classical'
      ? ['  Segmenter: classical fallback (PIPELINE_SEGMENTER=classical)']
      : segmenter
        ? [`  Segmenter: ${segmenter.model} on http://localhost:${segmenter.port} (AGPL-3.0, its own process)`]
        : []),
    `  Health:    http://localhost:<port>/health/ready (and /health/live) per process:`,
    `             ${Object.entries(ops)
      .map(([name, p]) => `${name} ${p}`)
      .join(', ')}`,
    `  Sign in:   ${DEMO_ACCOUNTS.dealer.email} (or ${DEMO_ACCOUNTS.admin.email}, ${DEMO_ACCOUNTS.qaEditor.email}, ${DEMO_ACCOUNTS.manager.email})`,
    `             password ${DEMO_PASSWORD}; every demo account is listed in the README`,
    ...(down.length > 0 ? ['', `  Still down after ${HEALTH_WAIT_MS / 1000} s: ${down.join(', ')} (see the log above)`] : []),
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  // the terminal's Ctrl-C must reach this runner only, which stops things in order
  if (relaunchInOwnProcessGroup()) return;
  const logger = createLogger('dev');
  const group = new ProcessGroup({ logger }).handleSignals();
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

  let port: number;
  let ops: Record<ServiceName | 'gateway', number>;
  let infra: Infrastructure;
  let secrets: Record<string, string>;
  let segmenter: SegmenterPlan;
  try {
    port = portFrom('PORT', 8080);
    ops = opsPorts(portFrom('OPS_PORT_BASE', OPS_PORT_BASE_DEFAULT));
    secrets = devSecrets();
    segmenter = segmenterPlan();
    const scripts = [
      ...SERVICE_NAMES.map((s) => join('dist', 'services', s, 'src', 'main.js')),
      join('dist', 'gateway', 'src', 'main.js'),
      ...(segmenter.start ? [join('dist', 'services', 'segmenter', 'src', 'main.js')] : []),
    ];
    const missing = scripts.filter((s) => !existsSync(join(ROOT, s)));
    if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')}; run "npm run build:server" first`);
    infra = await startInfrastructure(group, logger);
  } catch (err) {
    logger.fatal({ err }, err instanceof Error ? err.message : String(err));
    return group.shutdown(1);
  }
  if (group.isStopping) return;

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...secrets,
    DATABASE_URL: infra.DATABASE_URL,
    NATS_URL: infra.NATS_URL,
    S3_ENDPOINT: infra.S3_ENDPOINT,
    S3_ACCESS_KEY: infra.S3_ACCESS_KEY,
    S3_SECRET_KEY: infra.S3_SECRET_KEY,
    S3_BUCKET: env('S3_BUCKET') ?? 'dealer-media',
    S3_REGION: env('S3_REGION') ?? 'us-east-1',
    SMTP_URL: infra.SMTP_URL,
    // push notifications to the mobile app are written to .data/push (DEV_DATA_DIR) unless FCM is configured
    PUSH_PROVIDER: env('PUSH_PROVIDER') ?? 'capture',
    PUSH_CAPTURE_DIR: env('PUSH_CAPTURE_DIR') ?? join(DATA, 'push'),
    FFMPEG_PATH: infra.FFMPEG_PATH,
    // links in mails point at this runner's gateway
    APP_URL: env('APP_URL') ?? `http://localhost:${port}`,
    // the demo accounts of the README (users creates them at start when asked)
    SEED_DEMO_DATA: env('SEED_DEMO_DATA') ?? 'true',
    LOG_LEVEL: env('LOG_LEVEL') ?? 'info',
    NODE_ENV: 'development',
    APP_ENV: 'development',
  };
  if (segmenter.start) {
    group.start({
      name: 'segmenter',
      script: join(ROOT, 'dist', 'services', 'segmenter', 'src', 'main.js'),
      env: { ...childEnv, SEGMENTER_PORT: String(segmenter.start.port), SEGMENTER_HOST: '127.0.0.1', SEGMENTER_MODEL: segmenter.start.model },
      cwd: ROOT,
    });
  }
  for (const service of SERVICE_NAMES) {
    group.start({
      name: service,
      script: join(ROOT, 'dist', 'services', service, 'src', 'main.js'),
      env: { ...childEnv, ...(service === 'pipeline' ? segmenter.env : {}), OPS_PORT: String(ops[service]), OPS_HOST: '127.0.0.1' },
      cwd: ROOT,
    });
  }
  const webDist = env('WEB_DIST') ?? (existsSync(join(ROOT, 'web', 'dist', 'index.html')) ? join('web', 'dist') : undefined);
  const webServed = webDist !== undefined && existsSync(join(resolve(ROOT, webDist), 'index.html'));
  group.start({
    name: 'gateway',
    script: join(ROOT, 'dist', 'gateway', 'src', 'main.js'),
    env: {
      ...childEnv,
      PORT: String(port),
      OPS_PORT: String(ops.gateway),
      OPS_HOST: '127.0.0.1',
      // Ctrl-C on one machine: nothing to take out of rotation first
      SHUTDOWN_DELAY_MS: env('SHUTDOWN_DELAY_MS') ?? '0',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    cwd: ROOT,
  });

  const health = await waitForHealth(group, port, HEALTH_WAIT_MS);
  if (group.isStopping) return;
  const down = health
    ? SERVICE_NAMES.filter((s) => health.services?.[s] !== 'up')
    : [...SERVICE_NAMES, 'gateway' as const];
  if (down.length > 0) {
    logger.warn({ down }, `not every service answers after ${HEALTH_WAIT_MS / 1000} s: ${down.join(', ')}; the others keep running`);
  } else {
    logger.info({ url: `http://localhost:${port}` }, 'every service is up');
  }

  // demo data arrives with later features: the seed runs when it has been built
  const seed = join(ROOT, 'dist', 'scripts', 'seed.js');
  if (existsSync(seed)) {
    if (down.length > 0) {
      logger.warn('seeding skipped: not every service is up');
    } else {
      const code = await group.runTask({ name: 'seed', script: seed, env: { ...childEnv, PORT: String(port) }, cwd: ROOT });
      if (group.isStopping) return;
      if (code === 0) logger.info('seed finished');
      else logger.error({ exitCode: code }, 'seed failed; the services keep running');
    }
  }

  const bannerSegmenter: DevSegmenter = segmenter.start
    ? // the name the segmenter gives its model (`isnet-quint8@768`), once it answered
      { model: health?.segmentation?.model ?? basename(segmenter.start.model, '.onnx'), port: segmenter.start.port }
    : segmenter.env.PIPELINE_SEGMENTER === 'classical'
      ? 'classical'
      : null;
  process.stderr.write(banner(port, infra, webServed, down, ops, bannerSegmenter));
}

void main();
