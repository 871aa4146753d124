import { Namespace, schemaOf, STREAMS, type EventDef, type StreamKey } from '@app/contracts';
import type { DatabaseConfig } from '@app/config';
import {
  connectNats,
  DurableConsumer,
  ensureStreams,
  Outbox,
  OutboxRelay,
  readOutboxBacklog,
  DurableSubscription,
  RpcClient,
  whileJetStreamAnswers,
  type DurableSubscriptionOptions,
} from '@app/messaging';
import { cachedFor, METRICS, Metrics } from '@app/ops';
import type { BeforeApplicationShutdown, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { ConsumerInfo, JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { eventConsumer, type EventDefs, type EventHandler, type EventMessage } from './event-consumer';
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
  /** every durable consumer of the service (events and the pipeline's lanes), for the JetStream gauges */
  private readonly durables: Array<{ stream: StreamKey; durable: string }> = [];
  private readonly subscriptions: DurableSubscription[] = [];
  /** how long in-flight messages may finish at shutdown (set by the process's stop) */
  private graceMs: () => number = () => Infinity;

  private constructor(
    readonly nc: NatsConnection,
    private readonly def: ServiceDefinition,
    private readonly config: DatabaseConfig,
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.namespace = new Namespace(config.NATS_NAMESPACE);
    this.outbox = new Outbox(schemaOf(def.name));
    this.rpc = new RpcClient(nc, this.namespace, config.RPC_TIMEOUT_MS, metrics);
    this.js = nc.jetstream();
    this.registerMetrics(metrics);
  }

  static async connect(
    def: ServiceDefinition,
    config: DatabaseConfig,
    dataSource: DataSource,
    logger: Logger,
    metrics: Metrics = new Metrics(def.name, { defaultMetrics: false }),
  ): Promise<MessagingHost> {
    const nc = await connectNats(config.NATS_URL, `${def.name}-${process.pid}`);
    const host = new MessagingHost(nc, def, config, dataSource, logger, metrics);
    await whileJetStreamAnswers('the streams', () => ensureStreams(nc, host.namespace, { replicas: config.NATS_STREAM_REPLICAS, logger }), { logger });
    return host;
  }

  /**
   * Gauges read on scrape, each source asked at most every 5 s: the outbox backlog (one query
   * on the partial index of unsent rows, `outbox_unsent_idx`: it reads only the unsent rows),
   * and per durable consumer of this service JetStream's pending, ack-pending and redelivered
   * counts (`consumers.info`, one small request per consumer). Every replica of a service
   * reports the same consumers and the same outbox: dashboards take `max` over them.
   */
  private registerMetrics(metrics: Metrics): void {
    const outbox = cachedFor(5_000, () => readOutboxBacklog(this.dataSource, schemaOf(this.def.name)));
    metrics.gauge(METRICS.outboxUnsent, async (g) => g.set((await outbox()).unsent));
    metrics.gauge(METRICS.outboxOldestAge, async (g) => g.set((await outbox()).oldestAgeSeconds));

    let jsm: JetStreamManager | null = null;
    const consumers = cachedFor(5_000, async () => {
      jsm ??= await this.nc.jetstreamManager();
      const infos: Array<{ labels: { stream: string; durable: string }; info: ConsumerInfo }> = [];
      for (const { stream, durable } of this.durables) {
        // a consumer not created yet (the service is starting) has no series
        const info = await jsm.consumers.info(this.namespace.stream(STREAMS[stream].name), this.namespace.durable(durable)).catch(() => null);
        if (info) infos.push({ labels: { stream: STREAMS[stream].name, durable }, info });
      }
      return infos;
    });
    const consumerGauge = (spec: typeof METRICS.jetstreamPending, read: (info: ConsumerInfo) => number) =>
      metrics.gauge(spec, async (g) => {
        const infos = await consumers();
        g.reset();
        for (const { labels, info } of infos) g.set(labels, read(info));
      });
    consumerGauge(METRICS.jetstreamPending, (i) => i.num_pending);
    consumerGauge(METRICS.jetstreamAckPending, (i) => i.num_ack_pending);
    consumerGauge(METRICS.jetstreamRedelivered, (i) => i.num_redelivered);
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
   * of `ctx.manager`. Several events are named in a record, and the handler gets a tagged union:
   *
   *   host.on({ processed: PipelineEvents.imageProcessed, failed: PipelineEvents.imageFailed }, durable, (e, ctx) =>
   *     e.event === 'processed' ? this.processed(ctx.manager, e.data) : this.failed(ctx.manager, e.data));
   *
   * A message on another subject of that service is acknowledged without running it.
   */
  on<E extends EventDef<object> | EventDefs>(events: E, durable: string, handler: EventHandler<E>): DurableConsumer<EventMessage<E>> {
    if (this.consumers.some((c) => c.name === this.namespace.durable(durable))) {
      throw new Error(`durable consumer ${durable} is registered twice: each consumer needs a name of its own`);
    }
    const spec = eventConsumer(events, durable, handler);
    this.durables.push({ stream: spec.stream, durable });
    const consumer = new DurableConsumer<EventMessage<E>>({
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
   * (the pipeline's lanes). Unlike `on`, it is not started or stopped here: the owner
   * calls `ensure()` at boot and stops its pulls before the application shuts down.
   */
  subscription(spec: SubscriptionSpec): DurableSubscription {
    this.durables.push({ stream: spec.stream, durable: spec.durable });
    return this.track(new DurableSubscription({ ...spec, nc: this.nc, namespace: this.namespace, logger: this.logger }));
  }

  /**
   * Counts a durable subscription the service made itself (a subclass of its own) in its
   * readiness: ready only while it is bound (`ensure()` done, not `release()`d).
   */
  track<S extends DurableSubscription>(sub: S): S {
    this.subscriptions.push(sub);
    return sub;
  }

  /** The durable consumers of this service not bound now (none started yet, or stopped): readiness names them. */
  unboundConsumers(): string[] {
    return [...this.consumers, ...this.subscriptions].filter((c) => !c.bound).map((c) => c.name);
  }

  /** Where the consumers read the time left to finish their messages at shutdown. */
  setShutdownGrace(remainingMs: () => number): void {
    this.graceMs = remainingMs;
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
    // every consumer stops pulling at once; each lets its message in hand finish (or hands it back)
    await Promise.all(this.consumers.map((consumer) => consumer.stop(this.graceMs())));
    // what the last handlers committed to the outbox goes out before the database closes
    if (this.relay) {
      await this.relay.flush().catch((err) => this.logger.warn({ err }, 'outbox not flushed at shutdown; the next instance relays it'));
      await this.relay.stop();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}

