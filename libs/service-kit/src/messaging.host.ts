import { Namespace, schemaOf } from '@app/contracts';
import type { DatabaseConfig } from '@app/config';
import {
  connectNats,
  DurableConsumer,
  ensureStreams,
  Outbox,
  OutboxRelay,
  DurableSubscription,
  RpcClient,
  type DurableConsumerOptions,
  type DurableSubscriptionOptions,
} from '@app/messaging';
import type { BeforeApplicationShutdown, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { JetStreamClient, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { ServiceDefinition } from './service-definition';

type ConsumerSpec<P> = Omit<DurableConsumerOptions<P>, 'nc' | 'namespace' | 'dataSource' | 'logger'>;
type SubscriptionSpec = Omit<DurableSubscriptionOptions, 'nc' | 'namespace' | 'logger'>;

/**
 * A service's link to NATS beyond request-reply: its connection, the streams (ensured at
 * boot), the outbox and its relay, the client for calling other services, and the durable
 * consumers the service registers. Starts them after boot and stops them, relay first,
 * before the database closes.
 */
export class MessagingHost implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  readonly namespace: Namespace;
  readonly outbox: Outbox;
  readonly rpc: RpcClient;
  readonly js: JetStreamClient;
  private relay: OutboxRelay | null = null;
  private readonly consumers: DurableConsumer<unknown>[] = [];

  private constructor(
    readonly nc: NatsConnection,
    private readonly def: ServiceDefinition,
    private readonly config: DatabaseConfig,
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {
    this.namespace = new Namespace(config.NATS_NAMESPACE);
    this.outbox = new Outbox(schemaOf(def.name));
    this.rpc = new RpcClient(nc, this.namespace, config.RPC_TIMEOUT_MS);
    this.js = nc.jetstream();
  }

  static async connect(def: ServiceDefinition, config: DatabaseConfig, dataSource: DataSource, logger: Logger): Promise<MessagingHost> {
    const nc = await connectNats(config.NATS_URL, `${def.name}-${process.pid}`);
    const host = new MessagingHost(nc, def, config, dataSource, logger);
    await ensureStreams(nc, host.namespace);
    return host;
  }

  /** Registers a durable consumer; it starts with the application. */
  consume<P>(spec: ConsumerSpec<P>): DurableConsumer<P> {
    const consumer = new DurableConsumer<P>({
      ...spec,
      nc: this.nc,
      namespace: this.namespace,
      dataSource: this.dataSource,
      logger: this.logger,
    });
    this.consumers.push(consumer as DurableConsumer<unknown>);
    return consumer;
  }

  /**
   * A durable consumer that its owner pulls from one message at a time and settles itself
   * (the pipeline's lanes). Unlike `consume`, it is not started or stopped here: the owner
   * calls `ensure()` at boot and stops its pulls before the application shuts down.
   */
  subscription(spec: SubscriptionSpec): DurableSubscription {
    return new DurableSubscription({ ...spec, nc: this.nc, namespace: this.namespace, logger: this.logger });
  }

  /** Publishes everything committed to the outbox so far (tests and shutdown use it). */
  async flushOutbox(): Promise<void> {
    await this.relay?.flush();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.relay = new OutboxRelay({
      dataSource: this.dataSource,
      databaseUrl: this.config.DATABASE_URL,
      schema: schemaOf(this.def.name),
      js: this.js,
      namespace: this.namespace,
      logger: this.logger,
      pollMs: this.config.OUTBOX_POLL_MS,
    });
    await this.relay.start();
    for (const consumer of this.consumers) await consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const consumer of this.consumers) await consumer.stop();
    if (this.relay) await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}

