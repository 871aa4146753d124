import { randomUUID } from 'node:crypto';
import {
  OrdersEvents,
  PipelineEvents,
  STATISTICS_DURABLES,
  StyleGuidesEvents,
  UsersEvents,
  type Actor,
  type BackfilledEvent,
  type BackfillPage,
  type EventDef,
} from '@app/contracts';
import { decodeJson, encodeJson } from '@app/messaging';
import type { Subscription } from 'nats';
import { at, imageProcessed, orderCreated, statusChanged, timelineLine } from './helpers/events';
import { createStatisticsTestbed, type FactRows, type StatisticsTestbed } from './helpers/statistics-testbed';

/** A small history of three accounts, as the services published it, in publish order. */
function history(): Array<{ def: EventDef<object>; payload: object; id: string }> {
  const [dealer, other, manager, gone] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const salesPerson = randomUUID();
  const guide = randomUUID();
  const o1 = orderCreated({ accountId: dealer, createdAt: at(0), salesPersonId: salesPerson, styleGuideId: guide, platform: 'android', appVersion: '4.1.0' });
  const o2 = orderCreated({ accountId: other, createdAt: at(60 * 24), styleGuideId: guide });
  const o3 = orderCreated({ accountId: gone, createdAt: at(5) });
  const editor = randomUUID();
  const tagId = randomUUID();
  const events: Array<[EventDef<object>, object]> = [
    [UsersEvents.accountCreated, { userId: dealer, userRole: 'Dealership' }],
    [UsersEvents.accountSaved, { userId: dealer, userRole: 'Dealership', displayName: 'Nordic Auto', email: 'dealer@example.com', createdAt: at(-100), at: at(-100) }],
    [UsersEvents.accountSaved, { userId: other, userRole: 'Dealership', displayName: 'Budapest Cars', email: 'other@example.com', createdAt: at(-90), at: at(-90) }],
    [UsersEvents.accountSaved, { userId: gone, userRole: 'Dealership', displayName: 'Gone Motors', email: 'gone@example.com', createdAt: at(-80), at: at(-80) }],
    [UsersEvents.accountSaved, { userId: manager, userRole: 'Management', displayName: 'Group', email: 'group@example.com', createdAt: at(-70), at: at(-70) }],
    [UsersEvents.childAccountsChanged, { userId: manager, childIds: [dealer, other, gone], at: at(-60) }],
    [UsersEvents.salesPersonSaved, { salesPersonId: salesPerson, accountId: dealer, name: 'Anna', at: at(-50) }],
    [UsersEvents.accountSaved, { userId: dealer, userRole: 'Dealership', displayName: 'Nordic Auto A/S', email: 'dealer@example.com', createdAt: at(-100), at: at(-40) }],
    [StyleGuidesEvents.saved, { styleGuideId: guide, name: 'Showroom', at: at(-30) }],
    [UsersEvents.signedIn, { userId: dealer, salesPersonId: salesPerson, at: at(-1) }],
    [OrdersEvents.created, o1],
    [OrdersEvents.created, o3],
    [OrdersEvents.timelineRecorded, timelineLine(o1, 'NEW', at(0), { orderName: 'AB 12 345' })],
    [OrdersEvents.statusChanged, statusChanged(o1, 'Uploading', 'In Progress', at(10))],
    [OrdersEvents.statusChanged, statusChanged(o1, 'In Progress', 'QA stage', at(10))],
    [OrdersEvents.timelineRecorded, timelineLine(o1, 'UPLOAD_COMPLETED', at(10))],
    [PipelineEvents.imageProcessed, imageProcessed(o1.orderId, at(12))],
    [PipelineEvents.imageProcessed, imageProcessed(o1.orderId, at(13))],
    [OrdersEvents.timelineRecorded, timelineLine(o1, 'QA_PICKED', at(20), { userId: editor, payload: { role: 'QA_EDITOR' } })],
    [OrdersEvents.timelineRecorded, timelineLine(o1, 'IMAGE_DECLINED', at(25), { userId: editor, userName: 'Eva', payload: { imageId: randomUUID(), tagId, tagName: 'Glare', tagCategory: 'IMAGE_ERROR' } })],
    [OrdersEvents.timelineRecorded, timelineLine(o1, 'EDITED', at(26), { orderName: 'AB 12 346' })],
    [OrdersEvents.statusChanged, statusChanged(o1, 'QA stage', 'Ready to download', at(30))],
    [OrdersEvents.timelineRecorded, timelineLine(o3, 'NEW', at(5))],
    [UsersEvents.accountDeleted, { userId: gone }],
    [OrdersEvents.created, o2],
    [OrdersEvents.timelineRecorded, timelineLine(o2, 'DOWNLOADED', at(60 * 24 + 5))],
    [OrdersEvents.deleted, { orderId: o2.orderId, accountId: other, at: at(60 * 24 + 9) }],
    [UsersEvents.signedIn, { userId: other, at: at(60 * 24 + 10) }],
  ];
  return events.map(([def, payload]) => ({ def, payload, id: randomUUID() }));
}

/**
 * `rebuild` against real PostgreSQL and NATS JetStream: the rows it makes from the stream, and
 * from the services' backfill once the stream no longer holds everything, are the rows the
 * live consumer made.
 */
