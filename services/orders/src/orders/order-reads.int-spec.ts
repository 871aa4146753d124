import { randomUUID } from 'node:crypto';
import { actorFor, waitFor } from '@app/testing';
import type { OrderEventView } from '@app/contracts';
import { DataSource } from 'typeorm';
import { Client } from 'pg';
import { createAccount, createOrder, startTestStack, type TestStack } from '../../../../test/support';
import { EventsService } from '../events/events.service';
import { TagAssignmentsRepository } from '../tags/tag-assignments.repository';
import { toOrderView } from './order-views';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** the picture's position a line names (the fixture's lines are all of a picture) */
const positionOf = (e: OrderEventView) => (e.eventName === 'IMAGE_APPROVED' || e.eventName === 'IMAGE_DECLINED' ? e.payload.position : null);

/**
 * The hot reads of the orders service (an order's detail, `OrdersRpc.access`, the timeline, the
 * list's first page) each cost one SQL statement and answer what the entity would: the orders
 * service on real PostgreSQL, its handlers called directly, the statements of its connections
 * counted (at the driver, so that prepared statements count too).
 */

describe('orders reads: one statement each', () => {
  let stack: TestStack;
  let ds: DataSource;
  let orders: OrdersService;
  let events: EventsService;
  let dealer: string;
  let other: string;
  let orderId: string;
  let statements: string[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = Client.prototype.query;

  /** the answer of `work` and the statements the orders service ran for it */
  const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
    statements = [];
    const result = await work();
    // the outbox relay polls on connections of its own meanwhile (its transaction and its read)
    return { result, statements: statements.filter((s) => !/outbox/i.test(s) && !/^(START TRANSACTION|COMMIT)$/.test(s)) };
  };
  const status = (work: Promise<unknown>) =>
    work.then(
      () => 200,
      (err: { status?: number; getError?: () => { status: number } }) => err.status ?? err.getError?.().status,
    );

  beforeAll(async () => {
    stack = await startTestStack({ label: 'orders_reads', services: ['users', 'orders'] });
    ds = stack.services.orders!.get(DataSource);
    orders = stack.services.orders!.get(OrdersService);
    events = stack.services.orders!.get(EventsService);
    // the users service learns every account's last order from this service once after start
    // (retrying while this service is not up yet): let it finish before statements are counted
    const usersDb = stack.services.users!.get(DataSource);
    const backfillPending = async () => (await usersDb.query('SELECT 1 FROM last_order_backfill WHERE done_at IS NULL')).length > 0;
    await waitFor(async () => !(await backfillPending()), 'the last-order backfill to finish', 90_000);
    Client.prototype.query = function (this: Client & { connectionParameters: { application_name?: string } }, ...args: unknown[]) {
      if (this.connectionParameters.application_name === 'orders') statements.push(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    dealer = (await createAccount(stack, { role: 'Dealership' })).id;
    other = (await createAccount(stack, { role: 'Dealership' })).id;
    for (let i = 0; i < 12; i++) {
      await createOrder(stack, { accountId: dealer, orderName: `Reads ${i}`, createdAt: new Date(Date.now() - (12 - i) * 60_000), note: i === 11 ? 'n'.repeat(80) : null });
    }
    [{ id: orderId }] = await ds.query(`SELECT id FROM orders WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1`, [dealer]);
    // a finished order of every kind of column: names, device, QA counts, delivery, tags
    await ds.query(
      `UPDATE orders SET car_type_id = $2, car_type_name = 'Sedan', impersonated_by_id = $3, impersonated_by_name = 'Admin', sales_person_id = $4,
              sales_person_name = 'Seller', user_agent = 'UA', device_model = 'Pixel', os_version = '14', app_version = '2.4.1', image_count = 5,
              uploaded_images_count = 5, processed_images_count = 4, failed_images_count = 1, approved_count = 3, re_edit_open_count = 1,
              re_edit_due_at = now(), qa_stage_since = now(), time_to_ready_to_download = 61, assigned_editor_id = $3, assigned_editor_name = 'Editor',
              delivery_version = 3, delivery_queued = 1, delivery_delivered = 2, delivery_failed = 1, delivery_last_error = 'refused'
        WHERE id = $1`,
      [orderId, randomUUID(), randomUUID(), randomUUID()],
    );
    const tags: Array<{ id: string }> = await ds.query(
      `INSERT INTO tag (name, category, entity, color) VALUES ('Rush', 'PRIORITY', 'order', 'red'), ('Anna', 'QA_EDITOR', 'order', '#00ff00') RETURNING id`,
    );
    for (const t of tags) {
      await ds.query(`INSERT INTO tag_assignment (entity, entity_id, tag_id, order_id, account_id) VALUES ('order', $1, $2, $1, $3)`, [orderId, t.id, dealer]);
    }
    await ds.query(
      `INSERT INTO order_event (order_id, account_id, order_name, event_name, payload, user_id, user_name, is_hidden, created_at)
       SELECT $1, $2, 'Reads 11', CASE WHEN i % 4 = 0 THEN 'IMAGE_APPROVED' ELSE 'IMAGE_DECLINED' END, jsonb_build_object('imageId', gen_random_uuid(), 'position', i),
              CASE WHEN i % 3 = 0 THEN $2::uuid END, CASE WHEN i % 3 = 0 THEN 'Dealer' END, i % 4 = 0, now() - i * interval '1 minute'
         FROM generate_series(1, 24) i`,
      [orderId, dealer],
    );
  });

  afterAll(async () => {
    Client.prototype.query = original;
    await stack?.close();
  });

  it('answers an order with its tags in one statement, as the entity would', async () => {
    const { result, statements: run } = await counted(() => orders.get(actorFor('Dealership', { userId: dealer }), orderId));
    expect(run).toHaveLength(1);
    const entity = (await stack.services.orders!.get(OrdersRepository).findById(ds.manager, orderId))!;
    const tags = (await stack.services.orders!.get(TagAssignmentsRepository).tagsOf(ds.manager, 'order', [orderId])).get(orderId)!;
    expect(tags.map((t) => t.name)).toEqual(['Rush', 'Anna']);
    expect(result).toEqual(toOrderView(entity, tags));
    expect(result.delivery).toEqual({ queued: 1, delivered: 2, failed: 1, lastError: 'refused', destinations: [] });
    expect(await status(orders.get(actorFor('Dealership', { userId: other }), orderId))).toBe(404);
    expect(await status(orders.get(actorFor('Admin'), randomUUID()))).toBe(404);
  });

  it('answers OrdersRpc.access in one statement', async () => {
    const { result, statements: run } = await counted(() => orders.access(actorFor('Dealership', { userId: dealer }), { id: orderId }));
    expect(run).toHaveLength(1);
    expect(result).toEqual(expect.objectContaining({ id: orderId, orderName: 'Reads 11', accountId: dealer, status: 'Uploading', QAstatus: 'Waiting For QA' }));
    expect(await status(orders.access(actorFor('Dealership', { userId: other }), { id: orderId }))).toBe(404);
    expect(await status(orders.access(actorFor('Management', { userId: dealer }), { id: orderId, write: true }))).toBe(200);
  });

  it('answers a page of the timeline in one statement: newest first, hidden events for staff who ask, the page kept within 1..max', async () => {
    const me = actorFor('Dealership', { userId: dealer });
    const first = await counted(() => events.ofOrder(me, { id: orderId }));
    expect(first.statements).toHaveLength(1);
    expect(first.result).toMatchObject({ total: 18, page: 1, pageSize: 10 });
    expect(first.result.items.map(positionOf)).toEqual([1, 2, 3, 5, 6, 7, 9, 10, 11, 13]);
    expect(first.result.items[2]).toMatchObject({ eventName: 'IMAGE_DECLINED', user: { id: dealer, displayName: 'Dealer' }, order: { id: orderId, orderName: 'Reads 11' }, isHidden: false });
    expect(first.result.items[0].user).toBeNull();
    const past = await events.ofOrder(me, { id: orderId, page: 9 });
    expect(past).toMatchObject({ total: 18, page: 2 });
    expect(past.items.map(positionOf)).toEqual([14, 15, 17, 18, 19, 21, 22, 23]);
    // hidden events: only admin and QA, and only when asked for
    expect(await events.ofOrder(me, { id: orderId, isHidden: true })).toMatchObject({ total: 18 });
    expect(await events.ofOrder(actorFor('QA'), { id: orderId, isHidden: true, page: 3 })).toMatchObject({ total: 24, page: 3 });
    expect(await status(events.ofOrder(actorFor('Dealership', { userId: other }), { id: orderId }))).toBe(404);
    expect(await status(events.ofOrder(actorFor('Admin'), { id: randomUUID() }))).toBe(404);
  });

  it('answers the list\'s first page with its count in one statement', async () => {
    const me = actorFor('Dealership', { userId: dealer });
    const dealerPage = await counted(() => orders.list(me, {}));
    expect(dealerPage.statements).toHaveLength(1);
    expect(dealerPage.result).toMatchObject({ total: 12, page: 1 });
    expect(dealerPage.result.items.map((o) => o.orderName)).toEqual(['Reads 11', 'Reads 10', 'Reads 9', 'Reads 8', 'Reads 7', 'Reads 6', 'Reads 5', 'Reads 4', 'Reads 3', 'Reads 2']);
    expect(dealerPage.result.items[0]).toMatchObject({ notePreview: null, tags: [expect.objectContaining({ name: 'Rush' }), expect.objectContaining({ name: 'Anna' })] });
    const adminPage = await counted(() => orders.list(actorFor('Admin'), { from: '2000-01-01', order: 'ASC' }));
    expect(adminPage.statements).toHaveLength(1);
    expect(adminPage.result.total).toBeGreaterThanOrEqual(12);
    const staffNote = (await orders.list(actorFor('QA'), { userId: dealer })).items[0].notePreview;
    expect(staffNote).toBe(`${'n'.repeat(60)}…`);
    // another page: the count first, then the page from the nearer end; past the end is the last page
    expect((await orders.list(me, { page: 5 })).items.map((o) => o.orderName)).toEqual(['Reads 1', 'Reads 0']);
    expect(await orders.list(actorFor('Dealership', { userId: other }), {})).toMatchObject({ items: [], total: 0, page: 1 });
  });
});
