import { Namespace } from '@app/contracts';
import { DatabaseConfig, loadConfigOrExit } from '@app/config';
import { createLogger, PinoNestLogger } from '@app/logging';
import { NamespacedNatsServer } from '@app/messaging';
import { Module, type DynamicModule, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { openDatabase } from './database';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { RpcErrorFilter } from './rpc-error.filter';
import type { ServiceDefinition } from './service-definition';
import { ServiceKitModule } from './service-kit.module';

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
  if (app.preflight) await app.preflight(config);

  @Module({ imports: [ServiceKitModule.forRoot(app.definition, config, logger), ...app.modules(config)] })
  class RootModule {}
  Object.defineProperty(RootModule, 'name', { value: `${name}RootModule` });

  const microservice = await NestFactory.createMicroservice(RootModule, {
    strategy: new NamespacedNatsServer(
      {
        servers: config.NATS_URL.split(','),
        queue: name,
        name: `${name}-rpc-${process.pid}`,
        gracefulShutdown: true,
        gracePeriod: opts.gracePeriodMs ?? 2000,
        maxReconnectAttempts: -1,
        noAsyncTraces: true,
      },
      new Namespace(config.NATS_NAMESPACE),
    ),
    logger: new PinoNestLogger(logger),
  });
  microservice.useGlobalFilters(new RpcErrorFilter(logger));
  microservice.useGlobalInterceptors(new RpcContextInterceptor(logger));
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
    const microservice = await startService(app, config, { logger });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15000);
      force.unref();
      await microservice.close();
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