describe('statistics rebuild', () => {
  let bed: StatisticsTestbed;
  const events = history();
  let live: FactRows;
  const responders: Subscription[] = [];
  const backfillActors: Actor[] = [];

  beforeAll(async () => {
    bed = await createStatisticsTestbed('stat_rebuild');
  });

  afterAll(async () => {
    for (const r of responders) r.unsubscribe();
    await bed?.close();
  });

  it('rebuilds from the stream, when it holds every event, the rows the live consumer made; then goes on live', async () => {
    await bed.start();
    for (const e of events) await bed.publish(e.def, e.payload, e.id);
    await bed.settled();
    live = await bed.rows();
    expect(live.orders).toHaveLength(2);
    expect(live.timeline.length).toBeGreaterThan(5);
    await bed.stop();

    // rows that no event made: a rebuild empties them
    await bed.db.query(`INSERT INTO statistics.stat_daily (metric, day, account_id, count) VALUES ('orders', '2026-01-01', $1, 99)`, [randomUUID()]);
    const report = await bed.rebuild();
    expect(report).toMatchObject({ source: 'stream', events: events.length, refused: 0 });
    expect(await bed.rows()).toEqual(live);

    // live again: a new order arrives and is counted beside the rebuilt ones
    await bed.start();
    const accountId = (live.accounts.find((a) => a.display_name === 'Nordic Auto A/S') as { id: string }).id;
    await bed.publish(OrdersEvents.created, orderCreated({ accountId, createdAt: at(2) }));
    await bed.settled();
    const orders = await bed.db.query<{ count: number }>(`SELECT count::int FROM statistics.stat_daily WHERE metric = 'orders' AND account_id = $1`, [accountId]);
    expect(orders).toEqual([{ count: 2 }]);
    await bed.stop();
  });

  it('rebuilds from the four services’ backfill, asked as the System actor page by page, once the stream has lost its first events', async () => {
    // the stream's oldest events are gone (as after 14 days), and the service is new on this NATS
    await bed.jsm.streams.purge(bed.ns.namespace.stream('EVENTS'));
    await bed.jsm.consumers.delete(bed.ns.namespace.stream('EVENTS'), bed.ns.namespace.durable(STATISTICS_DURABLES.facts));
    const services = { users: 'users', 'style-guides': 'styleGuides', orders: 'orders', pipeline: 'images' } as const;
    const byBackfill = new Map<string, BackfilledEvent[]>();
    for (const e of events) {
      const source = services[e.def.service as keyof typeof services];
      byBackfill.set(source, [...(byBackfill.get(source) ?? []), { subject: e.def.subject, id: e.id, payload: e.payload }]);
    }
    // what the services hold today beside their history: a subject the statistics service does not read
    byBackfill.get('orders')!.push({ subject: 'evt.orders.something-new', id: 'backfill:orders:x', payload: {} });
    const pages: string[] = [];
    for (const [service, subject] of [
      ['users', 'users.statistics.backfill'],
      ['styleGuides', 'style-guides.statistics.backfill'],
      ['orders', 'orders.statistics.backfill'],
      ['images', 'images.statistics.backfill'],
    ] as const) {
      const all = byBackfill.get(service) ?? [];
      responders.push(
        bed.nc.subscribe(bed.ns.namespace.subject(subject), {
          callback: (_err, msg) => {
            const packet = decodeJson<{ id: string; data: { actor: Actor; data: { after?: string; limit?: number } } }>(msg.data);
            backfillActors.push(packet.data.actor);
            // pages of three, `next` the offset of the next page
            const from = Number(packet.data.data.after ?? 0);
            const page: BackfillPage = { events: all.slice(from, from + 3), next: from + 3 < all.length ? String(from + 3) : null };
            pages.push(`${service}:${from}`);
            msg.respond(encodeJson({ id: packet.id, response: page, isDisposed: true }));
          },
        }),
      );
    }
    await bed.db.query(`INSERT INTO statistics.stat_daily (metric, day, account_id, count) VALUES ('orders', '2026-01-01', $1, 99)`, [randomUUID()]);

    const report = await bed.rebuild();
    expect(report).toMatchObject({ source: 'backfill', events: events.length, skipped: 1, refused: 0 });
    expect(await bed.rows()).toEqual(live);
    expect(backfillActors.every((a) => a.role === 'System')).toBe(true);
    // every page of every service, users first
    expect(pages[0]).toBe('users:0');
    expect(pages).toEqual(expect.arrayContaining(['users:3', 'styleGuides:0', 'orders:0', 'orders:3', 'images:0']));

    // the new durable consumer starts after the rebuild: live events are applied, the purged history is not asked for again
    await bed.start();
    const info = await bed.jsm.consumers.info(bed.ns.namespace.stream('EVENTS'), bed.ns.namespace.durable(STATISTICS_DURABLES.facts));
    expect(info.num_pending).toBe(0);
    const guide = randomUUID();
    await bed.publish(StyleGuidesEvents.saved, { styleGuideId: guide, name: 'After rebuild', at: at(100) });
    await bed.settled();
    expect(await bed.db.query('SELECT name FROM statistics.stat_style_guide WHERE id = $1', [guide])).toEqual([{ name: 'After rebuild' }]);
  });
});
