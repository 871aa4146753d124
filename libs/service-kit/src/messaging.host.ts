import { Namespace, schemaOf, type EventDef } from '@app/contracts';
import type { DatabaseConfig } from '@app/config';
import {
  connectNats,
  DurableConsumer,
  ensureStreams,
  Outbox,
  OutboxRelay,
  DurableSubscription,
  RpcClient,
  type DurableSubscriptionOptions,
} from '@app/messaging';
import type { BeforeApplicationShutdown, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { JetStreamClient, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { eventConsumer, type EventHandler, type EventPayload } from './event-consumer';
import type { ServiceDefinition } from './service-definition';

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

  /**
   * Registers the durable consumer `durable` of an event (or of several events of one
   * service); it starts with the application. Call it in `onModuleInit` of the class whose
   * method handles the event:
   *
   *   host.on(OrdersEvents.deleted, IMAGES_DURABLES.orderDeleted, (e, ctx) => this.apply(ctx.manager, e));
   *
   * Each message is checked against the event's payload class before the handler runs: an
   * object, no NUL or unpaired surrogate in its strings, every rule of the class; fields the
   * class does not declare are kept and ignored (a newer producer may add one). A message that
   * breaks the contract is dead-lettered on its first delivery, with the reason, and logged;
   * the handler gets the others as instances of the class, once each, inside the transaction
   * of `ctx.manager`. With several events the handler tells them apart by `ctx.subject`, and a
   * message on another subject of that service is acknowledged without running it.
   */
  on<D extends EventDef<object>>(events: D | readonly D[], durable: string, handler: EventHandler<D>): DurableConsumer<EventPayload<D>> {
    if (this.consumers.some((c) => c.name === this.namespace.durable(durable))) {
      throw new Error(`durable consumer ${durable} is registered twice: each consumer needs a name of its own`);
    }
    const consumer = new DurableConsumer<EventPayload<D>>({
      ...eventConsumer(events, durable, handler),
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
   * (the pipeline's lanes). Unlike `on`, it is not started or stopped here: the owner
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

