import { OPS_SERVER, PROCESS_HEALTH, type OpsServer, type ProcessHealth } from '@app/ops';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { NATS_CONNECTION } from '../messaging/nats.module';

/**
 * The gateway's liveness and readiness on its operations port (`/health/live`,
 * `/health/ready`). Ready means NATS is connected (a round trip to the server comes back):
 * the gateway does not need the services to be up to be ready, since it answers 503 for a
 * service that is away, and tying its readiness to them would take every gateway out of
 * rotation when one service is down. `/api/health` is where people see the services.
 */
@Injectable()
export class GatewayOpsHealth implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(OPS_SERVER) private readonly ops: OpsServer,
    @Inject(PROCESS_HEALTH) private readonly health: ProcessHealth,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  onModuleInit(): void {
    this.health.readiness.add('nats', async () => {
      if (this.nc.isClosed()) throw new Error('the NATS connection is closed');
      if (this.nc.isDraining()) throw new Error('the NATS connection is draining');
      await this.nc.flush();
    });
    if (!this.ops.has('/health/live')) this.health.register(this.ops);
  }

  onApplicationShutdown(): void {
    this.health.stop();
  }
}
