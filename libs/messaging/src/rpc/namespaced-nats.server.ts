import type { Namespace } from '@app/contracts';
import { ServerNats, type NatsOptions } from '@nestjs/microservices';

interface NatsClientLike {
  subscribe(subject: string, opts: { queue?: string; callback: (...args: unknown[]) => unknown }): unknown;
}

/**
 * Nest's NATS transport, with every subscribed subject prefixed by the namespace
 * (NATS_NAMESPACE). Handlers stay registered under their plain subject from libs/contracts.
 */
export class NamespacedNatsServer extends ServerNats {
  constructor(
    options: Required<NatsOptions>['options'],
    private readonly namespace: Namespace,
  ) {
    super(options);
  }

  override bindEvents(client: NatsClientLike): void {
    const defaultQueue = this.getOptionsProp(
      (this as unknown as { options: Required<NatsOptions>['options'] }).options,
      'queue',
    );
    const subscriptions = (this as unknown as { subscriptions: unknown[] }).subscriptions;
    for (const [channel, handlerRef] of this.messageHandlers.entries()) {
      const queue = (handlerRef.extras?.queue as string | undefined) ?? defaultQueue;
      const sub = client.subscribe(this.namespace.subject(channel), {
        queue,
        callback: this.getMessageHandler(channel).bind(this) as (...args: unknown[]) => unknown,
      });
      subscriptions.push(sub);
    }
  }
}
