import { randomUUID } from 'node:crypto';
import { createAccount, createOrder, createSalesPerson, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

const DAY = 24 * 60 * 60 * 1000;

/**
 * GET /api/dashboard/userStatistics/{id}: the profile header's order and sales-person counts,
 * for whoever may read the account, and never another dealership's numbers.
 */
describe('an account\'s order and sales-person counts', () => {
  let stack: TestStack;
  let nordic: TestAccount;
  let budapest: TestAccount;
  let admin: UserSession;
  let qa: UserSession;
  let asNordic: UserSession;
  let asBudapest: UserSession;
  let asManager: UserSession;
  let asAnna: UserSession;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'user_statistics', services: ['users', 'orders'] });
    nordic = await createAccount(stack, { role: 'Dealership', displayName: 'Nordic Cars' });
    budapest = await createAccount(stack, { role: 'Dealership', displayName: 'Budapest Motors' });
    const manager = await createAccount(stack, { role: 'Management', children: [nordic.id] });
    const anna = await createSalesPerson(stack, nordic.id, { name: 'Anna Sales', login: true });
    await createSalesPerson(stack, nordic.id, { name: 'Bo Sales' });
    await createSalesPerson(stack, nordic.id, { name: 'Carl Sales' });
    await createSalesPerson(stack, budapest.id, { name: 'Zoltan Sales' });
    // Nordic: 3 orders, one of them a year old and completed (counted: every order, whatever its age or status)
    await createOrder(stack, { accountId: nordic.id, accountName: 'Nordic Cars', orderName: 'Golf', status: 'Uploading' });
    await createOrder(stack, { accountId: nordic.id, accountName: 'Nordic Cars', orderName: 'Polo', status: 'In Progress' });
    await createOrder(stack, { accountId: nordic.id, accountName: 'Nordic Cars', orderName: 'Passat', status: 'Completed', createdAt: new Date(Date.now() - 365 * DAY) });
    // Budapest: 5 orders
    for (let i = 1; i <= 5; i++) await createOrder(stack, { accountId: budapest.id, accountName: 'Budapest Motors', orderName: `Astra ${i}` });
    [admin, qa, asNordic, asBudapest, asManager, asAnna] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      createAccount(stack, { role: 'QA' }).then((a) => signIn(stack, a.email)),
      signIn(stack, nordic.email),
      signIn(stack, budapest.email),
      signIn(stack, manager.email),
      signIn(stack, anna.email),
    ]);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const statsOf = (session: UserSession, id: string) => session.get(`/api/dashboard/userStatistics/${id}`);

  it('counts every order and every sales person of the account, for admin and QA', async () => {
    for (const session of [admin, qa]) {
      expect((await statsOf(session, nordic.id).expect(200)).body).toEqual({ ordersCount: 3, salesManCount: 3 });
      expect((await statsOf(session, budapest.id).expect(200)).body).toEqual({ ordersCount: 5, salesManCount: 1 });
    }
  });

  it('gives a dealership, its signed-in sales person and its management parent their own numbers', async () => {
    for (const session of [asNordic, asAnna, asManager]) {
      expect((await statsOf(session, nordic.id).expect(200)).body).toEqual({ ordersCount: 3, salesManCount: 3 });
    }
    expect((await statsOf(asBudapest, budapest.id).expect(200)).body).toEqual({ ordersCount: 5, salesManCount: 1 });
  });

  it("never shows a dealership another dealership's numbers: the account does not exist for it", async () => {
    const refused = await statsOf(asBudapest, nordic.id).expect(404);
    expect(refused.body).toEqual({ statusCode: 404, message: 'User not found' });
    for (const session of [asNordic, asAnna, asManager]) {
      const res = await statsOf(session, budapest.id).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'User not found' });
    }
  });

  it('answers an unknown account 404 and a malformed id 400, and nobody signed in 401', async () => {
    expect((await statsOf(admin, randomUUID()).expect(404)).body.message).toBe('User not found');
    const bad = await statsOf(admin, 'not-a-uuid').expect(400);
    expect(bad.body.statusCode).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    await stack.http().get(`/api/dashboard/userStatistics/${nordic.id}`).expect(401);
  });

  it('follows what happens: a new sales person and a new order are counted at once', async () => {
    await createSalesPerson(stack, budapest.id, { name: 'Zsofia Sales' });
    await createOrder(stack, { accountId: budapest.id, accountName: 'Budapest Motors', orderName: 'Corsa' });
    expect((await statsOf(asBudapest, budapest.id).expect(200)).body).toEqual({ ordersCount: 6, salesManCount: 2 });
    // and Nordic's stay as they were
    expect((await statsOf(asNordic, nordic.id).expect(200)).body).toEqual({ ordersCount: 3, salesManCount: 3 });
  });
});
