import { OPS_SERVER, PROCESS_HEALTH, type OpsServer, type ProcessHealth } from '@app/ops';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MessagingHost } from '../messaging.host';
import { consumersCheck, databaseCheck, natsCheck } from './readiness-checks';

/**
 * Liveness and readiness of a service on its operations port (`/health/live`,
 * `/health/ready`). Readiness asks the database (`SELECT 1`), NATS (a round trip) and
 * whether every durable consumer is bound; the storage module adds `storage` (a HEAD of the
 * bucket) in the services that keep media, and a feature may add its own (the pipeline's
 * job lanes). The routes are registered when the module starts, so a probe during boot gets
 * 503 until the consumers are bound.
 */
@Injectable()
export class ServiceHealth implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(OPS_SERVER) private readonly ops: OpsServer,
    @Inject(PROCESS_HEALTH) private readonly health: ProcessHealth,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly host: MessagingHost,
  ) {}

  onModuleInit(): void {
    this.health.readiness
      .add('database', databaseCheck(this.dataSource))
      .add('nats', natsCheck(this.host.nc))
      .add('consumers', consumersCheck(() => this.host.unboundConsumers()));
    this.host.setShutdownGrace(() => this.health.remainingGraceMs());
    if (!this.ops.has('/health/live')) this.health.register(this.ops);
  }

  onApplicationShutdown(): void {
    this.health.stop();
  }
}
