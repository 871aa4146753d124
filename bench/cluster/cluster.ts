import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@app/seeding';
import { repoRoot } from '../bench-utils';
import { ClusterStack, CLUSTER_KINDS, type ClusterKind } from './cluster-stack';

/**
 * `make cluster`: the product as a cluster on this machine (cluster-stack.ts): three NATS
 * servers, a PostgreSQL primary and its standby behind HAProxy's read-write endpoint, two
 * gateways behind HAProxy, two replicas of every service, the embedded S3, the demo accounts.
 * CLUSTER_REPLICAS (2) sets the replicas of every process, PORT (8080) the load balancer's
 * port. Its data lives in a temporary directory removed at Ctrl-C (CLUSTER_KEEP=1 keeps it).
 */
async function main(): Promise<void> {
  const replicas = Number(process.env.CLUSTER_REPLICAS ?? 2);
  const dir = mkdtempSync(join(tmpdir(), 'dealer-cluster-'));
  const webDist = join(repoRoot, 'web', 'dist');
  const stack = new ClusterStack({
    dir,
    httpPort: Number(process.env.PORT ?? 8080),
    replicas: Object.fromEntries(CLUSTER_KINDS.map((k) => [k, replicas])) as Record<ClusterKind, number>,
    env: {
      SEED_DEMO_DATA: 'true',
      APP_URL: `http://localhost:${process.env.PORT ?? 8080}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(existsSync(join(webDist, 'index.html')) ? { WEB_DIST: webDist } : {}),
    },
    onLog: (source, line) => process.stderr.write(`${source}: ${line}\n`),
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('stopping the cluster\n');
    await stack.stop();
    if (!process.env.CLUSTER_KEEP) rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    await stack.start();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return stop(1);
  }
  const url = `http://localhost:${stack.lb.httpPort}`;
  process.stderr.write(
    [
      '',
      '  Dealer photo back-office is running as a cluster',
      '',
      `  Web app and API:  ${url} (HAProxy in front of ${stack.replicas('gateway')} gateways)`,
      `  PostgreSQL (rw):  ${stack.databaseUrl} (primary ${stack.primary()?.name}, port ${stack.primary()?.port}; standby ${stack.standby()?.name}, port ${stack.standby()?.port})`,
      `  NATS:             ${stack.natsUrl} (JetStream, streams at R3)`,
      `  S3:               ${stack.s3.endpoint}`,
      `  HAProxy stats:    http://localhost:${stack.lb.statsPort}/stats`,
      `  Processes:        ${stack.live().length} (${replicas} of each service and gateway)`,
      `  Sign in:          ${DEMO_ACCOUNTS.admin.email} / ${DEMO_PASSWORD}`,
      `  Data:             ${dir}`,
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

void main();
