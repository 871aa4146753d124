import { Namespace } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import type { Metrics } from '@app/ops';
import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { GatewayConfig } from '../gateway.config';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

class NatsCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}

/** The gateway's NATS connection and the RPC client every controller forwards through. */
@Global()
@Module({})
export class NatsModule {
  static forRoot(config: GatewayConfig, metrics?: Metrics): DynamicModule {
    return {
      module: NatsModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, `gateway-${process.pid}`) },
        {
          provide: RpcClient,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => new RpcClient(nc, new Namespace(config.NATS_NAMESPACE), config.RPC_TIMEOUT_MS, metrics),
        },
        NatsCloser,
      ],
      exports: [GATEWAY_CONFIG, NATS_CONNECTION, RpcClient],
    };
  }
}
