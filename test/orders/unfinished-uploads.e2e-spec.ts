import { ORDER_MESSAGES, type ImageView, type OrderListItem, type OrderView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import { createAccount, createOrder, createSalesPerson, signIn, startTestStack, uploadOrderImage, type TestStack, type UserSession } from '../support';

/** how old an Uploading order may get here before the list flags it (the default is 24 hours) */
const STALE_HOURS = 2;

/**
 * An upload cut off half-way does not strand its order: a position whose picture never
 * arrived is granted again, one that arrived says so in words, the list flags an Uploading
 * order nothing has reached for ORDERS_UPLOAD_STALE_HOURS, and the dealership deletes its own
 * unfinished order even without DELETE_ORDERS (but not another's, nor a finished one).
 */
describe('unfinished uploads', () => {
  jest.setTimeout(120_000);
  let stack: TestStack;
  let admin: UserSession;
  let asDealer: UserSession;
  let asOther: UserSession;
  let salesPersonId: string;
  let otherSalesPersonId: string;
  let guideId: string;

  beforeAll(async () => {
    stack = await startTestStack({
      label: 'unfinished_uploads',
      services: ['users', 'style-guides', 'orders', 'images'],
      env: { IMAGES_UPLOAD_POLL_MS: '300', ORDERS_UPLOAD_STALE_HOURS: String(STALE_HOURS) },
    });
    // dealerships that may create orders but hold no DELETE_ORDERS
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], displayName: 'Half Way Cars' });
    const other = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], displayName: 'Other Cars' });
    [admin, asDealer, asOther] = await Promise.all([createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)), signIn(stack, dealer.email), signIn(stack, other.email)]);
    salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    otherSalesPersonId = (await createSalesPerson(stack, other.id)).id;
    guideId = (await admin.post('/api/style-guides').send({ name: 'Free form', outputWidth: 800, outputHeight: 600, maxImageSize: 300_000, frameFreeRouting: 'bypass' }).expect(201))
      .body.id;
    for (const id of [dealer.id, other.id]) await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: id, styleGuideId: guideId }).expect(200);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const newOrder = (session: UserSession, salesMan: string, takenImagesCount = 3): Promise<OrderView> =>
    createOrder(session, { styleGuide: guideId, salesMan, takenImagesCount });
  const grant = (orderId: string, position: number) =>
    asDealer.post('/api/images/get-signed-url-for-upload').send({ order: orderId, position, fileSize: 5000, width: 800, height: 600 });
  const imagesOf = async (orderId: string): Promise<ImageView[]> => (await asDealer.get(`/api/images/order/${orderId}`).expect(200)).body;
  const statusOf = async (orderId: string): Promise<string> => ((await asDealer.get(`/api/orders/${orderId}`).expect(200)).body as OrderView).status;
  const rowOf = async (session: UserSession, orderId: string): Promise<OrderListItem | undefined> =>
    ((await session.get('/api/orders/get-orders').expect(200)).body.items as OrderListItem[]).find((o) => o.id === orderId);
  /** nothing has reached the order for `hours`: its last change moved into the past */
  const age = async (orderId: string, hours: number): Promise<void> => {
    const rows = await stack.db.query(`UPDATE orders.orders SET updated_at = now() - make_interval(hours => $2) WHERE id = $1 RETURNING id`, [orderId, hours]);
    expect(rows).toHaveLength(1);
  };
  const finish = async (orderId: string): Promise<void> => {
    await stack.db.query(`UPDATE orders.orders SET status = 'Ready to download', qa_status = 'Approved' WHERE id = $1`, [orderId]);
  };

  it('grants a position whose picture never arrived again, refuses one that arrived with a sentence, and the resumed order moves on', async () => {
    const order = await newOrder(asDealer, salesPersonId);
    await uploadOrderImage(asDealer, order.id, 1, await testJpeg(800, 600));
    // the line dropped after position 2 was granted: its file never reached storage
    const first = await grant(order.id, 2).expect(201);
    const again = await grant(order.id, 2).expect(201);
    expect(again.body.imageId).not.toBe(first.body.imageId);
    const atTwo = (await imagesOf(order.id)).filter((i) => i.position === 2);
    expect(atTwo.map((i) => i.id)).toEqual([again.body.imageId]);

    const taken = await grant(order.id, 1).expect(409);
    expect(taken.body.message).toBe('The picture for position 1 has already arrived complete; it does not need to be sent again');
    expect(await statusOf(order.id)).toBe('Uploading');

    // resumed: the missing pictures arrive and the order moves on
    await uploadOrderImage(asDealer, order.id, 2, await testJpeg(800, 600));
    await uploadOrderImage(asDealer, order.id, 3, await testJpeg(800, 600));
    await waitFor(async () => (await statusOf(order.id)) !== 'Uploading', 'the resumed order moving on', 30_000, 200);
  });

  it(`flags an Uploading order nothing has reached for ORDERS_UPLOAD_STALE_HOURS (${STALE_HOURS} h here), not a fresh or a finished one`, async () => {
    const fresh = await newOrder(asDealer, salesPersonId);
    const left = await newOrder(asDealer, salesPersonId);
    const done = await newOrder(asDealer, salesPersonId);
    await age(fresh.id, STALE_HOURS - 1);
    await age(left.id, STALE_HOURS + 1);
    await finish(done.id);
    await age(done.id, STALE_HOURS + 1);
    expect(await rowOf(asDealer, fresh.id)).toMatchObject({ status: 'Uploading', uploadStale: false });
    expect(await rowOf(asDealer, left.id)).toMatchObject({ status: 'Uploading', uploadStale: true });
    expect(await rowOf(asDealer, done.id)).toMatchObject({ status: 'Ready to download', uploadStale: false });
    // the admin's list says the same
    expect(await rowOf(admin, left.id)).toMatchObject({ uploadStale: true });
  });

  it("lets the dealership delete its own unfinished order without DELETE_ORDERS, not another dealership's, not a finished one", async () => {
    const mine = await newOrder(asDealer, salesPersonId);
    const theirs = await newOrder(asOther, otherSalesPersonId);
    const finished = await newOrder(asDealer, salesPersonId);
    await finish(finished.id);

    // another dealership's order is "not found", and stays
    const foreign = await asDealer.delete(`/api/orders/${theirs.id}`).expect(404);
    expect(foreign.body.message).toBe(ORDER_MESSAGES.notFound);
    await asOther.get(`/api/orders/${theirs.id}`).expect(200);

    // a finished one needs DELETE_ORDERS, and the refusal says why
    const refused = await asDealer.delete(`/api/orders/${finished.id}`).expect(403);
    expect(refused.body.message).toBe('Without the DELETE_ORDERS permission you can delete only an order that is still uploading; this one has all its pictures');
    await asDealer.get(`/api/orders/${finished.id}`).expect(200);

    await asDealer.delete(`/api/orders/${mine.id}`).expect(200);
    await asDealer.get(`/api/orders/${mine.id}`).expect(404);
    expect(await rowOf(asDealer, mine.id)).toBeUndefined();
  });
});
