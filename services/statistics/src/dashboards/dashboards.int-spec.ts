import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { StatisticsRpc, type AccountWindowPayload, type Actor, type RpcDef } from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { connectNats, RpcCallError, RpcClient } from '@app/messaging';
import { startService } from '@app/service-kit';
import { actorFor, createTestDatabase, createTestNamespace, rpcStatus, testInfra, type TestDatabase, type TestNamespace } from '@app/testing';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { statisticsApp } from '../statistics.app';
import { StatisticsConfig } from '../statistics.config';

/**
 * The dashboards' questions against real PostgreSQL and NATS: the statistics service booted
 * alone, a small fixture of facts written with SQL (as the ingestion would have left them),
 * every question asked over NATS as the gateway asks it. The expected numbers are worked out by
 * hand from the fixture below, not by the same SQL.
 *
 * The fixture is laid around today (UTC) so that it means the same whatever the day: facts of
 * today, of 3, 5, 10, 35 and 40 days ago, of 400 days ago, and of the month three months back
 * (free of every other fact) for the monthly image-ratio charts.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
const T = (() => {
  const n = new Date();
  return Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate());
})();
const at = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => at(ms).slice(0, 10);
const endOfToday = at(T + DAY);
const endOfMonth = (() => {
  const n = new Date(T);
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + 1, 1)).toISOString();
})();
/** the month three months back, `YYYY-MM`, and a time in it */
const threeMonthsBack = (() => {
  const n = new Date(T);
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 3, 3, 10)).getTime();
})();
const lastMonth = (() => {
  const n = new Date(T);
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
})();
const thisMonth = at(T).slice(0, 7);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MGMT = id(1);
const D1 = id(11);
const D2 = id(12);
const D3 = id(13);
const D4 = id(14);
const D5 = id(15);
const QA1 = id(21);
const QA2 = id(22);
const S1 = id(31);
const S2 = id(32);
const G1 = id(41);
const G2 = id(42);
const TAG_CROP = id(51);
const TAG_COLOUR = id(52);
const UNKNOWN = id(99);
const o = (n: number) => id(100 + n);

const admin = actorFor('Admin');
const qa = actorFor('QA', { userId: QA1 });
const dealer = (userId: string, salesPersonId?: string): Actor => actorFor('Dealership', { userId, salesPersonId: salesPersonId ?? null });
const management = actorFor('Management', { userId: MGMT });

interface OrderFact {
  id: string;
  account: string;
  created: number;
  salesPerson?: string;
  styleGuide?: string;
  platform?: string;
  appVersion?: string;
  taken: number;
  status: string;
  /** minutes after creation */
  uploadCompleted?: number;
  inProgress?: number;
  qaStage?: number;
  firstQaPick?: number;
  delivering?: number;
  ready?: number;
  completed?: number;
  deleted?: boolean;
}

const ORDERS: OrderFact[] = [
  { id: o(1), account: D1, created: T + HOUR, salesPerson: S1, styleGuide: G1, platform: 'web', taken: 10, status: 'Completed', uploadCompleted: 10, inProgress: 10, qaStage: 40, firstQaPick: 50, ready: 70 },
  { id: o(2), account: D1, created: T + 2 * HOUR, salesPerson: S1, styleGuide: G1, platform: 'android', appVersion: '2.4.1', taken: 20, status: 'QA stage', uploadCompleted: 6, inProgress: 6, qaStage: 26, firstQaPick: 28 },
  { id: o(3), account: D1, created: T + 2 * HOUR + 5 * MIN, styleGuide: G2, platform: 'ios', appVersion: '2.5.0', taken: 30, status: 'Uploading' },
  // deleted: still uploaded history
  { id: o(4), account: D1, created: T - 10 * DAY + HOUR, salesPerson: S2, styleGuide: G1, platform: 'web', taken: 10, status: 'In Progress', uploadCompleted: 8, deleted: true },
  { id: o(5), account: D2, created: T + 3 * HOUR, styleGuide: G2, platform: 'android', appVersion: '2.4.1', taken: 12, status: 'Ready to download', uploadCompleted: 20, inProgress: 20, delivering: 60, ready: 90 },
  { id: o(6), account: D2, created: T - 35 * DAY, platform: 'web', taken: 5, status: 'Completed' },
  { id: o(11), account: D2, created: T - 40 * DAY, platform: 'web', taken: 5, status: 'Completed' },
  { id: o(7), account: D3, created: T + HOUR + 30 * MIN, platform: 'web', taken: 8, status: 'Completed', uploadCompleted: 4, qaStage: 5, completed: 9 },
  // D3's best week, long ago
  { id: o(8), account: D3, created: T - 400 * DAY, taken: 5, status: 'Completed' },
  { id: o(9), account: D3, created: T - 400 * DAY + HOUR, taken: 5, status: 'Completed' },
  { id: o(10), account: D3, created: T - 400 * DAY + 2 * HOUR, taken: 5, status: 'Completed' },
  // the month three months back: image ratios
  { id: o(12), account: D3, created: threeMonthsBack, taken: 10, status: 'Completed' },
  { id: o(13), account: D3, created: threeMonthsBack + HOUR, taken: 4, status: 'Completed' },
  { id: o(14), account: D3, created: threeMonthsBack + 2 * HOUR, taken: 10, status: 'Completed' },
  { id: o(15), account: D3, created: threeMonthsBack + 3 * HOUR, taken: 20, status: 'Completed' },
];

