import { STREAMS, type EventDef } from '@app/contracts';
import { connectNats, decodeJson } from '@app/messaging';
import { testInfra, waitFor } from '@app/testing';
import { AckPolicy, DeliverPolicy, nanos } from 'nats';
import type { TestStack } from './test-stack';

/** One event as it stands in the EVENTS stream: its message id (`Nats-Msg-Id`) and payload. */
export interface StreamedEvent<P> {
  id: string;
  payload: P;
}

/**
 * Every event of one kind the stack's services have published so far, oldest first, read off
 * the EVENTS stream of the stack's namespace (as a consumer of the product would see them).
 */
export async function eventsOn<P>(stack: Pick<TestStack, 'ns'>, event: EventDef<P>): Promise<Array<StreamedEvent<P>>> {
  const nc = await connectNats(testInfra.natsUrl, 'test-events-reader');
  try {
    const jsm = await nc.jetstreamManager();
    const stream = stack.ns.namespace.stream(STREAMS.EVENTS.name);
    const info = await jsm.consumers.add(stream, {
      filter_subject: stack.ns.namespace.subject(event.subject),
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.All,
      inactive_threshold: nanos(60_000),
    });
    const out: Array<StreamedEvent<P>> = [];
    try {
      if (info.num_pending > 0) {
        const consumer = await nc.jetstream().consumers.get(stream, info.name);
        const messages = await consumer.fetch({ max_messages: info.num_pending, expires: 5000 });
        for await (const m of messages) {
          out.push({ id: m.headers?.get('Nats-Msg-Id') ?? '', payload: decodeJson<P>(m.data) });
          if (out.length >= info.num_pending) break;
        }
      }
    } finally {
      await jsm.consumers.delete(stream, info.name);
    }
    return out;
  } finally {
    await nc.close();
  }
}

/** Waits until events of the kind that match number at least `count`; answers those that match. */
export function waitForEvents<P>(
  stack: Pick<TestStack, 'ns'>,
  event: EventDef<P>,
  match: (payload: P) => boolean,
  count = 1,
): Promise<Array<StreamedEvent<P>>> {
  return waitFor(async () => {
    const found = (await eventsOn(stack, event)).filter((e) => match(e.payload));
    return found.length >= count ? found : null;
  }, `${count} ${event.subject} event(s)`, 10_000, 200);
}
