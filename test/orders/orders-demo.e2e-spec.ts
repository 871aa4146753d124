import { OrdersEvents, StyleGuidesEvents, UsersEvents, type OrderEventView, type OrderListItem } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD, DEMO_STYLE_GUIDE_ID } from '@app/seeding';
import { eventsOn, signIn, startTestStack, waitForEvents, type TestStack, type UserSession } from '../support';

/** The demo orders of `make dev` (SEED_DEMO_DATA=true). */
describe('demo orders', () => {
  let stack: TestStack;
  let admin: UserSession;

  const all = async (session: UserSession): Promise<OrderListItem[]> => (await session.get('/api/orders/get-orders').expect(200)).body.items;
  const eventCount = async () => {
    let n = 0;
    for (const o of DEMO_ORDERS) n += (await admin.get(`/api/events/order/${o.id}?isHidden=true`).expect(200)).body.total;
    return n;
  };

  beforeAll(async () => {
    stack = await startTestStack({ label: 'orders_demo', services: ['users', 'style-guides', 'orders'], env: { SEED_DEMO_DATA: 'true' } });
    admin = await signIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('gives each demo dealership its orders in their states, on Demo Studio, newest first', async () => {
    const dealer = await signIn(stack, DEMO_ACCOUNTS.dealer.email, DEMO_PASSWORD);
    const mine = await all(dealer);
    const expected = DEMO_ORDERS.filter((o) => o.accountId === DEMO_ACCOUNTS.dealer.id);
    expect(mine.map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort());
    for (const d of expected) {
      const row = mine.find((o) => o.id === d.id)!;
      expect(row).toMatchObject({
        orderName: d.orderName,
        status: d.status,
        QAstatus: d.QAstatus,
        styleGuide: { id: DEMO_STYLE_GUIDE_ID, name: 'Demo Studio' },
        takenImagesCount: d.positions.length,
        user: { displayName: 'Nordic Auto Demo' },
      });
    }
    const days = mine.map((o) => Date.parse(o.createdAt));
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const anna = await signIn(stack, 'anna.sales@demo.test', DEMO_PASSWORD);
    expect((await all(anna)).length).toBe(expected.length);

    const dealer2 = await signIn(stack, DEMO_ACCOUNTS.dealer2.email, DEMO_PASSWORD);
    const theirs = await all(dealer2);
    expect(theirs.map((o) => o.status).sort()).toEqual(['Ready to download', 'Uploading']);
    expect(theirs.find((o) => o.status === 'Uploading')!.takenImagesCount).toBe(4);
    const manager = await signIn(stack, DEMO_ACCOUNTS.manager.email, DEMO_PASSWORD);
    expect((await all(manager)).length).toBe(DEMO_ORDERS.length);
    expect((await all(admin)).length).toBe(DEMO_ORDERS.length);
  });

  it('tells on each timeline how the order got where it is, and flags one as priority', async () => {
    const completed = DEMO_ORDERS.find((o) => o.status === 'Completed')!;
    const events = (await admin.get(`/api/events/order/${completed.id}`).expect(200)).body.items as OrderEventView[];
    expect(events.map((e) => e.eventName)).toEqual(['UPDATED', 'UPDATED', 'UPDATED', 'PROCESSING_COMPLETED', 'UPDATED', 'UPLOAD_COMPLETED', 'NEW']);
    expect(events[0].payload).toMatchObject({ to: { status: 'Completed', QAstatus: 'Approved' } });
    expect(events.at(-1)!.user?.displayName).toBe('Anna Sales');
    const sentBack = DEMO_ORDERS.find((o) => o.QAstatus === 'Waiting For Edition')!;
    const declined = (await admin.get(`/api/events/order/${sentBack.id}`).expect(200)).body.items as OrderEventView[];
    expect(declined.find((e) => e.eventName === 'IMAGE_DECLINED')).toMatchObject({ isPriority: true, user: { displayName: 'QA Editor' } });

    const flagged = (await all(admin)).filter((o) => o.tags.some((t) => t.category === 'PRIORITY'));
    expect(flagged.map((o) => o.id)).toEqual([DEMO_ORDERS[1].id]);
    // the demo's Ready to download orders are listed as such, each timed
    const ready = (await all(admin)).filter((o) => o.status === 'Ready to download');
    const demoReady = DEMO_ORDERS.filter((o) => o.status === 'Ready to download').map((o) => o.id);
    expect(demoReady.length).toBeGreaterThan(0);
    expect(ready.map((o) => o.id)).toEqual(expect.arrayContaining(demoReady));
    expect(ready.map((o) => typeof o.timeToReadyToDownload)).toEqual(ready.map(() => 'number'));
  });

  it('publishes the demo data as live data is, so the dashboards of make dev count it', async () => {
    const created = await waitForEvents(stack, OrdersEvents.created, (p) => DEMO_ORDERS.some((o) => o.id === p.orderId), DEMO_ORDERS.length);
    expect(created.map((e) => e.payload.orderName).sort()).toEqual(DEMO_ORDERS.map((o) => o.orderName).sort());
    // each order's latest status change (by its time: one transaction's events go out in any order) is where it stands
    const changes = await eventsOn(stack, OrdersEvents.statusChanged);
    for (const d of DEMO_ORDERS.filter((o) => o.status !== 'Uploading')) {
      const last = changes.filter((e) => e.payload.orderId === d.id).sort((a, b) => a.payload.at.localeCompare(b.payload.at)).at(-1);
      expect({ id: d.id, status: last?.payload.status, QAstatus: last?.payload.QAstatus }).toEqual({ id: d.id, status: d.status, QAstatus: d.QAstatus });
    }
    const lines = await eventsOn(stack, OrdersEvents.timelineRecorded);
    expect(lines.filter((e) => DEMO_ORDERS.some((o) => o.id === e.payload.orderId))).toHaveLength(await eventCount());
    const [guide] = await waitForEvents(stack, StyleGuidesEvents.saved, (p) => p.styleGuideId === DEMO_STYLE_GUIDE_ID);
    expect(guide.payload.name).toBe('Demo Studio');
    const accounts = await waitForEvents(stack, UsersEvents.accountSaved, (p) => Object.values(DEMO_ACCOUNTS).some((a) => a.id === p.userId), Object.values(DEMO_ACCOUNTS).length);
    expect(accounts.map((e) => e.payload.email).sort()).toEqual(Object.values(DEMO_ACCOUNTS).map((a) => a.email).sort());
    const [children] = await waitForEvents(stack, UsersEvents.childAccountsChanged, (p) => p.userId === DEMO_ACCOUNTS.manager.id);
    expect(children.payload.childIds.sort()).toEqual([DEMO_ACCOUNTS.dealer.id, DEMO_ACCOUNTS.dealer2.id].sort());
  });

  it('seeding again at the next start changes nothing', async () => {
    const before = await eventCount();
    await stack.stopService('orders');
    await stack.startService('orders');
    expect((await all(admin)).length).toBe(DEMO_ORDERS.length);
    expect(await eventCount()).toBe(before);
    // and publishes nothing again
    await new Promise((r) => setTimeout(r, 1000));
    expect((await eventsOn(stack, OrdersEvents.created)).filter((e) => DEMO_ORDERS.some((o) => o.id === e.payload.orderId))).toHaveLength(DEMO_ORDERS.length);
    expect((await admin.get('/api/tags?entity=order&category=PRIORITY').expect(200)).body.total).toBe(1);
  });
});