describe('statistics service: the dashboards\' questions', () => {
  let db: TestDatabase;
  let ns: TestNamespace;
  let service: INestMicroservice;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let eventNo = 0;

  const q = (text: string, params: unknown[] = []) => db.query(text.replace(/\bstat_/g, 'statistics.stat_'), params);

  async function account(accountId: string, role: string, name: string, extra: { created?: number; signIn?: number; lastOrder?: number } = {}) {
    await q(
      `INSERT INTO stat_account (id, user_role, display_name, email, created_at, last_sign_in_at, last_order_at, saved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())`,
      [accountId, role, name, `${name.toLowerCase().replace(/ /g, '.')}@example.test`, at(extra.created ?? T - 500 * DAY), extra.signIn === undefined ? null : at(extra.signIn), extra.lastOrder === undefined ? null : at(extra.lastOrder)],
    );
  }

  async function daily(metric: string, accountId: string, ms: number, count: number) {
    await q(
      `INSERT INTO stat_daily (metric, day, account_id, count) VALUES ($1, $2::date, $3, $4)
       ON CONFLICT (metric, day, account_id) DO UPDATE SET count = stat_daily.count + EXCLUDED.count`,
      [metric, dayOf(ms), accountId, count],
    );
  }

  async function order(f: OrderFact) {
    const t = (m?: number) => (m === undefined ? null : at(f.created + m * MIN));
    await q(
      `INSERT INTO stat_order (id, account_id, sales_person_id, style_guide_id, order_name, platform, app_version, taken_images, created_at, status,
                               status_at, upload_completed_at, in_progress_at, qa_stage_at, first_qa_pick_at, delivering_at, ready_at, completed_at, deleted_at)
       VALUES ($1, $2, $3, $4, 'Car', $5, $6, $7, $8, $9, $8, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [f.id, f.account, f.salesPerson ?? null, f.styleGuide ?? null, f.platform ?? null, f.appVersion ?? null, f.taken, at(f.created), f.status,
        t(f.uploadCompleted), t(f.inProgress), t(f.qaStage), t(f.firstQaPick), t(f.delivering), t(f.ready), t(f.completed), f.deleted ? at(T + 4 * HOUR) : null],
    );
    await daily('orders', f.account, f.created, 1);
  }

  async function event(orderId: string, accountId: string, name: string, ms: number, extra: { user?: string; userName?: string; image?: string; tag?: [string, string, string]; qaRole?: string } = {}) {
    await q(
      `INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, user_id, user_name, image_id, tag_id, tag_name, tag_category, qa_role, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id(10_000 + ++eventNo), orderId, accountId, name, extra.user ?? null, extra.userName ?? null, extra.image ?? null, extra.tag?.[0] ?? null, extra.tag?.[1] ?? null, extra.tag?.[2] ?? null, extra.qaRole ?? null, at(ms)],
    );
  }

  beforeAll(async () => {
    db = await createTestDatabase('stat_questions');
    ns = createTestNamespace('stat_questions');
    const config = loadConfig(StatisticsConfig, { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '4', NATS_URL: testInfra.natsUrl, NATS_NAMESPACE: ns.prefix, LOG_LEVEL: testInfra.logLevel });
    service = await startService(statisticsApp, config, { gracePeriodMs: 0, logger: createLogger('statistics', testInfra.logLevel) });
    nc = await connectNats(testInfra.natsUrl, 'stat-questions-test');
    rpc = new RpcClient(nc, ns.namespace, 10_000);

    await account(MGMT, 'Management', 'Group North', { signIn: T + HOUR });
    await account(D1, 'Dealership', 'Dealer One', { lastOrder: T + 2 * HOUR });
    await account(D2, 'Dealership', 'Dealer Two', { signIn: T - 20 * DAY + HOUR, lastOrder: T - 15 * DAY });
    await account(D3, 'Dealership', 'Dealer Three', { lastOrder: T + HOUR });
    await account(D4, 'Dealership', 'Dealer Four', { created: T - 100 * DAY });
    await account(D5, 'Dealership', 'Dealer Five', { created: T });
    await account(QA1, 'QA', 'Quinn Editor');
    await account(QA2, 'QA', 'Cora Coordinator');
    await q('INSERT INTO stat_account_child (parent_id, child_id) VALUES ($1, $2), ($1, $3)', [MGMT, D1, D2]);
    await q(`INSERT INTO stat_sales_person (id, account_id, name, deleted_at, saved_at) VALUES ($1, $3, 'Anna Seller', NULL, now()), ($2, $3, 'Bo Seller', now(), now())`, [S1, S2, D1]);
    await q(`INSERT INTO stat_style_guide (id, name, saved_at) VALUES ($1, 'Studio White', now()), ($2, 'Showroom Grey', now())`, [G1, G2]);
    for (const f of ORDERS) await order(f);

    // QA: Quinn picks o1 (twice) and o2 as editor, Cora picks o1 as coordinator
    await event(o(1), D1, 'QA_PICKED', T + HOUR + 50 * MIN, { user: QA1, userName: 'Quinn', qaRole: 'editor' });
    await event(o(1), D1, 'QA_PICKED', T + HOUR + 55 * MIN, { user: QA1, userName: 'Quinn', qaRole: 'editor' });
    await event(o(2), D1, 'QA_PICKED', T + 2 * HOUR + 28 * MIN, { user: QA1, userName: 'Quinn', qaRole: 'editor' });
    await event(o(1), D1, 'QA_PICKED', T + HOUR + 60 * MIN, { user: QA2, userName: 'Cora', qaRole: 'coordinator' });
    // a QA user whose account is gone: named by its latest pick
    await event(o(2), D1, 'QA_PICKED', T + 2 * HOUR + 20 * MIN, { user: id(23), userName: 'Gina Old', qaRole: 'editor' });
    await event(o(2), D1, 'QA_PICKED', T + 2 * HOUR + 21 * MIN, { user: id(23), userName: 'Gina Gone', qaRole: 'editor' });
    // declines with QA tags: "Bad crop" on o1 and o2, "Colour off" on o1
    await event(o(1), D1, 'IMAGE_DECLINED', T + HOUR + 52 * MIN, { user: QA1, image: id(901), tag: [TAG_CROP, 'Bad crop', 'QA_EDITOR'] });
    await event(o(2), D1, 'IMAGE_DECLINED', T + 2 * HOUR + 30 * MIN, { user: QA1, image: id(902), tag: [TAG_CROP, 'Bad crop', 'QA_EDITOR'] });
    await event(o(1), D1, 'IMAGE_DECLINED', T + HOUR + 62 * MIN, { user: QA2, image: id(903), tag: [TAG_COLOUR, 'Colour off', 'QA_COORDINATOR'] });
    // three months back: o12 3 of 10 images repushed (one twice), o13 all 4, o15 1 of 20 edited by QA
    for (const [n, img] of [[1, 1], [2, 2], [3, 3], [4, 3]]) await event(o(12), D3, 'IMAGE_REPUSHED', threeMonthsBack + n * MIN, { image: id(1200 + img) });
    for (const img of [1, 2, 3, 4]) await event(o(13), D3, 'IMAGE_REPUSHED', threeMonthsBack + HOUR + img * MIN, { image: id(1300 + img) });
    await event(o(15), D3, 'QA_UPLOADED_PICTURE', threeMonthsBack + 4 * HOUR, { image: id(1501) });

    // images processed: 4 of o1 today (hour 1), 2 three days ago
    for (let i = 0; i < 4; i++) await q('INSERT INTO stat_image_processed (job_id, image_id, order_id, route, processed_at) VALUES ($1, $2, $3, $4, $5)', [randomUUID(), randomUUID(), o(1), 'full', at(T + HOUR + 20 * MIN + i * MIN)]);
    for (let i = 0; i < 2; i++) await q('INSERT INTO stat_image_processed (job_id, image_id, order_id, route, processed_at) VALUES ($1, $2, $3, $4, $5)', [randomUUID(), randomUUID(), o(4), 'full', at(T - 3 * DAY + HOUR)]);
    await daily('images_processed', D1, T, 4);
    await daily('images_processed', D1, T - 3 * DAY, 2);
    // repushes counted per day: 3 today, 2 five days ago, 6 forty-five days ago
    await daily('event:IMAGE_REPUSHED', D1, T, 3);
    await daily('event:IMAGE_REPUSHED', D2, T - 5 * DAY, 2);
    await daily('event:IMAGE_REPUSHED', D3, T - 45 * DAY, 6);
  }, 120_000);

  afterAll(async () => {
    await nc?.close();
    await service?.close();
    await ns?.cleanup();
    await db?.drop();
  });

  const counts = (rows: Array<{ count: number }>) => rows.map((r) => r.count);
  /** a row of n zeros with the given values at their indexes */
  const withAt = (n: number, at: Record<number, number>) => Array.from({ length: n }, (_, i) => at[i] ?? 0);
  const weekday = (new Date(T).getUTCDay() + 6) % 7;

  describe('an account\'s uploaded cars', () => {
    it('counts a dealership\'s orders per hour today, per day this week and over the last 14 days (a deleted order still counts)', async () => {
      const today = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D1, timePeriod: 'day', timeFrame: 'current' }, dealer(D1));
      expect(counts(today.rows)).toEqual(withAt(24, { 1: 1, 2: 2 }));
      expect(today.rows[0].period).toBe(at(T));
      expect(today.total).toBe(3);
      const week = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D1, timePeriod: 'week' }, dealer(D1));
      expect(counts(week.rows)).toEqual(withAt(7, { [weekday]: 3 }));
      const fortnight = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D1, timePeriod: 'week', timeFrame: 'LAST_14_DAYS' }, dealer(D1));
      expect(counts(fortnight.rows)).toEqual(withAt(14, { 3: 1, 13: 3 }));
      // 4 orders in the last 30 days: 0.133 a day; none in the 30 before
      expect([fortnight.total, fortnight.average, fortnight.previousAverage, fortnight.currentWeek, fortnight.bestWeek]).toEqual([4, 0.1, 0, 3, 3]);
      expect(fortnight.expires).toBe(endOfToday);
    });

    it('a management account counts its children together; the best week is the best ever', async () => {
      const group = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: MGMT, timePeriod: 'week', timeFrame: 'LAST_14_DAYS' }, management);
      // o1–o5 in the last 30 days (0.167 a day), o6 and o11 in the 30 before (0.067)
      expect([group.total, group.average, group.previousAverage, group.currentWeek]).toEqual([5, 0.2, 0.1, 4]);
      const d3 = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D3, timePeriod: 'week' }, admin);
      // o12–o15 were made on one day three months back: 4, more than the 3 of 400 days ago
      expect([d3.currentWeek, d3.bestWeek]).toEqual([1, 4]);
    });

    it('orders per sales person: the account\'s own orders under its name, a deleted sales person still named', async () => {
      const r = await rpc.send(StatisticsRpc.ordersPerSalesMan, { accountId: D1, timeFrame: 'LAST_14_DAYS' }, dealer(D1, S1));
      expect(r.rows).toEqual([
        { salesManId: S1, salesMan_name: 'Anna Seller', totalorders: 2 },
        { salesManId: S2, salesMan_name: 'Bo Seller', totalorders: 1 },
        { salesManId: null, salesMan_name: 'Dealer One', totalorders: 1 },
      ]);
    });

    it('orders by dealership: one row per child account, most first', async () => {
      const r = await rpc.send(StatisticsRpc.ordersByDealership, { accountId: MGMT, timeFrame: 'LAST_14_DAYS' }, management);
      expect(r.rows).toEqual([
        { userId: D1, user_displayName: 'Dealer One', totalorders: 4 },
        { userId: D2, user_displayName: 'Dealer Two', totalorders: 1 },
      ]);
      // a dealership has no children: its own row
      const own = await rpc.send(StatisticsRpc.ordersByDealership, { accountId: D3, timeFrame: 'LAST_14_DAYS' }, admin);
      expect(own.rows).toEqual([{ userId: D3, user_displayName: 'Dealer Three', totalorders: 1 }]);
    });

    it('orders per style guide of the child accounts', async () => {
      const r = await rpc.send(StatisticsRpc.ordersPerStyleGuide, { accountId: MGMT, timeFrame: 'LAST_14_DAYS' }, management);
      expect(r.rows).toEqual([
        { styleGuideId: G1, style_guide_name: 'Studio White', total_orders: 3 },
        { styleGuideId: G2, style_guide_name: 'Showroom Grey', total_orders: 2 },
      ]);
    });

    it('an account with nothing: every bucket present and zero', async () => {
      const r = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D5, timePeriod: 'month' }, dealer(D5));
      expect(r.rows.length).toBeGreaterThanOrEqual(28);
      expect(r.rows.every((x) => x.count === 0)).toBe(true);
      expect([r.total, r.average, r.previousAverage, r.currentWeek, r.bestWeek]).toEqual([0, 0, 0, 0, 0]);
      const year = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D5 }, dealer(D5));
      expect(counts(year.rows)).toEqual(withAt(12, {}));
      const rowQuestions: Array<RpcDef<AccountWindowPayload, { rows: unknown[] }>> = [StatisticsRpc.ordersPerSalesMan, StatisticsRpc.ordersPerStyleGuide];
      for (const def of rowQuestions) {
        expect((await rpc.send(def, { accountId: D5 }, dealer(D5))).rows).toEqual([]);
      }
      expect((await rpc.send(StatisticsRpc.ordersByDealership, { accountId: D5 }, dealer(D5))).rows).toEqual([{ userId: D5, user_displayName: 'Dealer Five', totalorders: 0 }]);
      expect(await rpc.send(StatisticsRpc.averageImagesPerCar, {}, dealer(D5))).toEqual({ avg: 0, averageImagesPerDay: 0, expires: endOfToday });
    });
  });

  describe('who may ask', () => {
    it('a dealership asking about another account, or management about an account not its child: 404', async () => {
      const accountQuestions: Array<RpcDef<AccountWindowPayload, unknown>> = [StatisticsRpc.dealershipOrders, StatisticsRpc.ordersPerSalesMan, StatisticsRpc.ordersByDealership, StatisticsRpc.ordersPerStyleGuide];
      for (const def of accountQuestions) {
        expect(await rpcStatus(() => rpc.send(def, { accountId: D2 }, dealer(D1)))).toBe(404);
        expect(await rpcStatus(() => rpc.send(def, { accountId: MGMT }, dealer(D1)))).toBe(404);
        expect(await rpcStatus(() => rpc.send(def, { accountId: D3 }, management))).toBe(404);
        expect(await rpcStatus(() => rpc.send(def, { accountId: UNKNOWN }, admin))).toBe(404);
        expect(await rpcStatus(() => rpc.send(def, { accountId: D1 }, qa))).toBe(403);
      }
    });

    it('management sees a child on its own; the admin sees any account', async () => {
      const child = await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D2, timeFrame: 'LAST_14_DAYS' }, management);
      expect(child.total).toBe(1);
      expect((await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D3, timeFrame: 'LAST_14_DAYS' }, admin)).total).toBe(1);
    });

    it('the admin\'s questions refuse dealerships, management and (outside QA\'s work) QA with 403', async () => {
      const adminOnly = [
        () => rpc.send(StatisticsRpc.devices, {}, dealer(D1)),
        () => rpc.send(StatisticsRpc.appVersions, {}, management),
        () => rpc.send(StatisticsRpc.ordersPerPeriod, {}, qa),
        () => rpc.send(StatisticsRpc.imagesPerPeriod, {}, dealer(D1)),
        () => rpc.send(StatisticsRpc.orderTimeline, {}, management),
        () => rpc.send(StatisticsRpc.ordersByStatus, {}, qa),
        () => rpc.send(StatisticsRpc.inactiveUsers, {}, dealer(D1)),
        () => rpc.send(StatisticsRpc.qaActivities, {}, management),
        () => rpc.send(StatisticsRpc.repushedImages, {}, dealer(D1)),
        () => rpc.send(StatisticsRpc.totalEvents, {}, management),
        () => rpc.send(StatisticsRpc.flawlessOrders, {}, dealer(D1)),
        () => rpc.send(StatisticsRpc.qaServiceLevels, {}, management),
      ];
      for (const [i, call] of adminOnly.entries()) expect([i, await rpcStatus(call)]).toEqual([i, 403]);
      expect(await rpcStatus(() => rpc.send(StatisticsRpc.qaActivities, {}, qa))).toBe(200);
      expect(await rpcStatus(() => rpc.send(StatisticsRpc.flawlessOrders, {}, qa))).toBe(200);
    });

    it('bad input is 400 with a clear message', async () => {
      const message = async (run: () => Promise<unknown>) => {
        try {
          await run();
          return 'answered';
        } catch (err) {
          return err instanceof RpcCallError ? `${err.status} ${err.message}` : String(err);
        }
      };
      expect(await message(() => rpc.send(StatisticsRpc.repushedImages, { timeStamp: '2022-12' }, admin))).toBe('400 timeStamp must be a month from 2023-01 to last month (YYYY-MM)');
      expect(await message(() => rpc.send(StatisticsRpc.editedImages, { timeStamp: thisMonth }, admin))).toBe('400 timeStamp must be a month from 2023-01 to last month (YYYY-MM)');
      expect(await message(() => rpc.send(StatisticsRpc.qaServiceLevels, { weeks: 0 }, admin))).toBe('400 weeks must not be less than 1');
      expect(await message(() => rpc.send(StatisticsRpc.qaServiceLevels, { weeks: 53 }, admin))).toBe('400 weeks must not be greater than 52');
      expect(await message(() => rpc.send(StatisticsRpc.inactiveUsers, { page: 0 }, admin))).toMatch(/^400 page must not be less than 1/);
      expect(await message(() => rpc.send(StatisticsRpc.devices, { timeFrame: 'NEXT_YEAR' as never }, admin))).toMatch(/^400 .*timeFrame/);
      expect(await message(() => rpc.send(StatisticsRpc.dealershipOrders, { accountId: 'not-a-uuid' }, admin))).toMatch(/^400 .*accountId/);
    });
  });

  describe('the admin\'s questions', () => {
    it('devices and app versions of the orders made in the window', async () => {
      expect(await rpc.send(StatisticsRpc.devices, { timeFrame: 'LAST_14_DAYS' }, admin)).toEqual({ mobile: 3, webApp: 3, expires: endOfToday });
      expect((await rpc.send(StatisticsRpc.appVersions, { timeFrame: 'LAST_14_DAYS' }, admin)).rows).toEqual([
        { appVersion: '2.4.1', count: 2 },
        { appVersion: '2.5.0', count: 1 },
      ]);
    });

    it('orders and images per period, with the 30-day averages', async () => {
      const orders = await rpc.send(StatisticsRpc.ordersPerPeriod, { timePeriod: 'day' }, admin);
      expect(counts(orders.rows)).toEqual(withAt(24, { 1: 2, 2: 2, 3: 1 }));
      // 6 orders in the last 30 days (0.2 a day), 2 in the 30 before (0.067)
      expect([orders.total, orders.average, orders.previousAverage]).toEqual([5, 0.2, 0.1]);
      const images = await rpc.send(StatisticsRpc.imagesPerPeriod, { timePeriod: 'day' }, admin);
      expect(counts(images.rows)).toEqual(withAt(24, { 1: 4 }));
      expect([images.total, images.average, images.previousAverage]).toEqual([4, 0.2, 0]);
      const fortnight = await rpc.send(StatisticsRpc.imagesPerPeriod, { timePeriod: 'week', timeFrame: 'LAST_14_DAYS' }, admin);
      expect(counts(fortnight.rows)).toEqual(withAt(14, { 10: 2, 13: 4 }));
    });

    it('average images per car and per day, for the admin and for one dealership', async () => {
      // (10 + 20 + 30 + 10 + 12 + 8) / 6 orders; 6 images processed in 14 days
      expect(await rpc.send(StatisticsRpc.averageImagesPerCar, { timeFrame: 'LAST_14_DAYS' }, admin)).toEqual({ avg: 15, averageImagesPerDay: 0.4, expires: endOfToday });
      expect(await rpc.send(StatisticsRpc.averageImagesPerCar, { timeFrame: 'LAST_14_DAYS' }, dealer(D2))).toEqual({ avg: 12, averageImagesPerDay: 0, expires: endOfToday });
    });

    it('orders by status now, per day of the last 14', async () => {
      const r = await rpc.send(StatisticsRpc.ordersByStatus, { timePeriod: 'week', timeFrame: 'LAST_14_DAYS' }, admin);
      expect(r.rows).toHaveLength(14);
      expect(r.rows[13]).toEqual({ period: at(T), uploading: 1, inProgress: 0, qaStage: 1, finished: 3 });
      expect(r.rows[3]).toEqual({ period: at(T - 10 * DAY), uploading: 0, inProgress: 1, qaStage: 0, finished: 0 });
      expect([r.uploading, r.inProgress, r.qaStage, r.finished]).toEqual([1, 1, 1, 3]);
      const empty = await rpc.send(StatisticsRpc.ordersByStatus, { timePeriod: 'day', timeFrame: 'YESTERDAY' }, admin);
      expect(empty.rows).toHaveLength(24);
      expect([empty.uploading, empty.inProgress, empty.qaStage, empty.finished, empty.rows.every((x) => x.finished + x.uploading === 0)]).toEqual([0, 0, 0, 0, true]);
    });

    it('stage times of the orders of each of the last 14 days', async () => {
      const r = await rpc.send(StatisticsRpc.orderTimeline, {}, admin);
      expect(r.rows).toHaveLength(14);
      expect(r.rows[13]).toEqual({
        period: at(T),
        // upload: 10, 6, 20, 4 minutes; in progress: 30, 20, 40, 1; QA: 30 (o1), 4 (o7); delivery: 30 (o5)
        averageUploadMinutes: 10,
        averageInProgressMinutes: 22.8,
        averageQaStageMinutes: 17,
        averageDeliveryMinutes: 30,
        totalOrders: 5,
      });
      expect(r.rows[3]).toEqual({ period: at(T - 10 * DAY), averageUploadMinutes: 8, averageInProgressMinutes: null, averageQaStageMinutes: null, averageDeliveryMinutes: null, totalOrders: 1 });
      expect(r.rows[12]).toEqual({ period: at(T - DAY), averageUploadMinutes: null, averageInProgressMinutes: null, averageQaStageMinutes: null, averageDeliveryMinutes: null, totalOrders: 0 });
      const weeks = await rpc.send(StatisticsRpc.orderTimeline, { timeLineStep: 'week' }, admin);
      expect(weeks.rows).toHaveLength(14);
      expect(weeks.rows[13].period).toBe(at(T - weekday * DAY));
    });

    it('inactive accounts: no sign-in and no order for 14, 20 or 30 days, newest accounts and staff left out', async () => {
      const r14 = await rpc.send(StatisticsRpc.inactiveUsers, {}, admin);
      expect([r14.count, r14.results.map((x) => x.displayName)]).toEqual([2, ['Dealer Four', 'Dealer Two']]);
      expect(r14.results[1]).toEqual({ userId: D2, displayName: 'Dealer Two', email: 'dealer.two@example.test', userRole: 'Dealership', lastSignInAt: at(T - 20 * DAY + HOUR), lastOrderAt: at(T - 15 * DAY) });
      const r20 = await rpc.send(StatisticsRpc.inactiveUsers, { timeFrame: 20 }, admin);
      expect([r20.count, r20.results.map((x) => x.displayName)]).toEqual([1, ['Dealer Four']]);
      const page2 = await rpc.send(StatisticsRpc.inactiveUsers, { page: 2 }, admin);
      expect([page2.count, page2.results]).toEqual([2, []]);
    });
  });

  describe('QA\'s work', () => {
    it('orders picked per QA user, orders per QA tag, minutes from pick to leaving QA', async () => {
      const r = await rpc.send(StatisticsRpc.qaActivities, { timeFrame: 'LAST_14_DAYS' }, qa);
      expect(r.users).toEqual([
        { userId: QA1, user_displayName: 'Quinn Editor', role: 'QA_EDITOR', totalorders: 2 },
        { userId: id(23), user_displayName: 'Gina Gone', role: 'QA_EDITOR', totalorders: 1 },
        { userId: QA2, user_displayName: 'Cora Coordinator', role: 'QA_COORDINATOR', totalorders: 1 },
      ]);
      expect(r.tags).toEqual([
        { tagId: TAG_CROP, tags_name: 'Bad crop', totalorderswithevents: 2 },
        { tagId: TAG_COLOUR, tags_name: 'Colour off', totalorderswithevents: 1 },
      ]);
      expect(r.averageMinutesPerOrder).toBe(20);
      const coordinator = await rpc.send(StatisticsRpc.qaActivities, { timeFrame: 'LAST_14_DAYS', tagCategoryFromQA: 'QA_COORDINATOR' }, admin);
      expect(coordinator.tags).toEqual([{ tagId: TAG_COLOUR, tags_name: 'Colour off', totalorderswithevents: 1 }]);
      const empty = await rpc.send(StatisticsRpc.qaActivities, { timePeriod: 'day', timeFrame: 'YESTERDAY' }, admin);
      expect([empty.users, empty.tags, empty.averageMinutesPerOrder]).toEqual([[], [], null]);
    });

    it('repushed and edited images per order of a month, in steps of 10 %, kept until the end of the month', async () => {
      const month = at(threeMonthsBack).slice(0, 7);
      const repushed = await rpc.send(StatisticsRpc.repushedImages, { timeStamp: month }, admin);
      // o12: 3 of 10 → 30 %; o13: 4 of 4 → 100 %, counted in 90
      expect(repushed).toEqual({
        month,
        rows: withAt(10, { 3: 1, 9: 1 }).map((n, i) => ({ percentage: i * 10, total_orders: n })),
        ordersWithImages: 2,
        total_orders: 4,
        expires: endOfMonth,
      });
      const edited = await rpc.send(StatisticsRpc.editedImages, { timeStamp: month }, qa);
      expect([edited.rows[0], edited.ordersWithImages, edited.total_orders]).toEqual([{ percentage: 0, total_orders: 1 }, 1, 4]);
      expect((await rpc.send(StatisticsRpc.repushedImages, {}, admin)).month).toBe(lastMonth);
    });

    it('timeline events per day over the last 30 days', async () => {
      const r = await rpc.send(StatisticsRpc.totalEvents, {}, admin);
      expect(r.eventName).toBe('IMAGE_REPUSHED');
      expect(r.rows.map((x) => x.total_events)).toEqual(withAt(30, { 24: 2, 29: 3 }));
      expect([r.rows[29].day, r.total, r.average, r.previousAverage]).toEqual([dayOf(T), 5, 0.2, 0.2]);
      const none = await rpc.send(StatisticsRpc.totalEvents, { eventName: 'DELIVERED' }, admin);
      expect([none.rows.length, none.total, none.average, none.previousAverage]).toEqual([30, 0, 0, 0]);
    });

    it('flawless orders against orders with flaws, of those that left QA', async () => {
      expect(await rpc.send(StatisticsRpc.flawlessOrders, { timeFrame: 'LAST_14_DAYS' }, admin)).toEqual({ totalFlawlessOrders: 1, totalOrdersWithFlaws: 1, expires: endOfToday });
      expect(await rpc.send(StatisticsRpc.flawlessOrders, { timeFrame: 'YESTERDAY' }, admin)).toEqual({ totalFlawlessOrders: 0, totalOrdersWithFlaws: 0, expires: endOfToday });
    });

    it('service levels per week: median and p90 minutes to Ready to download, share within the promise', async () => {
      const r = await rpc.send(StatisticsRpc.qaServiceLevels, { weeks: 2 }, admin);
      const monday = T - weekday * DAY;
      expect(r.rows).toEqual([
        { week: at(monday - 7 * DAY), orders: 0, medianMinutes: null, p90Minutes: null, withinPromise: null },
        // o1 ready after 70 minutes, o5 after 90
        { week: at(monday), orders: 2, medianMinutes: 80, p90Minutes: 88, withinPromise: 1 },
      ]);
    });
  });

  describe('answers as the facts are now', () => {
    it('an order that arrives is in the next answer; another tenant still gets only its own numbers', async () => {
      const first = await rpc.send(StatisticsRpc.averageImagesPerCar, { timeFrame: 'LAST_14_DAYS' }, dealer(D1));
      // (10 + 20 + 30 + 10) / 4; the web app may keep it until the end of the day
      expect(first).toEqual({ avg: 17.5, averageImagesPerDay: 0.4, expires: endOfToday });
      expect(await rpc.send(StatisticsRpc.averageImagesPerCar, { timeFrame: 'LAST_14_DAYS' }, dealer(D3))).toEqual({ avg: 8, averageImagesPerDay: 0, expires: endOfToday });
      const today = { accountId: D1, timePeriod: 'day', timeFrame: 'TODAY' } as const;
      expect((await rpc.send(StatisticsRpc.dealershipOrders, today, dealer(D1))).total).toBe(3);
      expect((await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D1, timeFrame: 'LAST_14_DAYS' }, dealer(D1))).total).toBe(4);

      // a new order of D1 arrives: the same questions, asked again, count it
      await order({ id: o(16), account: D1, created: T + 4 * HOUR, taken: 30, status: 'Uploading' });
      expect(await rpc.send(StatisticsRpc.averageImagesPerCar, { timeFrame: 'LAST_14_DAYS' }, dealer(D1))).toEqual({ avg: 20, averageImagesPerDay: 0.4, expires: endOfToday });
      const now = await rpc.send(StatisticsRpc.dealershipOrders, today, dealer(D1));
      expect([now.total, now.rows[4].count]).toEqual([4, 1]);
      expect((await rpc.send(StatisticsRpc.dealershipOrders, { accountId: D1, timeFrame: 'LAST_14_DAYS' }, dealer(D1))).total).toBe(5);
      expect((await rpc.send(StatisticsRpc.dealershipOrders, { accountId: MGMT }, management)).total).toBeGreaterThanOrEqual(5);
      // D3 asking the same question is not given D1's
      expect(await rpc.send(StatisticsRpc.averageImagesPerCar, { timeFrame: 'LAST_14_DAYS' }, dealer(D3))).toEqual({ avg: 8, averageImagesPerDay: 0, expires: endOfToday });
    });

    it('flawless orders and QA picks agree across every window that holds the same orders, before and after a flaw or a pick arrives', async () => {
      // the orders that left QA (o1 declined, o7 clean) and every pick are of today: each window holding today counts them alike
      const windows = [{}, { timePeriod: 'month' }, { timePeriod: 'month', timeFrame: 'current' }, { timeFrame: 'THIS_MONTH' }, { timeFrame: 'LAST_30_DAYS' }, { timeFrame: 'LAST_14_DAYS' }, { timePeriod: 'day', timeFrame: 'TODAY' }] as const;
      const flawless = () => Promise.all(windows.map(async (w) => { const r = await rpc.send(StatisticsRpc.flawlessOrders, w, qa); return [r.totalFlawlessOrders, r.totalOrdersWithFlaws]; }));
      const picks = () =>
        Promise.all(windows.map(async (w) => (await rpc.send(StatisticsRpc.qaActivities, w, qa)).users.map((u) => [u.user_displayName, u.role, u.totalorders])));
      expect(await flawless()).toEqual(windows.map(() => [1, 1]));
      const before = [
        ['Quinn Editor', 'QA_EDITOR', 2],
        ['Gina Gone', 'QA_EDITOR', 1],
        ['Cora Coordinator', 'QA_COORDINATOR', 1],
      ];
      expect(await picks()).toEqual(windows.map(() => before));

      // o7 gets a repushed picture, and Cora picks o2 as coordinator: every window, the default first, counts both at once
      await event(o(7), D3, 'IMAGE_REPUSHED', T + 3 * HOUR, { image: id(701) });
      await event(o(2), D1, 'QA_PICKED', T + 3 * HOUR, { user: QA2, userName: 'Cora', qaRole: 'coordinator' });
      expect(await flawless()).toEqual(windows.map(() => [0, 2]));
      expect(await picks()).toEqual(windows.map(() => [before[0], before[1], ['Cora Coordinator', 'QA_COORDINATOR', 2]]));
      // yesterday holds none of them
      expect(await rpc.send(StatisticsRpc.flawlessOrders, { timePeriod: 'day', timeFrame: 'YESTERDAY' }, qa)).toMatchObject({ totalFlawlessOrders: 0, totalOrdersWithFlaws: 0 });
    });
  });
});
