import { waitFor } from '@app/testing';
import type { DealershipOrderStatisticsView, OrderStatisticsPerPeriodView } from '@app/contracts';
import { createAccount, createOrder, createSalesPerson, createStyleGuide, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

/**
 * Dashboards that move: a dealer creates an order through the API, the orders service
 * publishes it, the statistics service takes it into its facts, and the very next question of
 * today's totals counts it (the statistics service keeps no answer: docs/statistics.md,
 * "Answers as the facts are now"). The test waits for the fact to arrive in the statistics
 * schema, never for a fixed time, then asks.
 */
describe('dashboards: an order made now moves today\'s totals on the next question', () => {
  let stack: TestStack;
  let dealer: TestAccount;
  let other: TestAccount;
  let asDealer: UserSession;
  let asOther: UserSession;
  let admin: UserSession;
  let guide: string;
  let salesPerson: string;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'dashboard_moves', services: ['users', 'style-guides', 'orders', 'statistics'] });
    const permissions = ['READ_USER_STATISTICS', 'CREATE_ORDERS'];
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Nordic Cars', permissions });
    other = await createAccount(stack, { role: 'Dealership', displayName: 'Budapest Motors', permissions });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    asDealer = await signIn(stack, dealer.email);
    asOther = await signIn(stack, other.email);
    guide = (await createStyleGuide(admin, { assignTo: [dealer.id, other.id] })).id;
    salesPerson = (await createSalesPerson(stack, dealer.id)).id;
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const today = 'timePeriod=day&timeFrame=current';
  const dealerToday = async (who: UserSession, accountId: string): Promise<DealershipOrderStatisticsView> => {
    const res = await who.get(`/api/dashboard/getDealershipOrderStatistics/${accountId}?${today}`);
    expect(res.status).toBe(200);
    return res.body as DealershipOrderStatisticsView;
  };
  const everyAccountToday = async (): Promise<OrderStatisticsPerPeriodView> => {
    const res = await admin.get(`/api/dashboard/getOrderStatisticsPerMonth?${today}`);
    expect(res.status).toBe(200);
    return res.body as OrderStatisticsPerPeriodView;
  };
  /** waits until the statistics service holds the order as a fact (the event has arrived and been applied) */
  const factOf = (orderId: string) =>
    waitFor(
      async () => (await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM statistics.stat_order WHERE id = $1 AND created_at IS NOT NULL', [orderId]))[0]?.n === 1,
      `the statistics service to hold order ${orderId}`,
      30_000,
    );
  const hourOf = (view: DealershipOrderStatisticsView | OrderStatisticsPerPeriodView, iso: string) =>
    view.rows.find((r) => r.period === `${iso.slice(0, 13)}:00:00.000Z`)?.count ?? 0;

  it('counts the new order in the dealer\'s today, this week and the admin\'s today; the other dealer\'s numbers stay theirs', async () => {
    // asked before: the answers a dashboard showed a moment ago (and that a server cache would have kept for the day)
    const before = await dealerToday(asDealer, dealer.id);
    const allBefore = await everyAccountToday();
    const otherBefore = await dealerToday(asOther, other.id);
    expect(before.rows).toHaveLength(24);
    expect(before.expires).toBe(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1)).toISOString());

    const order = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson, takenImagesCount: 3 });
    await factOf(order.id);

    const after = await dealerToday(asDealer, dealer.id);
    expect(after.total).toBe(before.total + 1);
    expect(after.currentWeek).toBe(before.currentWeek + 1);
    expect(hourOf(after, order.createdAt)).toBe(hourOf(before, order.createdAt) + 1);
    const allAfter = await everyAccountToday();
    expect(allAfter.total).toBe(allBefore.total + 1);
    expect(hourOf(allAfter, order.createdAt)).toBe(hourOf(allBefore, order.createdAt) + 1);
    // the other tenant's numbers do not move, and it still cannot read the dealer's
    expect((await dealerToday(asOther, other.id)).total).toBe(otherBefore.total);
    expect((await asOther.get(`/api/dashboard/getDealershipOrderStatistics/${dealer.id}?${today}`)).status).toBe(404);

    // a second order: the next question moves again
    const second = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson, takenImagesCount: 3 });
    await factOf(second.id);
    expect((await dealerToday(asDealer, dealer.id)).total).toBe(before.total + 2);
    const perSalesPerson = await asDealer.get(`/api/dashboard/getOrdersPerSalesMan/${dealer.id}?${today}`);
    expect(perSalesPerson.body.rows).toEqual([expect.objectContaining({ salesManId: salesPerson, totalorders: before.total + 2 })]);
  });
});
