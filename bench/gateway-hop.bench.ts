import 'reflect-metadata';
import { createTestDatabase, createTestNamespace, testInfra, waitFor } from '@app/testing';
import { fmt, freePort, get, measure, startProcess, stopProcess, type LatencyStats } from './bench-utils';

/**
 * What one NATS hop costs: the same trivial route answered by the gateway itself
 * (GET /api/health/live) and by a service over NATS request-reply
 * (GET /api/health/services/users). The gateway and the service run as separate processes,
 * as in production. Prints median and p99 of both, their difference and ratio.
 * Targets: the hop adds under 1 ms at the median and under 5 ms at p99.
 */
async function main(): Promise<void> {
  const total = Number(process.env.BENCH_REQUESTS ?? 5000);
  const db = await createTestDatabase('bench_gateway');
  const ns = createTestNamespace('bench_gateway');
  const port = await freePort();
  const env = {
    DATABASE_URL: db.url,
    NATS_URL: testInfra.natsUrl,
    NATS_NAMESPACE: ns.prefix,
    SMTP_URL: 'smtp://127.0.0.1:1025',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    INTEGRATION_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  };
  const users = startProcess('users', 'services/users/src/main.js', env);
  const gateway = startProcess('gateway', 'gateway/src/main.js', env);
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await waitFor(async () => (await get(`${base}/health/services/users`)) === 200, 'the users service behind the gateway', 30000, 200);
    const local = `${base}/health/live`;
    const remote = `${base}/health/services/users`;
    // warm up both paths (JIT, connections, NATS subscriptions)
    await measure(local, 1000, 4);
    await measure(remote, 1000, 4);

    const rows: Array<{ label: string; concurrency: number; local: LatencyStats; remote: LatencyStats }> = [];
    for (const concurrency of [1, 10]) {
      const l = await measure(local, total, concurrency);
      const r = await measure(remote, total, concurrency);
      rows.push({ label: concurrency === 1 ? 'sequential' : `${concurrency} in flight`, concurrency, local: l, remote: r });
    }

    console.log(`gateway hop benchmark: ${total} requests per run, gateway and users service as separate processes`);
    console.log('run            route                  median ms   p99 ms   req/s');
    for (const row of rows) {
      console.log(`${row.label.padEnd(14)} local (gateway only)   ${fmt(row.local.median).padStart(9)} ${fmt(row.local.p99).padStart(8)} ${row.local.rps.toFixed(0).padStart(7)}`);
      console.log(`${row.label.padEnd(14)} over NATS (users)      ${fmt(row.remote.median).padStart(9)} ${fmt(row.remote.p99).padStart(8)} ${row.remote.rps.toFixed(0).padStart(7)}`);
    }
    const seq = rows[0];
    const addedMedian = seq.remote.median - seq.local.median;
    const addedP99 = seq.remote.p99 - seq.local.p99;
    console.log(
      `NATS hop adds ${fmt(addedMedian)} ms at the median (target < 1 ms: ${addedMedian < 1 ? 'met' : 'MISSED'}), ` +
        `${fmt(addedP99)} ms at p99 (target < 5 ms: ${addedP99 < 5 ? 'met' : 'MISSED'})`,
    );
    console.log(
      `gateway-hop: local median ${fmt(seq.local.median)} ms, nats median ${fmt(seq.remote.median)} ms, ratio ${fmt(seq.remote.median / seq.local.median, 2)}; ` +
        `p99 ${fmt(seq.local.p99)} vs ${fmt(seq.remote.p99)} ms, ratio ${fmt(seq.remote.p99 / seq.local.p99, 2)}`,
    );
  } finally {
    await Promise.all([stopProcess(gateway), stopProcess(users)]);
    await ns.cleanup();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
