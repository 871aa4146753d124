import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { OpsServer } from '@app/ops';
import { STATISTICS_DURABLES } from '@app/contracts';
import { processHealthOf, startService } from '@app/service-kit';
import { createTestDatabase, createTestNamespace, queryAt, testInfra, waitFor, type TestDatabase, type TestNamespace } from '@app/testing';
import type { INestMicroservice } from '@nestjs/common';
import { FactsConsumer } from '../../services/statistics/src/facts/facts.consumer';
import { statisticsApp } from '../../services/statistics/src/statistics.app';
import { StatisticsConfig } from '../../services/statistics/src/statistics.config';

/**
 * A service's readiness on its operations port, against a real PostgreSQL and NATS: ready
 * while its database answers, 503 naming the database while it does not, ready again once it
 * is back, and "shutting down" once a stop began. The statistics service stands for every
 * service (the checks are the service kit's): it has a database and durable consumers.
 */
describe('a service\'s readiness and liveness on its operations port', () => {
  let db: TestDatabase;
  let ns: TestNamespace;
  let app: INestMicroservice | null = null;
  const ops = new OpsServer();
  let base = '';
  const admin = queryAt(testInfra.adminDatabaseUrl);

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const env = () => ({
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '3',
    NATS_URL: testInfra.natsUrl,
    NATS_NAMESPACE: ns.prefix,
    LOG_LEVEL: testInfra.logLevel,
    HEALTH_CHECK_TIMEOUT_MS: '1500',
  });

  beforeAll(async () => {
    db = await createTestDatabase('readiness');
    ns = createTestNamespace('readiness');
    base = `http://127.0.0.1:${await ops.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await app?.close().catch(() => undefined);
    await ops.close();
    await ns?.cleanup().catch(() => undefined);
    await db?.drop();
  });

  it('answers 200 with each check once the service has started, and live with its loop lag', async () => {
    const config = loadConfig(StatisticsConfig, env());
    const health = processHealthOf(config);
    app = await startService(statisticsApp, config, { gracePeriodMs: 500, logger: createLogger('statistics', testInfra.logLevel), ops, health });
    // the consumers are bound at bootstrap, which has finished when startService returns
    const ready = await get('/health/ready');
    expect(ready).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', nats: 'ok', consumers: 'ok' } } });
    const live = await get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: 'ok', loopLagMs: expect.any(Number) });
  });

  it('answers 503 naming the database while PostgreSQL refuses it, and 200 again once it answers', async () => {
    // the database refuses new connections and the service's are cut, as in a failover
    await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS false`);
    await admin('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.name]);
    const down = await waitFor(async () => {
      const r = await get('/health/ready');
      return r.status === 503 ? r : null;
    }, 'readiness to say 503', 15_000, 200);
    expect(down.body).toMatchObject({ status: 'not ready', failing: ['database'], checks: { nats: 'ok' } });
    expect(String((down.body.checks as Record<string, string>).database)).toMatch(/not currently accepting connections|terminat|did not answer/);
    // liveness is about the process, not its dependencies: still live
    expect((await get('/health/live')).status).toBe(200);

    await admin(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`);
    const up = await waitFor(async () => {
      const r = await get('/health/ready');
      return r.status === 200 ? r : null;
    }, 'readiness to say 200 again', 15_000, 200);
    expect(up.body).toMatchObject({ status: 'ready', checks: { database: 'ok' } });
  });

  it('names the durable consumers that stopped taking messages, and answers 503 "shutting down" once a stop began', async () => {
    const config = loadConfig(StatisticsConfig, env());
    // a second instance on an operations port of its own, stopped in two steps
    const ops2 = new OpsServer();
    const base2 = `http://127.0.0.1:${await ops2.listen(0, '127.0.0.1')}`;
    const health = processHealthOf(config);
    const second = await startService(statisticsApp, config, { gracePeriodMs: 500, logger: createLogger('statistics', testInfra.logLevel), ops: ops2, health });
    try {
      expect((await fetch(`${base2}/health/ready`)).status).toBe(200);
      // the consumer stops pulling (what the stop does after the requests drained)
      await second.get(FactsConsumer).beforeApplicationShutdown();
      const unbound = await fetch(`${base2}/health/ready`);
      const body = (await unbound.json()) as { failing: string[]; checks: Record<string, string> };
      expect([unbound.status, body.failing]).toEqual([503, ['consumers']]);
      for (const durable of Object.values(STATISTICS_DURABLES)) expect(body.checks.consumers).toContain(ns.namespace.durable(durable));
      health.shuttingDown(1000);
      const res = await fetch(`${base2}/health/ready`);
      expect([res.status, await res.json()]).toEqual([503, { status: 'shutting down' }]);
    } finally {
      await second.close();
      await ops2.close();
    }
  });
});
