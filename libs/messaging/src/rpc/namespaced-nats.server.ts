import type { Namespace } from '@app/contracts';
import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';

interface NatsClientLike {
  subscribe(subject: string, opts: { queue?: string; callback: (err: unknown, msg: Msg) => unknown }): unknown;
}

type Options = Required<NatsOptions>['options'];

/**
 * Nest's NATS transport, with every subscribed subject prefixed by the namespace
 * (NATS_NAMESPACE). Handlers stay registered under their plain subject from libs/contracts.
 *
 * It also counts the requests in flight, so that `close()` stops gracefully: it drains every
 * subscription (the server stops sending this instance requests; those already received are
 * still handled), waits until every request in flight has been answered or `gracePeriod`
 * has passed, then closes the connection. Nest's own close waits the whole grace period
 * whatever is running, and unsubscribes without handling what already arrived.
 */
export class NamespacedNatsServer extends ServerNats {
  private inFlight = 0;
  private idle: Array<() => void> = [];

  constructor(
    private readonly natsOptions: Options,
    private readonly namespace: Namespace,
  ) {
    super(natsOptions);
  }

  /** Requests received and not answered yet. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /**
   * The handler's route for a message's pattern. Ours are plain subjects (`orders.get`), their
   * own route; Nest tries every pattern as JSON first, which throws (an error with its stack
   * trace) for each plain one: for every message. A pattern that looks like JSON still goes
   * Nest's way.
   */
  override getRouteFromPattern(pattern: string): string {
    const first = pattern.charCodeAt(0);
    // '{', '[' or '"': an object, array or string pattern in JSON
    if (first === 123 || first === 91 || first === 34) return super.getRouteFromPattern(pattern);
    return this.normalizePattern(pattern);
  }

  override bindEvents(client: NatsClientLike): void {
    const defaultQueue = this.getOptionsProp(this.natsOptions, 'queue');
    const subscriptions = (this as unknown as { subscriptions: Subscription[] }).subscriptions;
    for (const [channel, handlerRef] of this.messageHandlers.entries()) {
      const queue = (handlerRef.extras?.queue as string | undefined) ?? defaultQueue;
      const handle = this.getMessageHandler(channel).bind(this) as (err: unknown, msg: Msg) => Promise<unknown>;
      const sub = client.subscribe(this.namespace.subject(channel), {
        queue,
        callback: (err, msg) => this.tracked(err, msg, handle),
      });
      subscriptions.push(sub as Subscription);
    }
  }

  /** Runs the handler, counting the request in flight until it is answered (or handled, when it expects no answer). */
  private tracked(err: unknown, msg: Msg, handle: (err: unknown, msg: Msg) => Promise<unknown>): void {
    this.inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idle.splice(0)) wake();
    };
    if (msg?.reply) {
      const respond = msg.respond.bind(msg);
      msg.respond = (...args: Parameters<Msg['respond']>) => {
        try {
          return respond(...args);
        } finally {
          finish();
        }
      };
    }
    void Promise.resolve()
      .then(() => handle(err, msg))
      .catch(() => undefined)
      .finally(() => {
        if (!msg?.reply) finish();
        // an answer that never comes (a handler that threw outside Nest's filters) must not hold the stop
        else setTimeout(finish, 1000).unref();
      });
  }

  override async close(): Promise<void> {
    const self = this as unknown as { natsClient: NatsConnection | null; subscriptions: Subscription[] };
    if (self.natsClient && this.getOptionsProp(this.natsOptions, 'gracefulShutdown')) {
      // the server stops routing requests here; what was received is still handed to the handlers
      await Promise.all(self.subscriptions.map((s) => (s.isClosed() ? undefined : s.drain().catch(() => undefined))));
      const graceMs = this.getOptionsProp(this.natsOptions, 'gracePeriod') ?? 10_000;
      if (this.inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => this.idle.push(resolve)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(timer);
      }
      if (this.inFlight > 0) this.logger.warn(`${this.inFlight} request(s) still running after the ${graceMs} ms grace period; closing`);
      // answers already published go out before the connection closes
      await self.natsClient?.flush().catch(() => undefined);
      self.subscriptions.length = 0;
    }
    await self.natsClient?.close();
    (this as unknown as { statusEventEmitter?: { removeAllListeners(): void } }).statusEventEmitter?.removeAllListeners();
    self.natsClient = null;
  }
}
