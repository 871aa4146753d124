import { OrdersRpc, type Actor } from '@app/contracts';
import { connectNats, RpcCallError, RpcClient } from '@app/messaging';
import { actorFor, testInfra } from '@app/testing';
import { createAccount, createOrder, startTestStack, type TestStack } from '../../../../test/support';
import type { NatsConnection } from 'nats';

/**
 * `orders.access`, what the images service asks before it touches an order's images: the
 * orders service with the users service (for management's child accounts) on real NATS and
 * PostgreSQL, called as another service would.
 */
describe('OrdersRpc.access', () => {
  let stack: TestStack;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let dealer: string;
  let other: string;
  let parent: string;
  let stranger: string;
  let orderId: string;
  let styleGuideId: string;

  const status = async (actor: Actor, id: string, write?: boolean): Promise<number> => {
    try {
      await rpc.send(OrdersRpc.access, { id, ...(write === undefined ? {} : { write }) }, actor);
      return 200;
    } catch (err) {
      if (err instanceof RpcCallError) return err.status;
      throw err;
    }
  };

  beforeAll(async () => {
    stack = await startTestStack({ label: 'orders_access', services: ['users', 'orders'] });
    nc = await connectNats(testInfra.natsUrl, 'orders-access-test');
    rpc = new RpcClient(nc, stack.ns.namespace, 5000);
    dealer = (await createAccount(stack, { role: 'Dealership' })).id;
    other = (await createAccount(stack, { role: 'Dealership' })).id;
    parent = (await createAccount(stack, { role: 'Management', children: [dealer] })).id;
    stranger = (await createAccount(stack, { role: 'Management', children: [other] })).id;
    styleGuideId = '00000000-0000-4000-8002-0000000000a1';
    orderId = (await createOrder(stack, { accountId: dealer, styleGuideId, takenImagesCount: 6, enabledQa: true, status: 'Uploading' })).id;
  });

  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  it('answers what the images service needs', async () => {
    const access = await rpc.send(OrdersRpc.access, { id: orderId }, actorFor('Dealership', { userId: dealer }));
    expect(access).toEqual({
      id: orderId,
      orderName: expect.any(String),
      accountId: dealer,
      styleGuideId,
      status: 'Uploading',
      QAstatus: 'Waiting For QA',
      takenImagesCount: 6,
      enabledQa: true,
    });
  });

  it('lets admin, QA, the system, the owner, its sales person and its management read', async () => {
    for (const actor of [
      actorFor('Admin'),
      actorFor('QA'),
      actorFor('System'),
      actorFor('Dealership', { userId: dealer }),
      actorFor('Dealership', { userId: dealer, salesPersonId: '00000000-0000-4000-8001-0000000000a2' }),
      actorFor('Management', { userId: parent }),
    ]) {
      expect([actor.role, await status(actor, orderId)]).toEqual([actor.role, 200]);
    }
  });

  it('answers "not found" to anyone else, as for an order that does not exist', async () => {
    for (const actor of [
      actorFor('Dealership', { userId: other }),
      actorFor('Management', { userId: stranger }),
      actorFor('Anonymous'),
      actorFor('Dealership', { userId: null }),
    ]) {
      expect([actor.role, await status(actor, orderId)]).toEqual([actor.role, 404]);
      expect(await status(actor, orderId, true)).toBe(404);
    }
    expect(await status(actorFor('Admin'), '00000000-0000-4000-8000-0000000000f0')).toBe(404);
  });

  it('lets admin, QA and the owner write; management only reads its child accounts\' orders', async () => {
    expect(await status(actorFor('Admin'), orderId, true)).toBe(200);
    expect(await status(actorFor('QA'), orderId, true)).toBe(200);
    expect(await status(actorFor('Dealership', { userId: dealer }), orderId, true)).toBe(200);
    expect(await status(actorFor('Dealership', { userId: dealer, salesPersonId: '00000000-0000-4000-8001-0000000000a2' }), orderId, true)).toBe(200);
    expect(await status(actorFor('Management', { userId: parent }), orderId, true)).toBe(403);
  });

  it('validates the payload again in the service', async () => {
    await expect(rpc.send(OrdersRpc.access, { id: 'nope' }, actorFor('Admin'))).rejects.toMatchObject({ status: 400 });
    await expect(rpc.send(OrdersRpc.access, { id: orderId, write: 'yes' } as never, actorFor('Admin'))).rejects.toMatchObject({ status: 400 });
  });
});
