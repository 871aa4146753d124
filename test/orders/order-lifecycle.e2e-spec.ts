import type { OrderEventView, OrderView, TagView } from '@app/contracts';
import { waitFor, waitUntil } from '@app/testing';
import {
  createDealership,
  createOrder,
  createStyleGuide,
  publishOrderProgress,
  signedInAs,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';

/**
 * The lifecycle driven by the images service's progress events (published here on the images
 * service's own subject, as its outbox relay does), and the clean-up after an account is deleted.
 */
describe('order lifecycle', () => {
  const stack = useTestStack({ label: 'order_lifecycle', services: ['users', 'style-guides', 'orders'] });
  let admin: UserSession;
  let plain: TestAccount;
  let asPlain: UserSession;
  let withQa: TestAccount;
  let asWithQa: UserSession;
  let guide: string;
  let plainSalesPerson: string;
  let qaSalesPerson: string;

  const sql = <T,>(text: string, params: unknown[] = []): Promise<T[]> => stack.db.query<T>(text, params);
  const get = async (session: UserSession, id: string): Promise<OrderView> => (await session.get(`/api/orders/${id}`).expect(200)).body;
  const timeline = async (session: UserSession, id: string): Promise<OrderEventView[]> =>
    (await session.get(`/api/events/order/${id}`).expect(200)).body.items;
  const until = (session: UserSession, id: string, what: string, ok: (o: OrderView) => boolean) => waitUntil(() => get(session, id), ok, what);

  beforeAll(async () => {
    ({ account: plain, session: asPlain, salesPersonId: plainSalesPerson } = await createDealership(stack, { displayName: 'No QA Cars' }));
    ({ account: withQa, session: asWithQa, salesPersonId: qaSalesPerson } = await createDealership(stack, { displayName: 'QA Cars', enabledQa: true }));
    admin = await signedInAs(stack, { role: 'Admin' });
    guide = (await createStyleGuide(admin, { assignTo: [plain.id, withQa.id] })).id;
  });

  it('Uploading → In Progress when every taken image is accepted → Ready to download when all are processed (no QA)', async () => {
    const o = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSalesPerson, takenImagesCount: 3 });
    await publishOrderProgress(stack, { orderId: o.id, version: 1, imageCount: 3, uploadedCount: 1 });
    const one = await until(asPlain, o.id, 'the first upload counted', (x) => x.uploadedImagesCount === 1);
    expect(one).toMatchObject({ status: 'Uploading', imageCount: 3, processedImagesCount: 0 });

    await publishOrderProgress(stack, { orderId: o.id, version: 2, imageCount: 3, uploadedCount: 3 });
    const inProgress = await until(asPlain, o.id, 'In Progress', (x) => x.status === 'In Progress');
    expect(inProgress).toMatchObject({ QAstatus: 'Waiting For QA', uploadedImagesCount: 3, timeToReadyToDownload: null });

    await publishOrderProgress(stack, { orderId: o.id, version: 3, imageCount: 3, uploadedCount: 3, processedCount: 2 });
    await until(asPlain, o.id, 'two processed', (x) => x.processedImagesCount === 2);
    expect((await get(asPlain, o.id)).status).toBe('In Progress');

    // a failure counts as processed
    await publishOrderProgress(stack, { orderId: o.id, version: 5, imageCount: 3, uploadedCount: 3, processedCount: 3, failedCount: 1, videoCount: 1 });
    const ready = await until(asPlain, o.id, 'Ready to download', (x) => x.status === 'Ready to download');
    expect(ready).toMatchObject({ QAstatus: 'Approved', processedImagesCount: 3, failedImagesCount: 1, videoCount: 1 });
    expect(ready.timeToReadyToDownload).toEqual(expect.any(Number));

    // a copy older than what the order shows changes nothing (the consumer takes messages in
    // order: once a later message about another order shows, the old copy has been handled)
    const marker = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSalesPerson, takenImagesCount: 5 });
    await publishOrderProgress(stack, { orderId: o.id, version: 4, imageCount: 9, uploadedCount: 9, processedCount: 2 });
    await publishOrderProgress(stack, { orderId: marker.id, version: 1, imageCount: 1 });
    await until(asPlain, marker.id, 'the marker', (x) => x.imageCount === 1);
    expect(await get(asPlain, o.id)).toMatchObject({ imageCount: 3, uploadedImagesCount: 3, processedImagesCount: 3, status: 'Ready to download' });
    await publishOrderProgress(stack, { orderId: o.id, version: 6, imageCount: 4, uploadedCount: 3, processedCount: 3, failedCount: 1, videoCount: 1 });
    const latest = await until(asPlain, o.id, 'version 6', (x) => x.imageCount === 4);
    expect(latest).toMatchObject({ processedImagesCount: 3, status: 'Ready to download' });

    const events = await timeline(asPlain, o.id);
    expect(events.map((e) => e.eventName)).toEqual(['UPDATED', 'PROCESSING_COMPLETED', 'UPDATED', 'UPLOAD_COMPLETED', 'NEW']);
    expect(events[0]).toMatchObject({ user: null, payload: { from: { status: 'In Progress' }, to: { status: 'Ready to download', QAstatus: 'Approved' } } });
    expect(events[2].payload).toEqual({ from: { status: 'Uploading', QAstatus: 'Waiting For QA' }, to: { status: 'In Progress', QAstatus: 'Waiting For QA' } });

    const published = await sql<{ payload: { status: string; changedBy: string } }>(
      `SELECT payload FROM orders.outbox WHERE subject = 'evt.orders.order-status-changed' AND payload->>'orderId' = $1 ORDER BY created_at`,
      [o.id],
    );
    expect(published.map((r) => [r.payload.status, r.payload.changedBy])).toEqual([
      ['In Progress', 'lifecycle'],
      ['Ready to download', 'lifecycle'],
    ]);
  });

  it('takes both steps at once for an account with QA: QA stage, Waiting For QA', async () => {
    const o = await createOrder(asWithQa, { styleGuide: guide, salesMan: qaSalesPerson, takenImagesCount: 2 });
    await publishOrderProgress(stack, { orderId: o.id, version: 1, imageCount: 2, uploadedCount: 2, processedCount: 2 });
    const done = await until(asWithQa, o.id, 'QA stage', (x) => x.status === 'QA stage');
    expect(done).toMatchObject({ QAstatus: 'Waiting For QA', timeToReadyToDownload: null });
    expect((await timeline(asWithQa, o.id)).map((e) => e.eventName)).toEqual(['UPDATED', 'PROCESSING_COMPLETED', 'UPDATED', 'UPLOAD_COMPLETED', 'NEW']);
  });

  it('never overrides a status set by admin or QA', async () => {
    const completed = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSalesPerson, takenImagesCount: 2 });
    await admin.put(`/api/orders/${completed.id}`).send({ status: 'Completed' }).expect(200);
    await publishOrderProgress(stack, { orderId: completed.id, version: 1, imageCount: 2, uploadedCount: 2, processedCount: 2 });
    const kept = await until(admin, completed.id, 'the counts', (x) => x.processedImagesCount === 2);
    expect(kept.status).toBe('Completed');

    // In Progress set by hand while uploading: stays until every taken image is there and processed
    const early = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSalesPerson, takenImagesCount: 3 });
    await admin.put(`/api/orders/${early.id}`).send({ status: 'In Progress' }).expect(200);
    await publishOrderProgress(stack, { orderId: early.id, version: 1, imageCount: 2, uploadedCount: 2, processedCount: 2 });
    expect((await until(admin, early.id, 'the counts', (x) => x.processedImagesCount === 2)).status).toBe('In Progress');
    await publishOrderProgress(stack, { orderId: early.id, version: 2, imageCount: 3, uploadedCount: 3, processedCount: 3 });
    expect((await until(admin, early.id, 'Ready to download', (x) => x.status === 'Ready to download')).QAstatus).toBe('Approved');
    // no UPLOAD_COMPLETED: it was not uploading any more
    expect((await timeline(admin, early.id)).map((e) => e.eventName)).toEqual(['UPDATED', 'PROCESSING_COMPLETED', 'UPDATED', 'NEW']);
  });

  it('ignores progress of an order it does not know, and goes on', async () => {
    await publishOrderProgress(stack, { orderId: '00000000-0000-4000-8000-0000000000d1', version: 1, uploadedCount: 1 });
    const o = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSalesPerson, takenImagesCount: 1 });
    await publishOrderProgress(stack, { orderId: o.id, version: 1, imageCount: 1, uploadedCount: 1 });
    await until(asPlain, o.id, 'In Progress', (x) => x.status === 'In Progress');
  });

  it("removes a deleted account's orders, their events and tags, and tells the images service about each order", async () => {
    const { account: gone, session: asGone, salesPersonId: salesPerson } = await createDealership(stack);
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: gone.id, styleGuideId: guide }).expect(200);
    const a = await createOrder(asGone, { styleGuide: guide, salesMan: salesPerson });
    const b = await createOrder(asGone, { styleGuide: guide, salesMan: salesPerson });
    const kept = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSalesPerson });
    const orderTag = (await admin.post('/api/tags').send({ name: 'Gone soon', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(201)).body as TagView;
    const userTag = (await admin.post('/api/tags').send({ name: 'Leaving', category: 'QA_EDITOR', entity: 'user', color: 'grey' }).expect(201)).body as TagView;
    await admin.post(`/api/tags/orders/${a.id}`).send({ tagId: orderTag.id }).expect(201);
    await admin.post(`/api/tags/orders/${kept.id}`).send({ tagId: orderTag.id }).expect(201);
    await admin.post(`/api/tags/users/${gone.id}`).send({ tagId: userTag.id }).expect(201);

    const hash = (await admin.get(`/api/users/${gone.id}`).expect(200)).body.deleteConfirmationHash;
    await admin.post('/api/users/delete-user-account').send({ userId: gone.id, hash }).expect(200);
    await waitFor(async () => (await admin.get(`/api/orders/${a.id}`)).status === 404, 'the orders of the deleted account to go');
    await admin.get(`/api/orders/${b.id}`).expect(404);
    expect((await admin.get(`/api/events/user/${gone.id}?isHidden=true`).expect(200)).body.total).toBe(0);
    expect(await sql('SELECT entity FROM orders.tag_assignment WHERE account_id = $1', [gone.id])).toEqual([]);
    const deleted = await sql<{ id: string }>(
      `SELECT payload->>'orderId' AS id FROM orders.outbox WHERE subject = 'evt.orders.order-deleted' AND payload->>'accountId' = $1`,
      [gone.id],
    );
    expect(deleted.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    // nobody else's
    expect((await get(admin, kept.id)).tags.map((t) => t.id)).toEqual([orderTag.id]);
    expect((await admin.get(`/api/events/order/${kept.id}`).expect(200)).body.total).toBe(1);
  });
});
