import type { EventDef } from '@app/contracts';
import type { DurableConsumerOptions, MessageHandlerContext } from '@app/messaging';
import { checkPayload } from './payload-check';

/** The payload class an event definition carries, as a type. */
export type EventPayload<D> = D extends EventDef<infer P> ? P : never;

export type EventHandler<D> = (payload: EventPayload<D>, ctx: MessageHandlerContext) => Promise<void>;

export type EventConsumerOptions<P> = Pick<DurableConsumerOptions<P>, 'stream' | 'durable' | 'filterSubject' | 'check' | 'handler'>;

/**
 * What makes a durable consumer of these events (`MessagingHost.on`): the EVENTS stream, the
 * subject filter, the check of each message against its event's payload class (fields the
 * class does not declare are kept and ignored: a newer producer may add one), and the
 * handler, which runs only for the events named.
 */
export function eventConsumer<D extends EventDef<object>>(
  events: D | readonly D[],
  durable: string,
  handler: EventHandler<D>,
): EventConsumerOptions<EventPayload<D>> {
  const defs: readonly D[] = Array.isArray(events) ? events : [events as D];
  const bySubject = new Map<string, D>(defs.map((d) => [d.subject, d]));
  return {
    stream: 'EVENTS',
    durable,
    filterSubject: eventsFilter(defs),
    check: async (data, subject) => {
      const def = bySubject.get(subject);
      // another event of the same service: the handler does not run for it
      if (!def) return data as EventPayload<D>;
      const checked = await checkPayload(def.payload, data, { unknownFields: 'keep' });
      if (checked.problem !== undefined) throw new Error(checked.problem);
      return checked.value as EventPayload<D>;
    },
    handler: async (payload, ctx) => {
      if (bySubject.has(ctx.subject)) await handler(payload, ctx);
    },
  };
}

/**
 * The subject filter of a consumer of these events. NATS 2.9 takes one filter per consumer:
 * several events share their service's `evt.<service>.>`.
 */
function eventsFilter(defs: readonly EventDef<object>[]): string {
  if (defs.length === 0) throw new Error('a consumer needs at least one event');
  if (defs.length === 1) return defs[0]!.subject;
  const services = new Set(defs.map((d) => d.service));
  if (services.size > 1) throw new Error(`one consumer takes events of one service, not of ${[...services].join(', ')}`);
  return `evt.${defs[0]!.service}.>`;
}
