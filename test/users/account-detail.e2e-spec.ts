import { Namespace, OrdersEvents, OrdersRpc, systemActor, type Paged, type UserDetailView, type UserListItem } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { testInfra, waitFor } from '@app/testing';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { LastOrderBackfill } from '../../services/users/src/accounts/last-order.consumer';
import {
  createAccount,
  createDealership,
  createOrder,
  createStyleGuide,
  publishEvent,
  signedInAs,
  signIn,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An account's detail (`GET /api/users/{id}`) with its style guides and sales people, its last
 * order date kept from the orders' events (and learnt once from the orders service for the
 * orders from before), and the accounts list's creation dates.
 */
describe('the account detail, its last order and the creation dates', () => {
  const stack = useTestStack({ label: 'account-detail', services: ['users', 'orders', 'style-guides'] });
  let nc: NatsConnection;
  let rpc: RpcClient;
  let admin: UserSession;
  let asDealerA: UserSession;
  let asDealerB: UserSession;
  let asManager: UserSession;
  let dealerA: TestAccount;
  let dealerB: TestAccount;
  let guide: { id: string; name: string };
  let annaId: string;

  const detail = async (session: UserSession, id: string): Promise<UserDetailView> => (await session.get(`/api/users/${id}`).expect(200)).body;

  beforeAll(async () => {
    nc = await connectNats(testInfra.natsUrl, 'account-detail-test');
    rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 10_000);
    ({ account: dealerA, session: asDealerA, salesPersonId: annaId } = await createDealership(stack, {}, 'Anna Sales'));
    dealerB = await createAccount(stack, { role: 'Dealership' });
    const manager = await createAccount(stack, { role: 'Management', children: [dealerA.id] });
    admin = await signedInAs(stack, { role: 'Admin' });
    [asDealerB, asManager] = await Promise.all([signIn(stack, dealerB.email), signIn(stack, manager.email)]);
    guide = await createStyleGuide(admin, { assignTo: [dealerA.id] });
  });

  afterAll(async () => {
    await nc?.close();
  });

  describe('GET /api/users/{id}', () => {
    it('embeds the style guides and the sales people of the account, for whoever may read it', async () => {
      for (const session of [admin, asDealerA, asManager]) {
        const a = await detail(session, dealerA.id);
        expect(a.id).toBe(dealerA.id);
        expect(a.styleGuides.map((g) => [g.id, g.name])).toEqual([[guide.id, guide.name]]);
        expect(a.salesMan.map((p) => [p.id, p.name, p.userId])).toEqual([[annaId, 'Anna Sales', dealerA.id]]);
      }
      const b = await detail(asDealerB, dealerB.id);
      expect(b.styleGuides).toEqual([]);
      expect(b.salesMan).toEqual([]);
    });

    it('answers 404 for another tenant\'s account, and shows none of its lists', async () => {
      const res = await asDealerB.get(`/api/users/${dealerA.id}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'User not found' });
      await asManager.get(`/api/users/${dealerB.id}`).expect(404);
    });
  });

  describe('last_order_date', () => {
    it('is null until the account orders, then the newest order\'s time, and counts days from it when read', async () => {
      expect(await detail(admin, dealerA.id)).toMatchObject({ last_order_date: null, days_since_last_order: null });
      await createOrder(asDealerA, { styleGuide: guide.id, salesMan: annaId });
      const newest = await createOrder(asDealerA, { styleGuide: guide.id, salesMan: annaId });
      const seen = await waitFor(async () => {
        const a = await detail(admin, dealerA.id);
        return a.last_order_date === newest.createdAt && a;
      }, 'the newest order as the last order date');
      expect(seen.days_since_last_order).toBe(0);
      // the account itself and its parent read the same
      expect(await detail(asDealerA, dealerA.id)).toMatchObject({ last_order_date: newest.createdAt, days_since_last_order: 0 });
      expect(await detail(asManager, dealerA.id)).toMatchObject({ last_order_date: newest.createdAt });
      // another account's orders change nothing here
      expect(await detail(admin, dealerB.id)).toMatchObject({ last_order_date: null });
    });

    it('keeps the latest when an older order\'s event arrives late or again', async () => {
      const before = (await detail(admin, dealerA.id)).last_order_date;
      expect(before).not.toBeNull();
      const old = new Date(Date.now() - 30 * DAY_MS).toISOString();
      const event = { orderId: randomUUID(), accountId: dealerA.id, styleGuideId: guide.id, platform: 'web' as const, takenImagesCount: 3, createdAt: old };
      await publishEvent(stack, OrdersEvents.created, event);
      // a later event of another account is the sign the consumer got past the old one
      const later = new Date().toISOString();
      await publishEvent(stack, OrdersEvents.created, { ...event, orderId: randomUUID(), accountId: dealerB.id, createdAt: later });
      await waitFor(async () => (await detail(admin, dealerB.id)).last_order_date === later, 'the later event applied');
      expect((await detail(admin, dealerA.id)).last_order_date).toBe(before);
    });

    it('counts whole days since the last order on the day it is read', async () => {
      const quiet = await createAccount(stack, { role: 'Dealership' });
      await stack.db.query(`UPDATE users.user_account SET last_order_date = now() - interval '12 days 1 hour' WHERE id = $1`, [quiet.id]);
      expect((await detail(admin, quiet.id)).days_since_last_order).toBe(12);
    });

    it('learns the orders from before its events once, from the orders service', async () => {
      const older = await createAccount(stack, { role: 'Dealership' });
      const at = new Date(Date.now() - 40 * DAY_MS);
      // orders written straight into the orders schema publish no event: as orders from before the consumer
      await createOrder(stack, { accountId: older.id, createdAt: new Date(at.getTime() - DAY_MS) });
      await createOrder(stack, { accountId: older.id, createdAt: at });
      expect((await detail(admin, older.id)).last_order_date).toBeNull();

      const backfill = stack.services.users!.get(LastOrderBackfill);
      // this installation's backfill already ran at start: nothing to do
      await waitFor(async () => (await stack.db.query('SELECT 1 FROM users.last_order_backfill WHERE done_at IS NOT NULL')).length === 1, 'the first backfill done');
      expect(await backfill.run()).toBeNull();

      await stack.db.query('UPDATE users.last_order_backfill SET done_at = NULL');
      expect(await backfill.run()).toBeGreaterThanOrEqual(2);
      expect(await detail(admin, older.id)).toMatchObject({ last_order_date: at.toISOString(), days_since_last_order: 40 });
      // a later date the events gave is kept over the orders service's
      expect((await detail(admin, dealerA.id)).last_order_date).not.toBeNull();
      expect(await backfill.run()).toBeNull();
    });

    it('is asked of the orders service by the system alone', async () => {
      const actor = { userId: dealerA.id, role: 'Dealership' as const, permissions: [], requestId: randomUUID() };
      await expect(rpc.send(OrdersRpc.lastOrderDates, {}, actor)).rejects.toMatchObject({ status: 403 });
      const all = await rpc.send(OrdersRpc.lastOrderDates, { limit: 5000 }, systemActor(randomUUID()));
      expect(all.find((r) => r.accountId === dealerA.id)).toBeDefined();
      expect(all.map((r) => r.accountId)).toEqual([...all.map((r) => r.accountId)].sort());
    });
  });

  describe('GET /api/users?from&to: accounts by creation date', () => {
    const today = () => new Date().toISOString().slice(0, 10);
    const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
    const ids = async (session: UserSession, query: string) => ((await session.get(`/api/users${query}`).expect(200)).body as Paged<UserListItem>).items.map((u) => u.id);

    it('holds the accounts created from the first day to the end of the last', async () => {
      const fresh = await createAccount(stack, { role: 'Dealership' });
      await stack.db.query(`UPDATE users.user_account SET created_at = now() - interval '20 days' WHERE id = $1`, [fresh.id]);
      const twentyDaysAgo = dayOffset(-20);
      expect(await ids(admin, `?userRole=Dealership&from=${twentyDaysAgo}&to=${twentyDaysAgo}`)).toContain(fresh.id);
      expect(await ids(admin, `?userRole=Dealership&from=${dayOffset(-14)}`)).not.toContain(fresh.id);
      expect(await ids(admin, `?userRole=Dealership&from=${dayOffset(-14)}`)).toContain(dealerB.id);
      expect(await ids(admin, `?userRole=Dealership&to=${dayOffset(-1)}`)).not.toContain(dealerB.id);
      expect(await ids(admin, `?userRole=Dealership&to=${today()}`)).toContain(dealerB.id);
    });

    it('keeps a dealership to itself whatever the dates', async () => {
      expect(await ids(asDealerB, `?from=${dayOffset(-3650)}&to=${dayOffset(1)}`)).toEqual([dealerB.id]);
    });

    it('answers 400 with a sentence for a date that is not one, or a from after the to', async () => {
      const bad = await admin.get('/api/users?from=2026-13-45').expect(400);
      expect(JSON.stringify(bad.body.message)).toMatch(/from/);
      const reversed = await admin.get(`/api/users?from=${today()}&to=${dayOffset(-2)}`).expect(400);
      expect(reversed.body).toEqual({ statusCode: 400, message: 'from must not be later than to' });
      await admin.get(`/api/users/customers?from=${dayOffset(-14)}`).expect(200);
    });
  });
});
