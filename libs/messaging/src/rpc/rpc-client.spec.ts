import { Namespace, OrdersRpc, type Actor } from '@app/contracts';
import { ErrorCode, type NatsConnection } from 'nats';
import { decodeJson, encodeJson } from '../codec';
import { RpcCallError, RpcClient, ServiceUnavailableError } from './rpc-client';

const actor: Actor = { role: 'Dealership', userId: '00000000-0000-4000-8000-00000000d001', salesPersonId: null, permissions: [], requestId: 'req-21' };
const ORDER = { id: '00000000-0000-4000-8000-0000000000f1' };

interface Sent {
  subject: string;
  packet: { pattern: string; data: unknown; id: string };
  requestId: string | undefined;
}

/**
 * A NATS connection whose service answers with `reply` (a Nest reply packet) on the request's
 * reply subject; `fail` with NoResponders answers NATS's "no responders" status instead,
 * with Timeout nobody answers, and any other error is thrown by the publish itself.
 */
function client(answer: { reply?: unknown; fail?: { code: string } }, defaultTimeoutMs = 5000) {
  const sent: Sent[] = [];
  const inboxes: Array<{ subject: string; callback: (err: Error | null, msg: unknown) => void }> = [];
  const deliver = (reply: string, msg: object) => {
    const inbox = inboxes.find((i) => reply.startsWith(i.subject.slice(0, -1)));
    queueMicrotask(() => inbox?.callback(null, { subject: reply, ...msg }));
  };
  const nc = {
    closed: () => new Promise(() => undefined),
    subscribe: (subject: string, opts: { callback: (err: Error | null, msg: unknown) => void }) => {
      inboxes.push({ subject, callback: opts.callback });
      return { unsubscribe: () => undefined };
    },
    publish: (subject: string, data: Uint8Array, opts: { reply: string; headers: { get(k: string): string } }) => {
      sent.push({ subject, packet: decodeJson(data), requestId: opts.headers.get('x-request-id') });
      if (answer.fail?.code === ErrorCode.NoResponders) deliver(opts.reply, { data: new Uint8Array(0), headers: { code: 503 } });
      else if (answer.fail?.code === ErrorCode.Timeout) return;
      else if (answer.fail) throw answer.fail;
      else deliver(opts.reply, { data: encodeJson(answer.reply) });
    },
  } as unknown as NatsConnection;
  return { rpc: new RpcClient(nc, new Namespace('ns7'), defaultTimeoutMs), sent };
}

const natsError = (code: string) => Object.assign(new Error(code), { code });

describe('RpcClient: request-reply with a service over NATS', () => {
  it('sends the payload and the actor in Nest\'s packet, on the namespaced subject, with the request id', async () => {
    const { rpc, sent } = client({ reply: { id: 'x', response: { id: ORDER.id, name: 'BMW X5' } } });
    expect(await rpc.send(OrdersRpc.get, ORDER, actor)).toEqual({ id: ORDER.id, name: 'BMW X5' });
    expect(sent).toEqual([
      {
        subject: `ns7.${OrdersRpc.get.subject}`,
        packet: { pattern: OrdersRpc.get.subject, data: { actor, data: ORDER }, id: expect.any(String) },
        requestId: 'req-21',
      },
    ]);
  });

  it('waits the default time unless the call says otherwise', async () => {
    const { rpc } = client({ fail: natsError(ErrorCode.Timeout) }, 60);
    const waited = async (timeoutMs?: number) => {
      const started = Date.now();
      await expect(rpc.send(OrdersRpc.get, ORDER, actor, timeoutMs ? { timeoutMs } : {})).rejects.toMatchObject({ reason: 'timeout' });
      return Date.now() - started;
    };
    expect(await waited()).toBeGreaterThanOrEqual(55);
    const longer = await waited(400);
    expect(longer).toBeGreaterThanOrEqual(395);
  });

  it('passes on a service\'s refusal with its status and message, naming the service', async () => {
    const { rpc } = client({ reply: { err: { status: 404, message: 'Order not found' } } });
    const err = await rpc.send(OrdersRpc.get, ORDER, actor).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcCallError);
    expect(err).toMatchObject({ status: 404, message: 'Order not found', service: 'orders' });
  });

  it('makes any other error of a service a 500, keeping what it said', async () => {
    const { rpc } = client({ reply: { err: { message: 'Internal server error', stack: '…' } } });
    await expect(rpc.send(OrdersRpc.get, ORDER, actor)).rejects.toMatchObject({ status: 500, message: 'Internal server error' });
    const { rpc: plain } = client({ reply: { err: 'There is no matching message handler defined in the remote service.' } });
    await expect(plain.send(OrdersRpc.get, ORDER, actor)).rejects.toMatchObject({
      status: 500,
      message: 'There is no matching message handler defined in the remote service.',
    });
  });

  it('takes a reply whose error is null as a success', async () => {
    const { rpc } = client({ reply: { err: null, response: { deleted: true } } });
    expect(await rpc.send(OrdersRpc.get, ORDER, actor)).toEqual({ deleted: true });
  });

  it('says at once that a service with no running instance is unavailable', async () => {
    const { rpc } = client({ fail: natsError(ErrorCode.NoResponders) });
    const err = await rpc.send(OrdersRpc.get, ORDER, actor).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ service: 'orders', reason: 'no-responders', message: 'The orders service is unavailable. Please try again shortly.' });
  });

  it('says a service that did not answer in time did not', async () => {
    const { rpc } = client({ fail: natsError(ErrorCode.Timeout) });
    await expect(rpc.send(OrdersRpc.get, ORDER, actor)).rejects.toMatchObject({
      reason: 'timeout',
      message: 'The orders service did not answer in time. Please try again.',
    });
  });

  it('lets any other failure of the connection through as it is', async () => {
    const closed = natsError(ErrorCode.ConnectionClosed);
    const { rpc } = client({ fail: closed });
    await expect(rpc.send(OrdersRpc.get, ORDER, actor)).rejects.toBe(closed);
  });
});
