import type { OrderView, TagView } from '@app/contracts';
import { testJpeg, testMp4, waitFor } from '@app/testing';
import { createAccount, createOrder, filesUnder, rowsNaming as rowsNamingIn, createSalesPerson, signIn, startTestStack, uploadOrderImage, uploadOrderVideo, type TestAccount, type TestStack, type UserSession } from '../support';



/**
 * Deleting an account deletes it everywhere: each service that holds something of it removes
 * it on the users service's `account-deleted` event, also a service that was down when the
 * account went (it catches up from its durable consumer when it is back).
 */
describe('deleting an account everywhere', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let doomed: TestAccount;
  let kept: TestAccount;
  let asDoomed: UserSession;
  let asKept: UserSession;
  let guideId: string;

  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => stack.db.query<T>(text, params);

  beforeAll(async () => {
    stack = await startTestStack({ label: 'account-deletion', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    const permissions = ['CREATE_ORDERS', 'DELETE_ORDERS'];
    [doomed, kept] = await Promise.all([createAccount(stack, { role: 'Dealership', permissions }), createAccount(stack, { role: 'Dealership', permissions })]);
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    [asDoomed, asKept] = await Promise.all([signIn(stack, doomed.email), signIn(stack, kept.email)]);
    guideId = (await admin.post('/api/style-guides').send({ name: 'Free form', outputWidth: 800, outputHeight: 600, maxImageSize: 300_000, frameFreeRouting: 'bypass' }).expect(201)).body.id;
    for (const userId of [doomed.id, kept.id]) await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId, styleGuideId: guideId }).expect(200);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** An order with a picture and a video, a tag on the order; answers its id. */
  async function orderWithMedia(session: UserSession, salesMan: string, orderTag: string): Promise<string> {
    const order: OrderView = await createOrder(session, { styleGuide: guideId, salesMan, takenImagesCount: 1 });
    await uploadOrderImage(session, order.id, 1, await testJpeg(640, 480));
    const video = await uploadOrderVideo(session, order.id, await testMp4(1));
    expect(video.status).toBe(200);
    await admin.post(`/api/tags/orders/${order.id}`).send({ tagId: orderTag }).expect(201);
    return order.id;
  }

  const rowsNaming = (id: string) => rowsNamingIn(stack.db, id);

  it('removes its orders, images, videos, files, sales people, integrations, assignments, tags and events; others keep theirs; a stopped service catches up', async () => {
    const doomedSalesPerson = await createSalesPerson(stack, doomed.id, { login: true });
    const keptSalesPerson = await createSalesPerson(stack, kept.id);
    await admin.post('/api/remote-integration').send({ provider: 'AZURE_BLOB', isActive: true, userId: doomed.id }).expect(201);
    await admin.post('/api/remote-integration').send({ provider: 'AZURE_BLOB', isActive: true, userId: kept.id }).expect(201);
    const orderTag = ((await admin.post('/api/tags').send({ name: 'Check first', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(201)).body as TagView).id;
    const userTag = ((await admin.post('/api/tags').send({ name: 'Key account', category: 'QA_COORDINATOR', entity: 'user', color: 'blue' }).expect(201)).body as TagView).id;
    await admin.post(`/api/tags/users/${doomed.id}`).send({ tagId: userTag }).expect(201);
    await admin.post(`/api/tags/users/${kept.id}`).send({ tagId: userTag }).expect(201);

    const doomedOrders = [await orderWithMedia(asDoomed, doomedSalesPerson.id, orderTag), await orderWithMedia(asDoomed, doomedSalesPerson.id, orderTag)];
    const keptOrder = await orderWithMedia(asKept, keptSalesPerson.id, orderTag);
    // the phones of the account and of its sales person, and a push notification about its order; the other dealership's too
    const asDoomedSales = await signIn(stack, doomedSalesPerson.email);
    for (const [session, token] of [[asDoomed, 'doomed-phone'], [asDoomedSales, 'doomed-sales-phone'], [asKept, 'kept-phone']] as const) {
      await session.post('/api/mobile/device-tokens').send({ token, platform: 'android' }).expect(200);
    }
    for (const orderId of [doomedOrders[0], keptOrder]) {
      await admin.post('/api/mobile/send-push-notification').send({ title: 'Photos ready', body: 'Your photos are ready', orderId }).expect(201);
    }
    const pushRows = (accountId: string) => sql('SELECT 1 FROM delivery.device_token WHERE account_id = $1 UNION ALL SELECT 1 FROM delivery.push_notification WHERE account_id = $1', [accountId]);
    expect(await pushRows(doomed.id)).toHaveLength(3);
    const s3Root = stack.s3.directory;
    const objectsOf = (orderId: string) => filesUnder(s3Root).filter((f) => f.includes(orderId));
    for (const id of [...doomedOrders, keptOrder]) expect(objectsOf(id).length).toBeGreaterThan(0);
    expect((await admin.get(`/api/events/order/${doomedOrders[0]}`).expect(200)).body.total).toBeGreaterThan(0);
    expect((await rowsNaming(doomed.id)).length).toBeGreaterThan(5);
    const keptBefore = (await rowsNaming(kept.id)).sort();
    const keptObjects = objectsOf(keptOrder).sort();

    // a forgot-password code sent before the delete must not reach a new account of the same e-mail
    await stack.http().post('/api/auth/forgot-password').send({ email: doomed.email }).expect(200);
    const codes = () => sql('SELECT 1 FROM users.reset_code WHERE lower(email) = lower($1)', [doomed.email]);
    // the code is made after the request is answered
    await waitFor(async () => (await codes()).length === 1, 'the forgot-password code');

    // the images service is down while the account goes
    await stack.stopService('images');
    const hash = (await admin.get(`/api/users/${doomed.id}`).expect(200)).body.deleteConfirmationHash;
    await admin.post('/api/users/delete-user-account').send({ userId: doomed.id, hash }).expect(200);
    await waitFor(async () => (await rowsNaming(doomed.id)).every((r) => r.startsWith('images.')), 'every service but images to forget the account', 30_000);
    expect((await rowsNaming(doomed.id)).length).toBeGreaterThan(0);
    for (const id of doomedOrders) expect(objectsOf(id).length).toBeGreaterThan(0);

    await stack.startService('images');
    await waitFor(async () => (await rowsNaming(doomed.id)).length === 0, 'the images service to catch up', 60_000);
    for (const id of doomedOrders) {
      expect(objectsOf(id)).toEqual([]);
      for (const table of ['images.image', 'images.video', 'images.download_bundle', 'images.order_progress', 'orders.order_event', 'orders.tag_assignment']) {
        expect(await sql(`SELECT 1 FROM ${table} WHERE order_id = $1`, [id])).toEqual([]);
      }
      expect(await sql('SELECT 1 FROM orders.orders WHERE id = $1', [id])).toEqual([]);
    }
    await admin.get(`/api/salesman/${doomedSalesPerson.id}`).expect(404);
    expect(await rowsNaming(doomed.id)).toEqual([]);
    expect(await pushRows(doomed.id)).toEqual([]);
    expect(await codes()).toEqual([]);

    // the other dealership keeps everything
    expect((await rowsNaming(kept.id)).sort()).toEqual(keptBefore);
    expect(objectsOf(keptOrder).sort()).toEqual(keptObjects);
    const keptView = (await asKept.get(`/api/orders/${keptOrder}`).expect(200)).body as OrderView;
    expect(keptView.tags.map((t) => t.id)).toEqual([orderTag]);
    expect((await asKept.get(`/api/images/order/${keptOrder}`).expect(200)).body).toHaveLength(1);
    expect((await asKept.get(`/api/style-guides/user/${kept.id}`).expect(200)).body.map((g: { id: string }) => g.id)).toEqual([guideId]);
    await admin.get(`/api/salesman/${keptSalesPerson.id}`).expect(200);
    // its phone still gets the notifications about its orders
    const pushed = (await admin.post('/api/mobile/send-push-notification').send({ title: 'Photos ready', body: 'Your photos are ready', orderId: keptOrder }).expect(201)).body;
    expect(pushed.devicesReached).toBe(1);

    // the e-mail is free for a new account, which starts empty
    const again = await admin
      .post('/api/users/createAccountWithoutCognito')
      .send({
        email: doomed.email,
        displayName: 'Second Life Cars',
        address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK12345678' },
        contactPerson: { name: 'Mette Jensen', email: 'mette@fjord.test', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
      })
      .expect(201);
    expect(again.body.email).toBe(doomed.email.toLowerCase());
    expect((await admin.get(`/api/salesman/user/${again.body.id}`).expect(200)).body.total).toBe(0);
    expect((await admin.get(`/api/style-guides/user/${again.body.id}`).expect(200)).body).toEqual([]);
  });

  it('a second delete of the same account is 404 and changes nothing', async () => {
    const hash = (await admin.get(`/api/users/${kept.id}`).expect(200)).body.deleteConfirmationHash;
    const res = await admin.post('/api/users/delete-user-account').send({ userId: doomed.id, hash }).expect(404);
    expect(res.body.message).toBe('User not found');
    await asKept.get('/api/me').expect(200);
  });
});
