import type { OrderEventView, OrderListItem } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD, DEMO_STYLE_GUIDE_ID } from '@app/seeding';
import { signIn, startTestStack, type TestStack, type UserSession } from '../support';

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

  it('seeding again at the next start changes nothing', async () => {
    const before = await eventCount();
    await stack.stopService('orders');
    await stack.startService('orders');
    expect((await all(admin)).length).toBe(DEMO_ORDERS.length);
    expect(await eventCount()).toBe(before);
    expect((await admin.get('/api/tags?entity=order&category=PRIORITY').expect(200)).body.total).toBe(1);
  });
});
