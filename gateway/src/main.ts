import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { createLogger } from '@app/logging';
import { OpsServer, startTracingOrExit, stopTracing } from '@app/ops';
import type { Server } from 'node:http';
import { createGatewayApp, gatewayHealthOf } from './gateway.app';
import { GatewayConfig } from './gateway.config';
import { closeHttpServer } from './health/http-shutdown';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  // first, before the first request (OTEL_TRACES_EXPORTER; off by default)
  startTracingOrExit('gateway');
  const config = loadConfigOrExit(GatewayConfig, 'gateway');
  const logger = createLogger('gateway', config.LOG_LEVEL);
  try {
    const ops = new OpsServer();
    const health = gatewayHealthOf(config);
    const app = await createGatewayApp(config, { logger, ops, health });
    await app.listen(config.PORT);
    if (config.OPS_PORT > 0) {
      await ops.listen(config.OPS_PORT, config.OPS_HOST);
      logger.info({ port: config.OPS_PORT }, 'operations port listening');
    }
    logger.info({ port: config.PORT }, `gateway listening on http://localhost:${config.PORT}/api`);
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      const graceMs = config.SHUTDOWN_GRACE_MS;
      logger.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS, graceMs }, 'shutting down');
      setTimeout(() => {
        logger.error('not stopped in time; exiting');
        process.exit(1);
      }, config.SHUTDOWN_DELAY_MS + graceMs + 5000).unref();
      // 1. readiness says 503 "shutting down" while the gateway still serves: the
      //    orchestrator takes it out of rotation before any connection is refused
      health.shuttingDown(config.SHUTDOWN_DELAY_MS + graceMs);
      await sleep(config.SHUTDOWN_DELAY_MS);
      // 2. no new connections; the requests in flight finish (cut after the grace period)
      const inTime = await closeHttpServer(app.getHttpServer() as Server, graceMs);
      if (!inTime) logger.warn({ graceMs }, 'requests still running after the grace period were cut');
      // 3. then NATS is drained and closed (the application's shutdown hooks)
      await app.close();
      await ops.close();
      logger.info('stopped');
      await stopTracing();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (err) {
    logger.fatal({ err }, 'gateway could not start');
    process.exit(1);
  }
}

void main();
