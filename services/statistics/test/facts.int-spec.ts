import { randomUUID } from 'node:crypto';
import { OrdersEvents, PipelineEvents, StyleGuidesEvents, UsersEvents } from '@app/contracts';
import { waitFor } from '@app/testing';
import { UNKNOWN_ACCOUNT } from '../src/facts/facts.repository';
import { at, imageProcessed, orderCreated, statusChanged, timelineLine } from './helpers/events';
import { createStatisticsTestbed, type StatisticsTestbed } from './helpers/statistics-testbed';

/**
 * The facts consumer against real PostgreSQL and NATS JetStream: events published on the
 * EVENTS stream of the test's namespace, the fact rows read back as the dashboards read them.
 */
describe('statistics facts from events', () => {
  let bed: StatisticsTestbed;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => bed.db.query<T>(sql, params);

  beforeAll(async () => {
    bed = await createStatisticsTestbed('stat_facts');
    await bed.start();
  });

  afterAll(async () => {
    await bed?.close();
  });

  async function daily(metric: string, accountId: string): Promise<Array<{ day: string; count: number }>> {
    return q(`SELECT day::text, count::int FROM statistics.stat_daily WHERE metric = $1 AND account_id = $2 ORDER BY day`, [metric, accountId]);
  }

  it('counts an order delivered twice once, on the day it was created', async () => {
    const accountId = randomUUID();
    const created = orderCreated({ accountId, createdAt: at(0), platform: 'ios', appVersion: '4.2.0' });
    await bed.publish(OrdersEvents.created, created);
    // the same event again under another message id (a relay that republished after the duplicate window)
    await bed.publish(OrdersEvents.created, created);
    await bed.settled();

    const orders = await q('SELECT account_id, platform, app_version, taken_images, status, qa_status, created_at FROM statistics.stat_order WHERE id = $1', [created.orderId]);
    expect(orders).toEqual([
      { account_id: accountId, platform: 'ios', app_version: '4.2.0', taken_images: 8, status: 'Uploading', qa_status: 'Waiting For QA', created_at: new Date(at(0)) },
    ]);
    expect(await daily('orders', accountId)).toEqual([{ day: '2026-11-20', count: 1 }]);
    const [account] = await q<{ last_order_at: Date }>('SELECT last_order_at FROM statistics.stat_account WHERE id = $1', [accountId]);
    expect(account!.last_order_at).toEqual(new Date(at(0)));
  });

  it('keeps the first time each status was entered and the newest status, whatever order the changes arrive in', async () => {
    const accountId = randomUUID();
    const o = orderCreated({ accountId, createdAt: at(0) });
    // the order's history: Uploading -> In Progress -> QA stage at one instant (the lifecycle
    // moves through both in one transaction), -> Ready (t30), back to QA stage on a re-edit
    // request (t40), Ready again (t50)
    const inProgress = statusChanged(o, 'Uploading', 'In Progress', at(10));
    const qaStage = statusChanged(o, 'In Progress', 'QA stage', at(10));
    const ready = statusChanged(o, 'QA stage', 'Ready to download', at(30));
    const backToQa = statusChanged(o, 'Ready to download', 'QA stage', at(40));
    const readyAgain = statusChanged(o, 'QA stage', 'Ready to download', at(50));

    // arriving late and shuffled, the newest first and the creation last, in two batches
    // (the second meets the rows the first wrote)
    await bed.publish(OrdersEvents.statusChanged, readyAgain);
    await bed.publish(OrdersEvents.statusChanged, backToQa);
    await bed.settled();
    await bed.publish(OrdersEvents.statusChanged, inProgress);
    await bed.publish(OrdersEvents.statusChanged, qaStage);
    await bed.publish(OrdersEvents.statusChanged, ready);
    await bed.publish(OrdersEvents.created, o);
    await bed.settled();

    const [row] = await q('SELECT status, qa_status, status_at, upload_completed_at, in_progress_at, qa_stage_at, ready_at, delivering_at, completed_at, created_at FROM statistics.stat_order WHERE id = $1', [o.orderId]);
    expect(row).toEqual({
      status: 'Ready to download',
      qa_status: 'Approved',
      status_at: new Date(at(50)),
      upload_completed_at: new Date(at(10)),
      in_progress_at: new Date(at(10)),
      qa_stage_at: new Date(at(10)),
      ready_at: new Date(at(30)),
      delivering_at: null,
      completed_at: null,
      created_at: new Date(at(0)),
    });
    // an order counted once although its creation came last
    expect(await daily('orders', accountId)).toEqual([{ day: '2026-11-20', count: 1 }]);
  });

  it('takes the later of two status changes of one instant in stream order', async () => {
    const accountId = randomUUID();
    const o = orderCreated({ accountId, createdAt: at(0) });
    await bed.publish(OrdersEvents.created, o);
    await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'Uploading', 'In Progress', at(5)));
    await bed.publish(OrdersEvents.statusChanged, statusChanged(o, 'In Progress', 'QA stage', at(5)));
    await bed.settled();
    const [row] = await q<{ status: string }>('SELECT status FROM statistics.stat_order WHERE id = $1', [o.orderId]);
    expect(row!.status).toBe('QA stage');
  });

  it('lands a decline with its tag, counts a line delivered twice once, and keeps the first QA pick', async () => {
    const accountId = randomUUID();
    const o = orderCreated({ accountId, createdAt: at(0) });
    const imageId = randomUUID();
    const tagId = randomUUID();
    const editor = randomUUID();
    const decline = timelineLine(o, 'IMAGE_DECLINED', at(20), {
      userId: editor,
      userName: 'Eva Editor',
      payload: { imageId, position: 3, tagId, tagName: 'Reflections', tagCategory: 'IMAGE_ERROR' },
    });
    // a decline as the images service wrote it before the flat tag fields: its tag in `reason`
    const olderForm = timelineLine(o, 'IMAGE_DECLINED', at(21), { payload: { imageId, reason: { tagId, name: 'Reflections' } } });
    const pickLater = timelineLine(o, 'QA_PICKED', at(25), { userId: editor, payload: { role: 'QA_EDITOR', userName: 'Eva Editor' } });
    const pickFirst = timelineLine(o, 'QA_PICKED', at(15), { userId: editor, payload: { role: 'QA_EDITOR' }, orderName: 'Old name' });
    await bed.publish(OrdersEvents.created, o);
    await bed.publish(OrdersEvents.timelineRecorded, decline);
    await bed.publish(OrdersEvents.timelineRecorded, decline);
    await bed.publish(OrdersEvents.timelineRecorded, olderForm);
    await bed.publish(OrdersEvents.timelineRecorded, pickLater);
    await bed.publish(OrdersEvents.timelineRecorded, pickFirst);
    await bed.settled();

    const lines = await q('SELECT event_name, user_id, user_name, image_id, tag_id, tag_name, tag_category, qa_role, at FROM statistics.stat_timeline_event WHERE order_id = $1 ORDER BY at', [o.orderId]);
    expect(lines).toEqual([
      { event_name: 'QA_PICKED', user_id: editor, user_name: null, image_id: null, tag_id: null, tag_name: null, tag_category: null, qa_role: 'QA_EDITOR', at: new Date(at(15)) },
      { event_name: 'IMAGE_DECLINED', user_id: editor, user_name: 'Eva Editor', image_id: imageId, tag_id: tagId, tag_name: 'Reflections', tag_category: 'IMAGE_ERROR', qa_role: null, at: new Date(at(20)) },
      { event_name: 'IMAGE_DECLINED', user_id: null, user_name: null, image_id: imageId, tag_id: tagId, tag_name: 'Reflections', tag_category: null, qa_role: null, at: new Date(at(21)) },
      { event_name: 'QA_PICKED', user_id: editor, user_name: null, image_id: null, tag_id: null, tag_name: null, tag_category: null, qa_role: 'QA_EDITOR', at: new Date(at(25)) },
    ]);
    expect(await daily('event:IMAGE_DECLINED', accountId)).toEqual([{ day: '2026-11-20', count: 2 }]);
    expect(await daily('event:QA_PICKED', accountId)).toEqual([{ day: '2026-11-20', count: 2 }]);
    const [order] = await q('SELECT order_name, first_qa_pick_at FROM statistics.stat_order WHERE id = $1', [o.orderId]);
    // the name of the newest line, the earliest pick
    expect(order).toEqual({ order_name: 'AB 12 345', first_qa_pick_at: new Date(at(15)) });
  });

  it('counts a processed image under its order’s account, once per job', async () => {
    const accountId = randomUUID();
    const o = orderCreated({ accountId, createdAt: at(0) });
    await bed.publish(OrdersEvents.created, o);
    await bed.settled();
    const image = imageProcessed(o.orderId, at(12));
    await bed.publish(PipelineEvents.imageProcessed, image);
    await bed.publish(PipelineEvents.imageProcessed, image);
    // an image of an order the service has not seen counts under no account
    const stray = imageProcessed(randomUUID(), at(13));
    await bed.publish(PipelineEvents.imageProcessed, stray);
    await bed.settled();
    expect(await daily('images_processed', accountId)).toEqual([{ day: '2026-11-20', count: 1 }]);
    expect(await q('SELECT job_id FROM statistics.stat_image_processed WHERE job_id = ANY($1::uuid[]) ORDER BY processed_at', [[image.jobId, stray.jobId]])).toEqual([
      { job_id: image.jobId },
      { job_id: stray.jobId },
    ]);
    expect((await daily('images_processed', UNKNOWN_ACCOUNT)).length).toBeGreaterThan(0);
  });

  it('keeps names, roles, sign-ins, child accounts and style guides from the newest event', async () => {
    const manager = randomUUID();
    const [childA, childB] = [randomUUID(), randomUUID()];
    const guide = randomUUID();
    const salesPerson = randomUUID();
    await bed.publish(UsersEvents.accountCreated, { userId: manager, userRole: 'Management' });
    await bed.publish(UsersEvents.accountSaved, { userId: manager, userRole: 'Management', displayName: 'Nordic Group', email: 'group@example.com', createdAt: at(0), at: at(5) });
    // an older save arriving late changes nothing
    await bed.publish(UsersEvents.accountSaved, { userId: manager, userRole: 'Management', displayName: 'Nordic', email: 'old@example.com', createdAt: at(0), at: at(1) });
    await bed.publish(UsersEvents.childAccountsChanged, { userId: manager, childIds: [childA, childB], at: at(10) });
    await bed.publish(UsersEvents.childAccountsChanged, { userId: manager, childIds: [childA], at: at(3) });
    await bed.publish(UsersEvents.signedIn, { userId: manager, at: at(30) });
    await bed.publish(UsersEvents.signedIn, { userId: manager, salesPersonId: null, at: at(20) });
    await bed.publish(UsersEvents.salesPersonSaved, { salesPersonId: salesPerson, accountId: childA, name: 'Anna', at: at(2) });
    await bed.publish(UsersEvents.salesPersonDeleted, { salesPersonId: salesPerson, accountId: childA, at: at(4) });
    await bed.publish(StyleGuidesEvents.saved, { styleGuideId: guide, name: 'Showroom', at: at(8) });
    await bed.publish(StyleGuidesEvents.saved, { styleGuideId: guide, name: 'Draft', at: at(7) });
    await bed.settled();

    expect(await q('SELECT user_role, display_name, email, created_at, last_sign_in_at, saved_at FROM statistics.stat_account WHERE id = $1', [manager])).toEqual([
      { user_role: 'Management', display_name: 'Nordic Group', email: 'group@example.com', created_at: new Date(at(0)), last_sign_in_at: new Date(at(30)), saved_at: new Date(at(5)) },
    ]);
    expect(await q('SELECT child_id FROM statistics.stat_account_child WHERE parent_id = $1 ORDER BY child_id', [manager])).toEqual(
      [childA, childB].sort().map((child_id) => ({ child_id })),
    );
    expect(await q('SELECT name, deleted_at FROM statistics.stat_sales_person WHERE id = $1', [salesPerson])).toEqual([{ name: 'Anna', deleted_at: new Date(at(4)) }]);
    expect(await q('SELECT name FROM statistics.stat_style_guide WHERE id = $1', [guide])).toEqual([{ name: 'Showroom' }]);
  });

  it('removes a deleted account’s rows, leaves another account’s, and writes nothing of it that arrives late', async () => {
    const [gone, other, manager] = [randomUUID(), randomUUID(), randomUUID()];
    const salesPerson = randomUUID();
    for (const id of [gone, other]) {
      await bed.publish(UsersEvents.accountSaved, { userId: id, userRole: 'Dealership', displayName: `Dealer ${id.slice(0, 4)}`, email: `${id}@example.com`, createdAt: at(0), at: at(0) });
    }
    await bed.publish(UsersEvents.childAccountsChanged, { userId: manager, childIds: [gone, other], at: at(1) });
    await bed.publish(UsersEvents.salesPersonSaved, { salesPersonId: salesPerson, accountId: gone, name: 'Bo', at: at(1) });
    const mine = orderCreated({ accountId: gone, createdAt: at(2), salesPersonId: salesPerson });
    const theirs = orderCreated({ accountId: other, createdAt: at(2) });
    for (const o of [mine, theirs]) {
      await bed.publish(OrdersEvents.created, o);
      await bed.publish(OrdersEvents.timelineRecorded, timelineLine(o, 'DOWNLOADED', at(3)));
      await bed.publish(PipelineEvents.imageProcessed, imageProcessed(o.orderId, at(3)));
    }
    await bed.settled();
    await bed.publish(UsersEvents.accountDeleted, { userId: gone });
    // the orders service's relay was behind: lines of the gone account arrive after its deletion
    const late = orderCreated({ accountId: gone, createdAt: at(4) });
    await bed.publish(OrdersEvents.created, late);
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(mine, 'DELIVERED', at(5)));
    await bed.publish(UsersEvents.accountSaved, { userId: gone, userRole: 'Dealership', displayName: 'Back again?', email: 'x@example.com', createdAt: at(0), at: at(1) });
    await bed.settled();

    const count = async (table: string, column: string, id: string) =>
      Number((await q<{ n: string }>(`SELECT count(*) AS n FROM statistics.${table} WHERE ${column} = $1`, [id]))[0]!.n);
    for (const [table, column] of [
      ['stat_account', 'id'],
      ['stat_order', 'account_id'],
      ['stat_timeline_event', 'account_id'],
      ['stat_daily', 'account_id'],
      ['stat_sales_person', 'account_id'],
      ['stat_account_child', 'child_id'],
    ] as const) {
      expect([table, await count(table, column, gone)]).toEqual([table, 0]);
    }
    expect(await q('SELECT 1 FROM statistics.stat_image_processed WHERE order_id = $1', [mine.orderId])).toEqual([]);
    // the other account keeps everything
    expect(await count('stat_account', 'id', other)).toBe(1);
    expect(await count('stat_order', 'account_id', other)).toBe(1);
    expect(await count('stat_timeline_event', 'account_id', other)).toBe(1);
    expect(await daily('orders', other)).toEqual([{ day: '2026-11-20', count: 1 }]);
    expect(await daily('images_processed', other)).toEqual([{ day: '2026-11-20', count: 1 }]);
    expect(await q('SELECT child_id FROM statistics.stat_account_child WHERE parent_id = $1', [manager])).toEqual([{ child_id: other }]);
  });

  it('forgets a deleted QA account on other accounts\' orders: its lines stay counted without its id or name, its picks per user go', async () => {
    const [dealer, qa] = [randomUUID(), randomUUID()];
    const order = orderCreated({ accountId: dealer, createdAt: at(2) });
    await bed.publish(OrdersEvents.created, order);
    await bed.publish(OrdersEvents.timelineRecorded, timelineLine(order, 'QA_PICKED', at(3), { userId: qa, userName: 'Quinn QA', payload: { role: 'QA_EDITOR' } }));
    await bed.settled();
    expect(await q('SELECT 1 FROM statistics.stat_qa_pick WHERE user_id = $1', [qa])).toHaveLength(1);

    await bed.publish(UsersEvents.accountDeleted, { userId: qa });
    await bed.settled();
    expect(await q('SELECT user_id, user_name FROM statistics.stat_timeline_event WHERE order_id = $1', [order.orderId])).toEqual([{ user_id: null, user_name: null }]);
    expect(await q('SELECT 1 FROM statistics.stat_qa_pick WHERE user_id = $1', [qa])).toEqual([]);
    expect(await q(`SELECT 1 FROM statistics.stat_daily_all WHERE metric LIKE '%' || $1`, [qa])).toEqual([]);
    expect(await q('SELECT 1 FROM statistics.stat_order WHERE id = $1', [order.orderId])).toHaveLength(1);
  });

  it('moves an event that breaks its contract to the dead-letter stream and applies the others', async () => {
    const accountId = randomUUID();
    const good = orderCreated({ accountId, createdAt: at(0) });
    await bed.publishRaw(OrdersEvents.created.subject, new TextEncoder().encode(JSON.stringify({ ...good, orderId: 'not-a-uuid' })));
    await bed.publishRaw(OrdersEvents.timelineRecorded.subject, new TextEncoder().encode('{not json'));
    await bed.publish(OrdersEvents.created, good);
    await bed.settled();
    expect(await daily('orders', accountId)).toEqual([{ day: '2026-11-20', count: 1 }]);
    const dlq = await bed.jsm.streams.info(bed.ns.namespace.stream('DEADLETTER'));
    expect(dlq.state.messages).toBe(2);
    const first = await bed.jsm.streams.getMessage(bed.ns.namespace.stream('DEADLETTER'), { seq: dlq.state.first_seq });
    expect(first.header.get('x-dlq-reason')).toMatch(/^payload refused: .*orderId/);
  });
  it('offers an event that fails to apply again on its own, then parks it, and applies the events around it', async () => {
    const accountId = randomUUID();
    const before = orderCreated({ accountId, createdAt: at(0) });
    // within its contract (an integer), beyond what the table keeps (int4)
    const poison = orderCreated({ accountId, createdAt: at(1), takenImagesCount: 3_000_000_000 });
    const after = orderCreated({ accountId, createdAt: at(2) });
    await bed.publish(OrdersEvents.created, before);
    const poisonId = randomUUID();
    await bed.publish(OrdersEvents.created, poison, poisonId);
    await bed.publish(OrdersEvents.created, after);
    // the two good orders do not wait for the bad one's redeliveries
    await waitFor(async () => (await daily('orders', accountId))[0]?.count === 2, 'the orders around the failing one', 10_000);
    // five deliveries with backoff (0.4 + 0.8 + 1.6 + 3.2 s), then the dead-letter stream
    await bed.settled();
    const dlq = bed.ns.namespace.stream('DEADLETTER');
    const parked = await bed.jsm.streams.getMessage(dlq, { last_by_subj: bed.ns.namespace.subject('dlq.statistics-facts') });
    expect(parked.header.get('x-dlq-message-id')).toBe(poisonId);
    expect(parked.header.get('x-dlq-reason')).toMatch(/out of range/);
    expect(await q('SELECT id FROM statistics.stat_order WHERE id = $1', [poison.orderId])).toEqual([]);
    expect(await daily('orders', accountId)).toEqual([{ day: '2026-11-20', count: 2 }]);
  });
});
