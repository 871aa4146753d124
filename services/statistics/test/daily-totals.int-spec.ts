import { randomUUID } from 'node:crypto';
import { OrdersEvents, PipelineEvents, StatisticsRpc, UsersEvents } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { actorFor } from '@app/testing';
import { imageProcessed, orderCreated, statusChanged, timelineLine } from './helpers/events';
import { createStatisticsTestbed, type StatisticsTestbed } from './helpers/statistics-testbed';

/**
 * The totals per day over every account (`stat_daily_all`) that the admin's and QA's questions
 * read, kept by the fact tables' triggers as the consumer applies events: counted once whatever
 * is replayed, right whatever order the events arrive in, and an account's share gone with it.
 * Each test works on a day of its own.
 */
describe('statistics totals per day over every account', () => {
  let bed: StatisticsTestbed;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => bed.db.query<T>(sql, params);
  /** a time on day `d` (0: 2026-10-01), `minutes` after 08:00 UTC */
  const on = (d: number, minutes: number) => new Date(Date.UTC(2026, 9, 1 + d, 8, 0, 0) + minutes * 60_000).toISOString();
  const dayOf = (d: number) => on(d, 0).slice(0, 10);

  beforeAll(async () => {
    bed = await createStatisticsTestbed('stat_totals');
    await bed.start();
  });

  afterAll(async () => {
    await bed?.close();
  });

  /** the day's totals that are not zero, by metric */
  async function totals(d: number): Promise<Record<string, [number, number]>> {
    const rows = await q<{ metric: string; count: number; minutes: number }>(
      `SELECT metric, count::int, minutes FROM statistics.stat_daily_all WHERE day = $1::date AND (count <> 0 OR minutes <> 0) ORDER BY metric`,
      [dayOf(d)],
    );
    return Object.fromEntries(rows.map((r) => [r.metric, [r.count, Math.round(r.minutes * 1000) / 1000]]));
  }

  it('counts an order once, by its status now and its images, whatever order its events arrive in and however often', async () => {
    const accountId = randomUUID();
    const o = orderCreated({ accountId, createdAt: on(1, 0), platform: 'ios', appVersion: '4.2.0', takenImagesCount: 10 });
    const [i1, i2, i3] = [randomUUID(), randomUUID(), randomUUID()];
    const repush = timelineLine(o, 'IMAGE_REPUSHED', on(1, 30), { payload: { imageId: i1 } });
    // the order's lines first, before the service knows the order: two images repushed (one twice), one replaced by QA, a decline
    await bed.publish(OrdersEvents.timelineRecorded, repush);
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(o, 'IMAGE_REPUSHED', on(1, 31), { payload: { imageId: i2 } }));
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(o, 'IMAGE_REPUSHED', on(1, 32), { payload: { imageId: i1 } }));
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(o, 'QA_UPLOADED_PICTURE', on(1, 33), { payload: { imageId: i3 } }));
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(o, 'IMAGE_DECLINED', on(1, 34), { payload: { imageId: i3 } }));
    await bed.settled();
    // then its statuses, the newest first, then its creation; the creation and a repush replayed
    await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'QA stage', 'Ready to download', on(1, 60)));
    await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'Uploading', 'In Progress', on(1, 10)));
    await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'In Progress', 'QA stage', on(1, 10)));
    await bed.publish(OrdersEvents.created, o);
    await bed.publish(OrdersEvents.created, o);
    await bed.publish(OrdersEvents.timelineRecorded, repush);
    await bed.publish(PipelineEvents.imageProcessed, imageProcessed(o.orderId, on(1, 20)));
    await bed.settled();

    expect(await totals(1)).toEqual({
      'event:IMAGE_DECLINED': [1, 0],
      'event:IMAGE_REPUSHED': [3, 0],
      'event:QA_UPLOADED_PICTURE': [1, 0],
      images_processed: [1, 0],
      'left_qa:flawed': [1, 0],
      'order_platform:mobile:4.2.0': [1, 0],
      'order_status:Ready to download': [1, 0],
      orders: [1, 0],
      // 2 of 10 images repushed, 1 of 10 replaced by QA
      'ratio:IMAGE_REPUSHED:20': [1, 0],
      'ratio:QA_UPLOADED_PICTURE:10': [1, 0],
      // created 08:00, left Uploading 08:10 (In Progress and QA stage at once), Ready 09:00
      'stage:in_progress': [1, 0],
      'stage:qa_stage': [1, 50],
      'stage:upload': [1, 10],
      taken_images: [10, 0],
    });
    // QA's service levels of its week (Monday 2026-09-28): one order, Ready to download 60 minutes after its creation
    expect(await q(`SELECT orders, median, p90, within_promise FROM statistics.stat_ready_week WHERE week = '2026-09-28T00:00:00Z'`)).toEqual([
      { orders: 1, median: 60, p90: 60, within_promise: 1 },
    ]);
  });

  it('moves an order from one status to the next and keeps a flawless order apart from a flawed one', async () => {
    const accountId = randomUUID();
    const clean = orderCreated({ accountId, createdAt: on(2, 0), platform: 'web' });
    const flawed = orderCreated({ accountId, createdAt: on(2, 5), platform: 'android', appVersion: null });
    for (const o of [clean, flawed]) await bed.publish(OrdersEvents.created, o);
    await bed.settled();
    expect((await totals(2))['order_status:Uploading']).toEqual([2, 0]);

    for (const o of [clean, flawed]) {
      await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'Uploading', 'QA stage', on(2, 20)));
      await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'QA stage', 'Delivering', on(2, 40)));
    }
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(flawed, 'RE_EDIT_REQUESTED', on(2, 30)));
    // picked by QA at 08:25 and 08:35 (the later pick arriving first): 15 minutes from the first pick to Delivering
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(clean, 'QA_PICKED', on(2, 35), { userId: randomUUID(), payload: { role: 'QA_EDITOR' } }));
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(clean, 'QA_PICKED', on(2, 25), { userId: randomUUID(), payload: { role: 'QA_EDITOR' } }));
    await bed.settled();
    const t = await totals(2);
    expect(t['order_status:Uploading']).toBeUndefined();
    expect(t['order_status:Delivering']).toEqual([2, 0]);
    expect(t['order_platform:web']).toEqual([1, 0]);
    expect(t['order_platform:mobile:unknown']).toEqual([1, 0]);
    expect(t['left_qa:flawless']).toEqual([1, 0]);
    expect(t['left_qa:flawed']).toEqual([1, 0]);
    // QA stage 20 minutes each, from entering it to Delivering
    expect(t['stage:qa_stage']).toEqual([2, 40]);
    expect(t.qa_pick_to_left).toEqual([1, 15]);
  });

  it('takes a deleted account’s share out of the totals and writes nothing of it that arrives late', async () => {
    const [gone, other] = [randomUUID(), randomUUID()];
    const mine = orderCreated({ accountId: gone, createdAt: on(3, 0), takenImagesCount: 4 });
    const theirs = orderCreated({ accountId: other, createdAt: on(3, 1), takenImagesCount: 6 });
    for (const o of [mine, theirs]) {
      await bed.publish(OrdersEvents.created, o);
      await bed.publish(OrdersEvents.timelineRecorded, timelineLine(o, 'IMAGE_REPUSHED', on(3, 10), { payload: { imageId: randomUUID() } }));
      await bed.publish(PipelineEvents.imageProcessed, imageProcessed(o.orderId, on(3, 5)));
    }
    await bed.settled();
    expect((await totals(3)).orders).toEqual([2, 0]);
    expect((await totals(3)).taken_images).toEqual([10, 0]);

    await bed.publish(UsersEvents.accountDeleted, { userId: gone });
    await bed.publish(OrdersEvents.created, orderCreated({ accountId: gone, createdAt: on(3, 20) }));
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(mine, 'IMAGE_REPUSHED', on(3, 21), { payload: { imageId: randomUUID() } }));
    await bed.settled();

    expect(await totals(3)).toEqual({
      'event:IMAGE_REPUSHED': [1, 0],
      images_processed: [1, 0],
      'order_platform:web': [1, 0],
      'order_status:Uploading': [1, 0],
      orders: [1, 0],
      // 1 of 6
      'ratio:IMAGE_REPUSHED:10': [1, 0],
      taken_images: [6, 0],
    });
  });

  it('counts an order a QA user picked on several days once in a window, per role, until its account is deleted', async () => {
    const [accountA, accountB] = [randomUUID(), randomUUID()];
    const user = randomUUID();
    const a = orderCreated({ accountId: accountA, createdAt: on(4, 0) });
    const b = orderCreated({ accountId: accountB, createdAt: on(4, 0) });
    const pick = (o: typeof a, when: string, role: string) => timelineLine(o, 'QA_PICKED', when, { userId: user, userName: 'Pia Picker', payload: { role } });
    for (const o of [a, b]) await bed.publish(OrdersEvents.created, o);
    // A: picked as editor on day 5 (twice) and, arriving later, on day 4; as coordinator on day 5. B: as editor on day 5
    await bed.publish(OrdersEvents.timelineRecorded, pick(a, on(5, 10), 'editor'));
    await bed.publish(OrdersEvents.timelineRecorded, pick(a, on(5, 20), 'QA_EDITOR'));
    await bed.publish(OrdersEvents.timelineRecorded, pick(b, on(5, 30), 'editor'));
    await bed.publish(OrdersEvents.timelineRecorded, pick(a, on(5, 40), 'coordinator'));
    await bed.settled();
    await bed.publish(OrdersEvents.timelineRecorded, pick(a, on(4, 10), 'editor'));
    await bed.settled();

    const rpc = new RpcClient(bed.nc, bed.ns.namespace, 10_000);
    const picksOf = async () => {
      const view = await rpc.send(StatisticsRpc.qaActivities, { timePeriod: 'year', timeFrame: 'ALL_TIME' }, actorFor('Admin'));
      return view.users.filter((u) => u.userId === user).map((u) => [u.role, u.totalorders, u.user_displayName]);
    };
    // the per-day counts say 3 for the editor (A on day 4, A and B on day 5); A counts once
    expect((await totals(5))[`qa_pick:QA_EDITOR:${user}`]).toEqual([2, 0]);
    expect((await totals(4))[`qa_pick:QA_EDITOR:${user}`]).toEqual([1, 0]);
    expect(await picksOf()).toEqual([
      ['QA_EDITOR', 2, 'Pia Picker'],
      ['QA_COORDINATOR', 1, 'Pia Picker'],
    ]);

    await bed.publish(UsersEvents.accountDeleted, { userId: accountA });
    await bed.settled();
    expect(await picksOf()).toEqual([['QA_EDITOR', 1, 'Pia Picker']]);
    expect((await totals(4))[`qa_pick:QA_EDITOR:${user}`]).toBeUndefined();
    expect((await totals(5))[`qa_pick:QA_EDITOR:${user}`]).toEqual([1, 0]);
  });

  it('equals the per-account counts summed, for every metric the consumer counts per account', async () => {
    const mismatches = await q(
      `SELECT coalesce(a.metric, s.metric) AS metric, coalesce(a.day, s.day)::text AS day, a.count::int AS total, s.n::int AS summed
         FROM (SELECT metric, day, count FROM statistics.stat_daily_all
                WHERE (metric IN ('orders', 'images_processed') OR metric LIKE 'event:%') AND count <> 0) a
         FULL JOIN (SELECT metric, day, sum(count) AS n FROM statistics.stat_daily GROUP BY 1, 2) s ON s.metric = a.metric AND s.day = a.day
        WHERE a.count IS DISTINCT FROM s.n`,
    );
    expect(mismatches).toEqual([]);
    expect(Number((await q<{ n: string }>('SELECT count(*) AS n FROM statistics.stat_daily_all'))[0]!.n)).toBeGreaterThan(20);
  });
});
