import { ORDER_MESSAGES, type OrderEventView, type OrderView } from '@app/contracts';
import { waitFor } from '@app/testing';
import { createAccount, createSalesPerson, createStyleGuide, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

interface PerSalesManRow {
  salesManId: string | null;
  salesMan_name: string;
  totalorders: number;
}

/**
 * The order's sales person changed by admin or QA (the order side panel's sales-person
 * dialog): one of the owner's sales people only, the change on the timeline, and the
 * dealership's orders per sales person move the order from the old person to the new one,
 * even when the answer was already asked for that day.
 */
describe("an order's sales person", () => {
  let stack: TestStack;
  let dealer: TestAccount;
  let admin: UserSession;
  let qa: UserSession;
  let asDealer: UserSession;
  let asOther: UserSession;
  let anna: { id: string };
  let bo: { id: string };
  let foreign: { id: string };
  let order: OrderView;
  let otherOrder: OrderView;

  const perSalesMan = async (): Promise<PerSalesManRow[]> =>
    (await admin.get(`/api/dashboard/getOrdersPerSalesMan/${dealer.id}?timeFrame=ALL_TIME`).expect(200)).body.rows;
  const salesPersonInFacts = async (orderId: string): Promise<string | null | undefined> =>
    (await stack.db.query<{ id: string | null }>('SELECT sales_person_id AS id FROM statistics.stat_order WHERE id = $1 AND created_at IS NOT NULL', [orderId]))[0]?.id;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'order_sales_person', services: ['users', 'style-guides', 'orders', 'statistics'] });
    const permissions = ['CREATE_ORDERS', 'UPDATE_ORDERS', 'READ_USER_STATISTICS'];
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Nordic Cars', permissions });
    const other = await createAccount(stack, { role: 'Dealership', displayName: 'Other Cars', permissions });
    const adminAccount = await createAccount(stack, { role: 'Admin' });
    const qaAccount = await createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'] });
    anna = await createSalesPerson(stack, dealer.id, { name: 'Anna Sales' });
    bo = await createSalesPerson(stack, dealer.id, { name: 'Bo Sales' });
    foreign = await createSalesPerson(stack, other.id, { name: 'Foreign Sales' });
    [admin, qa, asDealer, asOther] = await Promise.all([
      signIn(stack, adminAccount.email),
      signIn(stack, qaAccount.email),
      signIn(stack, dealer.email),
      signIn(stack, other.email),
    ]);
    const guide = await createStyleGuide(admin, { assignTo: [dealer.id, other.id] });
    order = (await asDealer.post('/api/orders').send({ orderName: 'Volvo XC60', styleGuide: guide.id, salesMan: anna.id, takenImagesCount: 2 }).expect(201)).body;
    otherOrder = (await asOther.post('/api/orders').send({ orderName: 'Skoda Octavia', styleGuide: guide.id, salesMan: foreign.id, takenImagesCount: 2 }).expect(201)).body;
    await waitFor(async () => (await salesPersonInFacts(order.id)) === anna.id, 'the statistics service to count the new order', 30_000);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("moves the order to another of the owner's sales people: the answer, the timeline and the orders per sales person follow", async () => {
    // asked once before the change: the answer is kept for the day
    expect(await perSalesMan()).toEqual([expect.objectContaining({ salesManId: anna.id, totalorders: 1 })]);

    const changed: OrderView = (await admin.put(`/api/orders/${order.id}`).send({ salesMan: bo.id }).expect(200)).body;
    expect(changed.salesMan).toEqual({ id: bo.id, name: 'Bo Sales' });
    expect((await asDealer.get(`/api/orders/${order.id}`).expect(200)).body.salesMan).toEqual({ id: bo.id, name: 'Bo Sales' });

    const lines: OrderEventView[] = (await admin.get(`/api/events/order/${order.id}`).expect(200)).body.items;
    const edited = lines.find((l) => l.eventName === 'EDITED');
    expect(edited?.payload).toEqual({ salesMan: { from: 'Anna Sales', to: 'Bo Sales' }, salesPersonId: bo.id });

    await waitFor(async () => (await salesPersonInFacts(order.id)) === bo.id, 'the statistics service to apply the change', 30_000);
    const rows = await perSalesMan();
    expect(rows).toEqual([expect.objectContaining({ salesManId: bo.id, totalorders: 1 })]);
    expect(rows.some((r) => r.salesManId === anna.id)).toBe(false);
  });

  it('lets QA change it back, and writes no line when the sales person is the same', async () => {
    await qa.put(`/api/orders/${order.id}`).send({ salesMan: anna.id }).expect(200);
    await waitFor(async () => (await salesPersonInFacts(order.id)) === anna.id, 'the statistics service to apply the change back', 30_000);
    expect(await perSalesMan()).toEqual([expect.objectContaining({ salesManId: anna.id, totalorders: 1 })]);

    const before: OrderEventView[] = (await admin.get(`/api/events/order/${order.id}`).expect(200)).body.items;
    await admin.put(`/api/orders/${order.id}`).send({ salesMan: anna.id }).expect(200);
    const after: OrderEventView[] = (await admin.get(`/api/events/order/${order.id}`).expect(200)).body.items;
    expect(after.filter((l) => l.eventName === 'EDITED')).toHaveLength(before.filter((l) => l.eventName === 'EDITED').length);
  });

  it("refuses another account's sales person, a dealership changing it, another tenant's order and a malformed id", async () => {
    const foreignRes = await admin.put(`/api/orders/${order.id}`).send({ salesMan: foreign.id }).expect(400);
    expect(foreignRes.body.message).toContain(ORDER_MESSAGES.salesPersonNotFound);
    // the owner itself may rename its order, not move it to another sales person
    await asDealer.put(`/api/orders/${order.id}`).send({ salesMan: bo.id }).expect(403);
    // another tenant does not learn the order exists
    await asOther.put(`/api/orders/${order.id}`).send({ salesMan: foreign.id }).expect(404);
    await asDealer.put(`/api/orders/${otherOrder.id}`).send({ salesMan: anna.id }).expect(404);
    await admin.put(`/api/orders/${order.id}`).send({ salesMan: 'not-an-id' }).expect(400);
    expect((await admin.get(`/api/orders/${order.id}`).expect(200)).body.salesMan).toEqual({ id: anna.id, name: 'Anna Sales' });
  });
});
