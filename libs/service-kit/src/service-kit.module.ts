import { Metrics, METRICS_REGISTRY, OPS_SERVER, OpsServer, PROCESS_HEALTH, ProcessHealth } from '@app/ops';
import { HEALTH_PINGS, type HealthPingResult } from '@app/contracts';
import { DatabaseConfig } from '@app/config';
import { Controller, Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from './database';
import { DisplayNames } from './display-names';
import { ServiceHealth } from './health/service-health';
import { MessagingHost } from './messaging.host';
import { RpcHandler } from './rpc-handler.decorator';
import type { ServiceDefinition } from './service-definition';
import { SERVICE_CONFIG, SERVICE_DEFINITION, SERVICE_LOGGER } from './tokens';

const INSTANCE = randomUUID();

/** `health.<service>`: answered by every instance; the gateway's health route asks it. */
function healthController(def: ServiceDefinition): Type<unknown> {
  const ping = HEALTH_PINGS[def.name];
  @Controller()
  class HealthController {
    @RpcHandler(ping)
    ping(): HealthPingResult {
      return { service: def.name, status: 'up', uptime: Math.round(process.uptime()), instance: INSTANCE };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${def.name}HealthController` });
  return HealthController;
}

/** The process's health (liveness and readiness) with the settings of its config. */
export function processHealthOf(config: DatabaseConfig): ProcessHealth {
  return new ProcessHealth({
    maxLoopLagMs: config.HEALTH_MAX_LOOP_LAG_MS ?? 2000,
    loopLagForMs: config.HEALTH_LOOP_LAG_FOR_MS ?? 30_000,
    checkTimeoutMs: config.HEALTH_CHECK_TIMEOUT_MS ?? 2000,
  });
}

/**
 * What every service has: its config, logger, TypeORM on its own schema (migrated before
 * anything else starts), NATS messaging with the outbox relay, and the health ping.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(
    def: ServiceDefinition,
    config: DatabaseConfig,
    logger: Logger,
    ops: OpsServer = new OpsServer(),
    metrics: Metrics = new Metrics(def.name),
    health: ProcessHealth = processHealthOf(config),
  ): DynamicModule {
    return {
      module: ServiceKitModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(def, config),
          dataSourceFactory: async (options) => {
            const dataSource = new DataSource(options!);
            await dataSource.initialize();
            const ran = await migrate(dataSource, def);
            if (ran.length) logger.info({ migrations: ran }, 'migrations applied');
            return dataSource;
          },
        }),
      ],
      controllers: [healthController(def)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: SERVICE_LOGGER, useValue: logger },
        { provide: SERVICE_DEFINITION, useValue: def },
        { provide: OPS_SERVER, useValue: ops },
        { provide: METRICS_REGISTRY, useValue: metrics },
        { provide: PROCESS_HEALTH, useValue: health },
        {
          provide: MessagingHost,
          inject: [getDataSourceToken()],
          useFactory: (dataSource: DataSource) => MessagingHost.connect(def, config, dataSource, logger, metrics),
        },
        ServiceHealth,
        DisplayNames,
      ],
      exports: [SERVICE_CONFIG, SERVICE_LOGGER, SERVICE_DEFINITION, OPS_SERVER, METRICS_REGISTRY, PROCESS_HEALTH, MessagingHost, DisplayNames, TypeOrmModule],
    };
  }
}
