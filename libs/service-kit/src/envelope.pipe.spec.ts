import { OrderIdPayload, RpcError, SetChildAccountsPayload, type Actor } from '@app/contracts';
import { EnvelopePipe } from './envelope.pipe';

const ORDER = '00000000-0000-4000-8000-0000000000f1';
const actor: Actor = { role: 'Dealership', userId: '00000000-0000-4000-8000-00000000d001', salesPersonId: null, permissions: ['CREATE_ORDERS'], requestId: 'req-41' };

/** what the handler receives, or the 400 message the caller is answered */
async function receive<T extends object>(pipe: EnvelopePipe<T>, message: unknown): Promise<{ ok: unknown } | { refused: string; status: number }> {
  try {
    return { ok: await pipe.transform(message) };
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    return { refused: err.message, status: err.status };
  }
}

describe('EnvelopePipe: a message to a service is { actor, data }, both checked', () => {
  const orderPipe = new EnvelopePipe(OrderIdPayload);

  it('hands the handler the actor and the data as its payload class', async () => {
    const result = await receive(orderPipe, { actor, data: { id: ORDER } });
    expect(result).toEqual({ ok: { actor: expect.objectContaining(actor), data: expect.any(OrderIdPayload) } });
    expect((result as { ok: { data: OrderIdPayload } }).ok.data.id).toBe(ORDER);
  });

  it('refuses a message that is not an envelope', async () => {
    for (const message of [null, 'orders.get', 42, { data: { id: ORDER } }]) {
      expect(await receive(orderPipe, message)).toEqual({ status: 400, refused: 'Malformed message: expected { actor, data }' });
    }
  });

  it('refuses an actor with an unknown role, a bad id or no request id, saying it is the actor', async () => {
    expect(await receive(orderPipe, { actor: { ...actor, role: 'Owner' }, data: { id: ORDER } })).toEqual({
      status: 400,
      refused: expect.stringMatching(/^actor: role must be one of the following values: /),
    });
    expect(await receive(orderPipe, { actor: { ...actor, userId: 'me' }, data: { id: ORDER } })).toEqual({ status: 400, refused: 'actor: userId must be a UUID' });
    const { requestId: _r, ...withoutRequestId } = actor;
    expect(await receive(orderPipe, { actor: withoutRequestId, data: { id: ORDER } })).toEqual({ status: 400, refused: 'actor: requestId must be a string' });
    expect(await receive(orderPipe, { actor: null, data: { id: ORDER } })).toMatchObject({ status: 400, refused: expect.stringMatching(/^actor: /) });
  });

  it('refuses data that is not an object', async () => {
    for (const data of [undefined, null, 'x', [ORDER]]) {
      expect(await receive(orderPipe, { actor, data })).toEqual({ status: 400, refused: 'Malformed message: data must be an object' });
    }
  });

  it('refuses a field the payload class does not have, and names a bad one', async () => {
    expect(await receive(orderPipe, { actor, data: { id: ORDER, admin: true } })).toEqual({ status: 400, refused: 'property admin should not exist' });
    expect(await receive(orderPipe, { actor, data: { id: 'not-a-uuid' } })).toEqual({ status: 400, refused: 'id must be a UUID' });
  });

  it('refuses text no store can keep before anything else, naming the field', async () => {
    expect(await receive(new EnvelopePipe(SetChildAccountsPayload), { actor, data: { id: ORDER, childAccounts: ['a\u0000'] } })).toEqual({
      status: 400,
      refused: 'childAccounts.0 must not contain NUL characters',
    });
  });

  it('passes the data of a message without a payload class as it came, or an empty object', async () => {
    const free = new EnvelopePipe(null);
    expect(await receive(free, { actor, data: { anything: 1 } })).toEqual({ ok: { actor: expect.objectContaining(actor), data: { anything: 1 } } });
    expect(await receive(free, { actor })).toEqual({ ok: { actor: expect.objectContaining(actor), data: {} } });
  });
});
