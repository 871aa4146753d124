import { Namespace, OrdersRpc, systemActor, type CustomerListItem, type Paged } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { testInfra } from '@app/testing';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { createAccount, createOrder, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

/**
 * GET /api/users/customers: the dealership accounts with their order counts, for admin and QA
 * only; and QA's GET /api/users, which holds the dealerships only.
 */
describe('the customers list', () => {
  let stack: TestStack;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let admin: UserSession;
  let qa: UserSession;
  let asDealerA: UserSession;
  let asManager: UserSession;
  let dealerA: TestAccount;
  let dealerB: TestAccount;
  let quiet: TestAccount;
  let manager: TestAccount;
  const token = randomUUID().slice(0, 8);

  const customers = async (session: UserSession, query = ''): Promise<Paged<CustomerListItem>> =>
    (await session.get(`/api/users/customers${query}`).expect(200)).body;
  const countOf = (page: Paged<CustomerListItem>, id: string) => page.items.find((c) => c.id === id)?.ordersCount;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'customers', services: ['users', 'orders'] });
    nc = await connectNats(testInfra.natsUrl, 'customers-test');
    rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 10_000);
    dealerA = await createAccount(stack, { role: 'Dealership', displayName: `Alpha ${token}` });
    dealerB = await createAccount(stack, { role: 'Dealership', displayName: `Bravo ${token}`, country: 'Hungary' });
    quiet = await createAccount(stack, { role: 'Dealership', displayName: `Quiet ${token}` });
    manager = await createAccount(stack, { role: 'Management', displayName: `Group ${token}`, children: [dealerA.id] });
    await Promise.all([
      createOrder(stack, { accountId: dealerA.id }),
      createOrder(stack, { accountId: dealerA.id }),
      createOrder(stack, { accountId: dealerA.id }),
      createOrder(stack, { accountId: dealerB.id }),
    ]);
    [admin, qa, asDealerA, asManager] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'] }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealerA.email),
      signIn(stack, manager.email),
    ]);
  });

  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  it('lists the dealerships only, each with its own order count', async () => {
    for (const session of [admin, qa]) {
      const page = await customers(session, `?search=${token}`);
      expect(page.total).toBe(3);
      expect(page.items.map((c) => c.displayName).sort()).toEqual([`Alpha ${token}`, `Bravo ${token}`, `Quiet ${token}`]);
      expect(page.items.every((c) => c.userRole === 'Dealership')).toBe(true);
      expect(countOf(page, dealerA.id)).toBe(3);
      expect(countOf(page, dealerB.id)).toBe(1);
      expect(countOf(page, quiet.id)).toBe(0);
    }
  });

  it('filters by country and pages by 10', async () => {
    const hungary = await customers(admin, `?search=${token}&country=hungary`);
    expect(hungary.items.map((c) => c.id)).toEqual([dealerB.id]);
    const all = await customers(admin);
    expect(all.pageSize).toBe(10);
    expect(all.items.length).toBeLessThanOrEqual(10);
    expect(all.items.some((c) => c.id === manager.id)).toBe(false);
  });

  it('refuses dealerships, management and visitors', async () => {
    const dealer = await asDealerA.get('/api/users/customers').expect(403);
    expect(dealer.body.statusCode).toBe(403);
    await asManager.get('/api/users/customers').expect(403);
    await stack.http().get('/api/users/customers').expect(401);
  });

  it('answers bad paging and filters with 400 and a message', async () => {
    const zero = await admin.get('/api/users/customers?page=0').expect(400);
    expect(zero.body.message).toMatch(/page/);
    const long = await admin.get(`/api/users/customers?search=${'x'.repeat(101)}`).expect(400);
    expect(long.body.message).toMatch(/search/);
    const unknown = await admin.get('/api/users/customers?userRole=Admin').expect(400);
    expect(unknown.body.message).toMatch(/userRole/);
  });

  it("shows QA only the dealerships in GET /users, the admin every account", async () => {
    const asQa = await qa.get('/api/users?page=1').expect(200);
    expect(asQa.body.items.every((u: { userRole: string }) => u.userRole === 'Dealership')).toBe(true);
    expect(asQa.body.items.some((u: { id: string }) => u.id === manager.id)).toBe(false);
    const qaAdmins = await qa.get('/api/users?userRole=Admin').expect(200);
    expect(qaAdmins.body).toMatchObject({ items: [], total: 0 });
    const adminsAsAdmin = await admin.get('/api/users?userRole=Admin').expect(200);
    expect(adminsAsAdmin.body.total).toBeGreaterThanOrEqual(1);
    const mgmt = await admin.get(`/api/users?search=${token}`).expect(200);
    expect(mgmt.body.items.some((u: { id: string }) => u.id === manager.id)).toBe(true);
  });

  it("answers order counts to admin and QA only: a dealership or management asking the orders service is refused", async () => {
    const ids = { accountIds: [dealerA.id, dealerB.id] };
    await expect(rpc.send(OrdersRpc.countsByAccount, ids, { ...systemActor('t'), role: 'QA', userId: randomUUID() })).resolves.toEqual([
      { accountId: dealerA.id, ordersCount: 3 },
      { accountId: dealerB.id, ordersCount: 1 },
    ]);
    for (const [role, userId] of [['Dealership', dealerA.id], ['Management', manager.id]] as const) {
      await expect(rpc.send(OrdersRpc.countsByAccount, ids, { ...systemActor('t'), role, userId })).rejects.toMatchObject({ status: 403 });
    }
  });

  it('keeps a dealership to its own account in GET /users', async () => {
    const own = await asDealerA.get(`/api/users?search=${token}`).expect(200);
    expect(own.body.items.map((u: { id: string }) => u.id)).toEqual([dealerA.id]);
  });
});
