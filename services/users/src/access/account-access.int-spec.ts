import { IntegrationsRpc, SalesPeopleRpc, type Actor } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { actorFor, rpcStatus, testInfra } from '@app/testing';
import { createAccount, createSalesPerson, startTestStack, type TestStack } from '../../../../test/support';
import type { NatsConnection } from 'nats';

/**
 * The users service's own check that only an account itself (or the admin) manages its sales
 * people and integrations. The gateway already keeps management, QA and signed-in sales people
 * off these routes; called over NATS as another caller would, the service refuses them too,
 * permissions or not.
 */
describe('users service: an account manages its own sales people and integrations', () => {
  let stack: TestStack;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let dealer: string;
  let group: string;
  let salesPerson: string;
  const MANAGE = ['CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN', 'READ_USER_INTEGRATIONS', 'UPDATE_USER_INTEGRATIONS'];

  beforeAll(async () => {
    stack = await startTestStack({ label: 'account_access', services: ['users'] });
    nc = await connectNats(testInfra.natsUrl, 'account-access-test');
    rpc = new RpcClient(nc, stack.ns.namespace, 5000);
    dealer = (await createAccount(stack, { role: 'Dealership', permissions: MANAGE })).id;
    group = (await createAccount(stack, { role: 'Management', permissions: MANAGE, children: [dealer] })).id;
    salesPerson = (await createSalesPerson(stack, dealer, { login: true })).id;
  });

  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  it('refuses management of the account and the account\'s signed-in sales person with 403; the account itself may', async () => {
    const callers: Array<[string, Actor, number]> = [
      ['management', actorFor('Management', { userId: group, permissions: MANAGE }), 403],
      ['sales person', actorFor('Dealership', { userId: dealer, salesPersonId: salesPerson, permissions: MANAGE }), 403],
      ['QA', actorFor('QA', { permissions: MANAGE }), 403],
      ['the account', actorFor('Dealership', { userId: dealer, permissions: MANAGE }), 200],
    ];
    for (const [who, actor, expected] of callers) {
      const body = { userId: dealer, salesMan: [{ name: `By ${who}`, email: `${who.replace(/ /g, '-')}@example.test`, phone: '+45 11 22 33 44' }] };
      expect([who, await rpcStatus(() => rpc.send(SalesPeopleRpc.create, body, actor))]).toEqual([who, expected]);
      const integration = { provider: expected === 200 ? 'GENERIC_FTP' : 'DEALER_FTP', isActive: true, userId: dealer };
      expect([who, await rpcStatus(() => rpc.send(IntegrationsRpc.create, integration, actor))]).toEqual([who, expected]);
    }
    const target = (await createSalesPerson(stack, dealer)).id;
    expect(await rpcStatus(() => rpc.send(SalesPeopleRpc.delete, { id: target }, actorFor('Management', { userId: group, permissions: MANAGE })))).toBe(403);
    expect(await rpcStatus(() => rpc.send(SalesPeopleRpc.delete, { id: target }, actorFor('Dealership', { userId: dealer, permissions: MANAGE })))).toBe(200);
  });
});
