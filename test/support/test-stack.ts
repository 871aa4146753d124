import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { startService } from '@app/service-kit';
import type { DynamicModule, INestApplication, INestMicroservice, Type } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCapturedMails, startSmtpCapture, type CapturedMail, type SmtpCapture } from '@app/devstack';
import type { Logger } from 'pino';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createTestDatabase, createTestNamespace, startTestS3, testInfra, type TestDatabase, type TestNamespace, type TestS3 } from '@app/testing';
import { createGatewayApp } from '../../gateway/src/gateway.app';
import { GatewayConfig } from '../../gateway/src/gateway.config';
import { readCapturedPushes, type CapturedPush } from '../../services/delivery/src/push/providers/capture-push-provider';
import { SERVICE_APPS } from './service-apps';

export interface TestStackOptions {
  label: string;
  /** which services to boot (all seven by default) */
  services?: readonly ServiceName[];
  /** how long the gateway and services wait for an RPC answer (15 s: the services share this
   *  one process with the pipeline's image work, and a full run keeps two such stacks busy on
   *  two cores; production's default is 5 s). A test of the timeout itself sets a short one. */
  rpcTimeoutMs?: number;
  healthTimeoutMs?: number;
  /** extra gateway modules, e.g. a test-only controller */
  gatewayModules?: Array<Type<unknown> | DynamicModule>;
  /** the logger of each process (silent at TEST_LOG_LEVEL by default); a test reading log lines gives its own */
  logger?: (name: ServiceName | 'gateway') => Logger;
  /** more environment for the services and the gateway (overrides the defaults) */
  env?: Record<string, string>;
}

export interface TestStack {
  env: Record<string, string>;
  db: TestDatabase;
  ns: TestNamespace;
  s3: TestS3;
  smtp: SmtpCapture;
  /** mails captured so far, oldest first (optionally only those to one address) */
  mails(to?: string): Promise<CapturedMail[]>;
  /** push notifications captured so far (the capture provider's files), oldest first */
  pushes(): Promise<CapturedPush[]>;
  gateway: INestApplication;
  /** supertest bound to the gateway */
  http: () => TestAgent;
  services: Partial<Record<ServiceName, INestMicroservice>>;
  startService(name: ServiceName): Promise<INestMicroservice>;
  stopService(name: ServiceName): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole product in one process for API end-to-end tests: its own database, NATS
 * namespace and S3 server; the seven services (each a NestJS microservice on NATS, as in
 * production) and the gateway on an ephemeral port.
 */
export async function startTestStack(opts: TestStackOptions): Promise<TestStack> {
  const mailDir = mkdtempSync(join(tmpdir(), 'dealer-mail-'));
  const pushDir = mkdtempSync(join(tmpdir(), 'dealer-push-'));
  const [db, s3, smtp] = await Promise.all([
    createTestDatabase(opts.label),
    startTestS3(),
    startSmtpCapture({ dir: mailDir, port: 0, onMail: () => undefined }),
  ]);
  const ns = createTestNamespace(opts.label);
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '4',
    NATS_URL: testInfra.natsUrl,
    NATS_NAMESPACE: ns.prefix,
    LOG_LEVEL: testInfra.logLevel,
    RPC_TIMEOUT_MS: String(opts.rpcTimeoutMs ?? 15000),
    HEALTH_TIMEOUT_MS: String(opts.healthTimeoutMs ?? 2000),
    OUTBOX_POLL_MS: '200',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    SMTP_URL: smtp.url,
    PUSH_PROVIDER: 'capture',
    PUSH_CAPTURE_DIR: pushDir,
    PORT: '0',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    INTEGRATION_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    // cheaper hashing keeps tests quick; the format and the code path are the same
    PASSWORD_HASH_COST: '11',
    // the account factories write accounts through the users service's seeding call
    ACCOUNT_SEEDING: 'true',
    ...opts.env,
  };
  const services: Partial<Record<ServiceName, INestMicroservice>> = {};
  const boot = async (name: ServiceName): Promise<INestMicroservice> => {
    const entry = SERVICE_APPS[name];
    const config = loadConfig(entry.configClass, env);
    const app = await startService(entry.app, config, {
      gracePeriodMs: 0,
      logger: opts.logger?.(name) ?? createLogger(name, testInfra.logLevel),
    });
    services[name] = app;
    return app;
  };
  // services one after another: their first migrations would otherwise race for the catalog
  for (const name of opts.services ?? SERVICE_NAMES) await boot(name);

  const gatewayConfig = loadConfig(GatewayConfig, env);
  const gateway = await createGatewayApp(gatewayConfig, {
    logger: opts.logger?.('gateway') ?? createLogger('gateway', testInfra.logLevel),
    modules: opts.gatewayModules,
  });
  await gateway.listen(0, '127.0.0.1');

  return {
    env,
    db,
    ns,
    s3,
    smtp,
    mails: async (to?: string) => {
      const all = await readCapturedMails(mailDir);
      return to ? all.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase())) : all;
    },
    pushes: () => readCapturedPushes(pushDir),
    gateway,
    http: () => supertest(gateway.getHttpServer()),
    services,
    startService: boot,
    stopService: async (name) => {
      const app = services[name];
      if (app) {
        delete services[name];
        await app.close();
      }
    },
    close: async () => {
      await gateway.close();
      for (const name of Object.keys(services) as ServiceName[]) {
        await services[name]?.close();
        delete services[name];
      }
      await ns.cleanup();
      await Promise.all([db.drop(), s3.close(), smtp.stop()]);
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(pushDir, { recursive: true, force: true });
    },
  };
}

/**
 * The stack of a describe block: booted before its first test (`beforeAll`) and closed after
 * its last (`afterAll`), instead of each test file declaring, starting and closing its own.
 * Call it first in the block; what it answers stands for the booted stack, so it is used as
 * one (`createAccount(stack, …)`, `stack.db`) in hooks and tests. Read before the boot, it throws.
 * Its close runs before the file's own `afterAll`: read the database with `stack.db.query`
 * rather than a client of the file's own that would still be open when the database goes.
 */
export function useTestStack(opts: TestStackOptions): TestStack {
  let booted: TestStack | undefined;
  beforeAll(async () => {
    booted = await startTestStack(opts);
  }, 120_000);
  afterAll(async () => {
    await booted?.close();
  });
  return new Proxy({} as TestStack, {
    get(_target, key) {
      if (!booted) throw new Error(`the ${opts.label} stack is not booted yet: use it in a hook or a test`);
      const value: unknown = Reflect.get(booted, key, booted);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(booted) : value;
    },
    has: (_target, key) => booted !== undefined && key in booted,
  });
}
