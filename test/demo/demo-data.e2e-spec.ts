import { SERVICE_NAMES } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD, DEMO_STYLE_GUIDE_ID } from '@app/seeding';
import { demoPicturesStored, signIn, startTestStack, type TestStack } from '../support';


/** What `make dev` seeds (SEED_DEMO_DATA=true), so a new user can work at once. */
describe('demo data of make dev', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // The pipeline stays off: what it makes of the demo pictures is not what these tests read,
    // and in this one process its burst could make a sign-in miss the RPC deadline on a busy
    // machine. The demo pictures are drawn at boot in the background; the tests start once
    // all of them are stored, for the same reason.
    const services = SERVICE_NAMES.filter((name) => name !== 'pipeline');
    stack = await startTestStack({ label: 'demo', services, env: { SEED_DEMO_DATA: 'true' } });
    await demoPicturesStored(stack, 240_000, 500);
  }, 300_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('every demo account signs in with the README password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const session = await signIn(stack, account.email, DEMO_PASSWORD);
      expect(session.user).toMatchObject({ email: account.email, userRole: account.userRole });
    }
    const sales = await signIn(stack, 'anna.sales@demo.test', DEMO_PASSWORD);
    expect(sales.user.loggedInSalesPersonInfo?.name).toBe('Anna Sales');
  });

  it('each demo dealership has a sales person to create orders with', async () => {
    for (const account of [DEMO_ACCOUNTS.dealer, DEMO_ACCOUNTS.dealer2]) {
      const session = await signIn(stack, account.email, DEMO_PASSWORD);
      const people = await session.get(`/api/salesman/user/${account.id}/all`).expect(200);
      expect(people.body.length).toBeGreaterThan(0);
    }
  });

  it('the demo dealer has Demo Studio with a logo, background, floor and eight positions', async () => {
    const dealer = await signIn(stack, DEMO_ACCOUNTS.dealer.email, DEMO_PASSWORD);
    const list = await dealer.get('/api/style-guides').expect(200);
    expect(list.body.items.map((g: { name: string }) => g.name)).toEqual(['Demo Studio']);
    const guide = await dealer.get(`/api/style-guides/${DEMO_STYLE_GUIDE_ID}`).expect(200);
    expect(guide.body.configurations).toHaveLength(8);
    expect(guide.body.configurations.every((c: { angle: { defaultAngleOverlay: { url: string } } }) => c.angle.defaultAngleOverlay.url)).toBe(true);
    for (const slot of ['logo', 'background', 'floor'] as const) {
      const res = await fetch(guide.body.media[slot].url);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    const angles = await dealer.get('/api/angle/angleNames').expect(200);
    expect(angles.body.length).toBeGreaterThanOrEqual(13);
    expect((await dealer.get('/api/car-types').expect(200)).body.total).toBe(4);
  });

  it('management sees both dealerships as child accounts', async () => {
    const manager = await signIn(stack, DEMO_ACCOUNTS.manager.email, DEMO_PASSWORD);
    const children = await manager.get(`/api/users/childAccounts/${DEMO_ACCOUNTS.manager.id}/1`).expect(200);
    expect(children.body.items.map((c: { email: string }) => c.email).sort()).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
  });

  it("the demo dealer's phone and Anna's get the admin's push notification about its order", async () => {
    const admin = await signIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    const order = DEMO_ORDERS.find((o) => o.accountId === DEMO_ACCOUNTS.dealer.id)!;
    const sent = await admin.post('/api/mobile/send-push-notification').send({ title: 'Photos ready', body: 'Your photos are ready', orderId: order.id }).expect(201);
    expect(sent.body.devicesReached).toBe(2);
    expect((await stack.pushes()).map((p) => p.message.token).sort()).toEqual(['demo-phone-anna-sales', 'demo-phone-nordic-auto']);
  });

  it('seeding again at the next start changes nothing', async () => {
    await stack.stopService('style-guides');
    await stack.stopService('users');
    await stack.startService('users');
    await stack.startService('style-guides');
    const admin = await signIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    expect((await admin.get('/api/style-guides').expect(200)).body.total).toBe(1);
    expect((await admin.get('/api/users').expect(200)).body.total).toBe(6);
  });
});
