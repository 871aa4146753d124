import { cacheValidationMetadata, Namespace } from '@app/contracts';
import { DatabaseConfig, loadConfigOrExit } from '@app/config';
import { createLogger, PinoNestLogger } from '@app/logging';
import { NamespacedNatsServer } from '@app/messaging';
import { Metrics, OpsServer, startTracingOrExit, stopTracing, type ProcessHealth } from '@app/ops';
import { Module, type DynamicModule, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { openDatabase } from './database';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { RpcErrorFilter } from './rpc-error.filter';
import type { ServiceDefinition } from './service-definition';
import { processHealthOf, ServiceKitModule } from './service-kit.module';

export interface ServiceApp<C extends DatabaseConfig = DatabaseConfig> {
  definition: ServiceDefinition;
  /** the feature modules of the service, given its config */
  modules: (config: C) => Array<Type<unknown> | DynamicModule>;
  /**
   * Checks of the machine that the service needs before anything starts (a program it runs,
   * say); a failure refuses the start with its message, which names the variable and the fix.
   */
  preflight?: (config: C) => Promise<void>;
}

export interface StartOptions {
  /** how long in-flight requests may finish after unsubscribing at shutdown */
  gracePeriodMs?: number;
  logger?: Logger;
  /** the process's operations port, where features register health and metrics routes (one of its own by default) */
  ops?: OpsServer;
  /** the process's metrics, served as `/metrics` on `ops` (one of its own by default) */
  metrics?: Metrics;
  /** the process's liveness and readiness (one of its own by default); the stop tells it first */
  health?: ProcessHealth;
}

/**
 * Boots one service as a NestJS microservice on NATS: subjects under the namespace, queue
 * group = service name (replicas share the load), its schema migrated first.
 */
export async function startService<C extends DatabaseConfig>(
  app: ServiceApp<C>,
  config: C,
  opts: StartOptions = {},
): Promise<INestMicroservice> {
  const name = app.definition.name;
  const logger = opts.logger ?? createLogger(name, config.LOG_LEVEL);
  cacheValidationMetadata();
  if (app.preflight) await app.preflight(config);
  const ops = opts.ops ?? new OpsServer();
  const metrics = opts.metrics ?? new Metrics(name);
  metrics.serveOn(ops);

  @Module({ imports: [ServiceKitModule.forRoot(app.definition, config, logger, ops, metrics, opts.health), ...app.modules(config)] })
  class RootModule {}
  Object.defineProperty(RootModule, 'name', { value: `${name}RootModule` });

  const microservice = await NestFactory.createMicroservice(RootModule, {
    strategy: new NamespacedNatsServer(
      {
        servers: config.NATS_URL.split(','),
        queue: name,
        name: `${name}-rpc-${process.pid}`,
        gracefulShutdown: true,
        gracePeriod: opts.gracePeriodMs ?? config.SHUTDOWN_GRACE_MS ?? 10_000,
        maxReconnectAttempts: -1,
        noAsyncTraces: true,
      },
      new Namespace(config.NATS_NAMESPACE),
    ),
    logger: new PinoNestLogger(logger),
  });
  microservice.useGlobalFilters(new RpcErrorFilter(logger));
  microservice.useGlobalInterceptors(new RpcContextInterceptor(logger, metrics, new Namespace(config.NATS_NAMESPACE)));
  await microservice.listen();
  // the NATS server has every subscription before the service says it is ready: a request
  // sent the moment after would otherwise find no responder and be answered 503
  await microservice.unwrap<{ flush(): Promise<void> }>().flush();
  logger.info({ namespace: config.NATS_NAMESPACE || undefined }, `${name} service ready`);
  return microservice;
}

/**
 * A service process's entry point: `node main.js` serves, `node main.js migrate` only
 * migrates. Refuses to start on a missing or wrong variable; stops cleanly on SIGTERM/SIGINT.
 */
export async function runServiceMain<C extends DatabaseConfig>(app: ServiceApp<C>, configClass: new () => C): Promise<void> {
  const name = app.definition.name;
  // first, before the database and the storage are used (OTEL_TRACES_EXPORTER; off by default)
  startTracingOrExit(name);
  const config = loadConfigOrExit(configClass, name);
  const logger = createLogger(name, config.LOG_LEVEL);
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  try {
    if (process.argv[2] === 'migrate') {
      const ds = await openDatabase(app.definition, config);
      await ds.destroy();
      logger.info('migrations are up to date');
      return;
    }
    const ops = new OpsServer();
    const health = processHealthOf(config);
    const microservice = await startService(app, config, { logger, ops, health });
    if (config.OPS_PORT > 0) {
      await ops.listen(config.OPS_PORT, config.OPS_HOST);
      logger.info({ port: config.OPS_PORT }, 'operations port listening');
    }
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      const graceMs = config.SHUTDOWN_GRACE_MS;
      logger.info({ signal, graceMs }, 'shutting down');
      const force = setTimeout(() => {
        logger.error({ graceMs }, 'not stopped within the grace period and 5 s more; exiting');
        process.exit(1);
      }, graceMs + 5000);
      force.unref();
      // 1. readiness answers 503 "shutting down" from now on (the ops port stays up until the end)
      health.shuttingDown(graceMs);
      // 2. no new requests (the subscriptions drain), those in flight are answered; then the
      //    pipeline worker stops taking jobs and finishes (or hands back) the ones in hand, the
      //    consumers stop pulling and finish (or hand back) their messages, the outbox is
      //    flushed and the relay stopped, NATS drained, the database closed
      await microservice.close();
      await ops.close();
      await stopTracing();
      logger.info('stopped');
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (err) {
    logger.fatal({ err }, `${name} could not start`);
    process.exit(1);
  }
}
