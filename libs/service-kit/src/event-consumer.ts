import { checkPayload, type EventDef } from '@app/contracts';
import type { DurableConsumerOptions, MessageHandlerContext } from '@app/messaging';

/** The payload class an event definition carries, as a type. */
export type EventPayload<D> = D extends EventDef<infer P> ? P : never;

/** Several events of one service, each under the name its consumer tells it by: `{ processed: PipelineEvents.imageProcessed, … }`. */
export type EventDefs = Readonly<Record<string, EventDef<object>>>;

/** What a consumer of several events receives: one of them, tagged with its name (`{ event: 'processed', data: PipelineImageProcessed } | …`). */
export type TaggedEvent<M extends EventDefs> = { [K in keyof M & string]: { event: K; data: EventPayload<M[K]> } }[keyof M & string];

/** What the handler of `events` receives: the payload of one event, the tagged union of several. */
export type EventMessage<E> = E extends EventDef<object> ? EventPayload<E> : E extends EventDefs ? TaggedEvent<E> : never;

export type EventHandler<E> = (message: EventMessage<E>, ctx: MessageHandlerContext) => Promise<void>;

export type EventConsumerOptions<P> = Pick<DurableConsumerOptions<P>, 'stream' | 'durable' | 'filterSubject' | 'check' | 'handler'>;

function isEventDef(events: EventDef<object> | EventDefs): events is EventDef<object> {
  return typeof (events as EventDef<object>).subject === 'string' && typeof (events as EventDef<object>).payload === 'function';
}

/**
 * What makes a durable consumer of one event, or of several events of one service
 * (`MessagingHost.on`): the EVENTS stream, the subject filter, the check of each message
 * against its event's payload class (fields the class does not declare are kept and ignored:
 * a newer producer may add one), and the handler, which runs only for the events named. The
 * handler of one event gets its payload; of several, `{ event, data }` tagged with the name
 * the consumer gave the event, so it switches on `event` instead of comparing subjects and
 * casting.
 */
export function eventConsumer<E extends EventDef<object> | EventDefs>(
  events: E,
  durable: string,
  handler: EventHandler<E>,
): EventConsumerOptions<EventMessage<E>> {
  const single = isEventDef(events);
  const named: Array<[string, EventDef<object>]> = single ? [['', events]] : Object.entries(events);
  const bySubject = new Map(named.map(([name, def]) => [def.subject, { name, def }]));
  return {
    stream: 'EVENTS',
    durable,
    filterSubject: eventsFilter(named.map(([, def]) => def)),
    check: async (data, subject) => {
      const known = bySubject.get(subject);
      // another event of the same service: the handler does not run for it
      if (!known) return data as EventMessage<E>;
      const checked = await checkPayload(known.def.payload, data, { unknownFields: 'keep' });
      if (checked.problem !== undefined) throw new Error(checked.problem);
      return (single ? checked.value : { event: known.name, data: checked.value }) as EventMessage<E>;
    },
    handler: async (message, ctx) => {
      if (bySubject.has(ctx.subject)) await handler(message, ctx);
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
