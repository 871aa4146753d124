import { AUTH_MESSAGES, ORDER_MESSAGES, type OrderEventView, type OrderView } from '@app/contracts';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  createStyleGuide,
  signIn,
  useCast,
  useTestStack,
  type UserSession,
} from '../support';
import { Client } from 'pg';

/** Orders through the API: creation rules, detail, changes under the paired rules, approval, deletion, who sees what. */
describe('orders', () => {
  const stack = useTestStack({ label: 'orders', services: ['users', 'style-guides', 'orders'] });
  // every cross-tenant call is made by a caller holding the permission the route asks for,
  // so only the ownership check can refuse it
  const cast = useCast(stack, {
    admin: { displayName: 'The Admin' },
    qa: { displayName: 'The Editor', roleTags: ['QA_EDITOR'] },
    dealer: { displayName: 'Nordic Cars', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS', 'DELETE_ORDERS'], enabledQa: true },
    dealer2: { displayName: 'Other Cars', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS', 'DELETE_ORDERS'] },
    manager: { displayName: 'Group', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS', 'DELETE_ORDERS'] },
    salesName: 'Anna Sales',
  });
  let asPlain: UserSession;
  let plainSales: { id: string };
  let bo: { id: string };
  let foreignSales: { id: string };
  let guide: string;
  let unassignedGuide: string;
  let n = 0;
  const name = (prefix = 'Car') => `${prefix} ${++n} ${Date.now().toString(36)}`;

  const events = async (session: UserSession, orderId: string, query = ''): Promise<OrderEventView[]> =>
    (await session.get(`/api/events/order/${orderId}${query}`).expect(200)).body.items;

  beforeAll(async () => {
    // an account that may create orders but neither change nor delete them
    const plain = await createAccount(stack, { role: 'Dealership', displayName: 'Plain Cars', permissions: ['CREATE_ORDERS'] });
    plainSales = await createSalesPerson(stack, plain.id, { name: 'Plain Seller' });
    bo = await createSalesPerson(stack, cast.dealer.id, { name: 'Bo Seller' });
    foreignSales = await createSalesPerson(stack, cast.dealer2.id, { name: 'Foreign Seller' });
    asPlain = await signIn(stack, plain.email);
    guide = (await createStyleGuide(cast.admin, { name: 'Studio', assignTo: [cast.dealer.id, cast.dealer2.id, cast.manager.id, plain.id] })).id;
    unassignedGuide = (await createStyleGuide(cast.admin, { name: 'Not yours' })).id;
  });

  describe('creating an order', () => {
    it('creates it in Uploading, trimmed, with the names copied in and a NEW event', async () => {
      const res = await cast.asDealer
        .post('/api/orders')
        .set('user-agent', 'Mozilla/5.0 (X11; Linux) Test')
        .send({ orderName: '  VW Golf  ', styleGuide: guide, salesMan: bo.id, takenImagesCount: 8, note: 'Keep the plate' })
        .expect(201);
      const o = res.body as OrderView;
      expect(o).toMatchObject({
        orderName: 'VW Golf',
        status: 'Uploading',
        QAstatus: 'Waiting For QA',
        user: { id: cast.dealer.id, displayName: 'Nordic Cars', userName: cast.dealer.email },
        createdBy: { id: cast.dealer.id, displayName: 'Nordic Cars', role: 'Account' },
        impersonatedBy: null,
        salesMan: { id: bo.id, name: 'Bo Seller' },
        styleGuide: { id: guide, name: 'Studio' },
        deviceInformation: { platform: 'web', userAgent: 'Mozilla/5.0 (X11; Linux) Test' },
        takenImagesCount: 8,
        imageCount: 0,
        uploadedImagesCount: 0,
        tags: [],
        timeToReadyToDownload: null,
        note: 'Keep the plate',
      });
      const timeline = await events(cast.asDealer, o.id);
      expect(timeline).toHaveLength(1);
      expect(timeline[0]).toMatchObject({ eventName: 'NEW', user: { id: cast.dealer.id, displayName: 'Nordic Cars' }, order: { id: o.id, orderName: 'VW Golf' } });
    });

    it('refuses an order the mobile app sends for an account without mobile app access (403); from the web it is taken', async () => {
      const without = await createAccount(stack, { role: 'Dealership', displayName: 'Desk Cars', permissions: ['CREATE_ORDERS'], mobileAppAccess: false });
      const seller = await createSalesPerson(stack, without.id, { name: 'Desk Seller' });
      const g = await createStyleGuide(cast.admin, { name: 'Desk studio', assignTo: [without.id] });
      const asWithout = await signIn(stack, without.email);
      for (const platform of ['android', 'ios'] as const) {
        const res = await asWithout.post('/api/orders').send({ orderName: 'Phone order', styleGuide: g.id, salesMan: seller.id, takenImagesCount: 1, deviceInformation: { platform } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ statusCode: 403, message: AUTH_MESSAGES.noMobileAppAccess });
      }
      const web = await asWithout.post('/api/orders').send({ orderName: 'Desk order', styleGuide: g.id, salesMan: seller.id, takenImagesCount: 1 }).expect(201);
      expect((web.body as OrderView).deviceInformation.platform).toBe('web');
    });

    it('records what the mobile app sends about itself', async () => {
      const o = await createOrder(cast.asDealer, {
        styleGuide: guide,
        salesMan: bo.id,
        deviceInformation: { platform: 'android', model: 'Pixel 8', osVersion: '15' },
        appVersion: '2.4.1',
      });
      expect(o.deviceInformation).toMatchObject({ platform: 'android', model: 'Pixel 8', osVersion: '15' });
      expect(o.appVersion).toBe('2.4.1');
      await cast.asDealer.post('/api/orders').send({ orderName: name(), styleGuide: guide, salesMan: bo.id, takenImagesCount: 1, appVersion: 'latest' }).expect(400);
      await cast.asDealer
        .post('/api/orders')
        .send({ orderName: name(), styleGuide: guide, salesMan: bo.id, takenImagesCount: 1, deviceInformation: { platform: 'symbian' } })
        .expect(400);
    });

    it('wants a name of 3 to 60 characters', async () => {
      const base = { styleGuide: guide, salesMan: bo.id, takenImagesCount: 2 };
      const short = await cast.asDealer.post('/api/orders').send({ ...base, orderName: '  ab  ' }).expect(400);
      expect(short.body.message).toBe(ORDER_MESSAGES.nameMin);
      const long = await cast.asDealer.post('/api/orders').send({ ...base, orderName: 'x'.repeat(61) }).expect(400);
      expect(long.body.message).toBe(ORDER_MESSAGES.nameMax);
      await cast.asDealer.post('/api/orders').send({ ...base, orderName: 'abc' }).expect(201);
      await cast.asDealer.post('/api/orders').send({ ...base, orderName: 'y'.repeat(60) }).expect(201);
      await cast.asDealer.post('/api/orders').send({ ...base }).expect(400);
    });

    it('wants a name unique within the account, whatever the case, but not across accounts', async () => {
      const base = { styleGuide: guide, salesMan: bo.id, takenImagesCount: 2 };
      await cast.asDealer.post('/api/orders').send({ ...base, orderName: 'Tesla Model 3' }).expect(201);
      const dup = await cast.asDealer.post('/api/orders').send({ ...base, orderName: ' tesla MODEL 3 ' }).expect(409);
      expect(dup.body).toEqual({ statusCode: 409, message: 'Please specify a unique order name' });
      // the signed-in sales person works on the same account
      await cast.asSales.post('/api/orders').send({ ...base, orderName: 'TESLA model 3' }).expect(409);
      await cast.asDealer2.post('/api/orders').send({ ...base, salesMan: foreignSales.id, orderName: 'Tesla Model 3' }).expect(201);
    });

    it('takes a style guide assigned to the account only (the admin may use any)', async () => {
      const none = await cast.asDealer.post('/api/orders').send({ orderName: name(), salesMan: bo.id, takenImagesCount: 1 }).expect(400);
      expect(none.body.message).toBe(ORDER_MESSAGES.styleGuideRequired);
      const res = await cast.asDealer.post('/api/orders').send({ orderName: name(), styleGuide: unassignedGuide, salesMan: bo.id, takenImagesCount: 1 }).expect(400);
      expect(res.body.message).toBe(ORDER_MESSAGES.styleGuideNotAssigned);
      const byAdmin = await cast.admin
        .post('/api/orders')
        .send({ orderName: name(), styleGuide: unassignedGuide, salesMan: bo.id, takenImagesCount: 1, userId: cast.dealer.id })
        .expect(201);
      expect(byAdmin.body.styleGuide).toEqual({ id: unassignedGuide, name: 'Not yours' });
    });

    it('wants a sales person of the account, unless a sales person is signed in', async () => {
      const base = { styleGuide: guide, takenImagesCount: 1 };
      const missing = await cast.asDealer.post('/api/orders').send({ ...base, orderName: name() }).expect(400);
      expect(missing.body.message).toBe(ORDER_MESSAGES.salesPersonRequired);
      const foreign = await cast.asDealer.post('/api/orders').send({ ...base, orderName: name(), salesMan: foreignSales.id }).expect(400);
      expect(foreign.body.message).toBe('Sales person not found');
      const unknown = await cast.asDealer.post('/api/orders').send({ ...base, orderName: name(), salesMan: '00000000-0000-4000-8000-0000000000ff' }).expect(400);
      expect(unknown.body.message).toBe('Sales person not found');

      // signed in as Anna: the order is hers, whoever the body names
      const own = await cast.asSales.post('/api/orders').send({ ...base, orderName: name('Anna') }).expect(201);
      expect(own.body).toMatchObject({ salesMan: { id: cast.sales.id, name: 'Anna Sales' }, createdBy: { id: cast.sales.id, role: 'SalesPerson' }, user: { id: cast.dealer.id } });
      const named = await cast.asSales.post('/api/orders').send({ ...base, orderName: name('Anna'), salesMan: bo.id }).expect(201);
      expect(named.body.salesMan.id).toBe(cast.sales.id);
      expect((await events(cast.asDealer, own.body.id))[0].user).toEqual({ id: cast.sales.id, displayName: 'Anna Sales' });
    });

    it('lets management order for itself without a sales person (management accounts have none)', async () => {
      const res = await cast.asManager.post('/api/orders').send({ orderName: name('Group'), styleGuide: guide, takenImagesCount: 1 }).expect(201);
      expect(res.body).toMatchObject({ user: { id: cast.manager.id }, salesMan: null });
    });

    it('records an admin acting for a dealership, and refuses impersonation to anyone else', async () => {
      const res = await cast.admin
        .post('/api/orders')
        .send({ orderName: name('For dealer'), styleGuide: guide, salesMan: bo.id, takenImagesCount: 2, userId: cast.dealer.id })
        .expect(201);
      const me = (await cast.admin.get('/api/me').expect(200)).body;
      expect(res.body).toMatchObject({
        user: { id: cast.dealer.id, displayName: 'Nordic Cars' },
        impersonatedBy: { id: me.id, displayName: 'The Admin' },
        createdBy: { id: me.id, role: 'Admin' },
      });
      const [created] = await events(cast.asDealer, res.body.id);
      expect(created).toMatchObject({ eventName: 'NEW', user: { id: me.id, displayName: 'The Admin' }, payload: { impersonatedBy: 'The Admin' } });
      // the dealership sees it as its own
      await cast.asDealer.get(`/api/orders/${res.body.id}`).expect(200);

      const other = await cast.asDealer.post('/api/orders').send({ orderName: name(), styleGuide: guide, salesMan: bo.id, takenImagesCount: 1, userId: cast.dealer2.id }).expect(403);
      expect(other.body.message).toBe(ORDER_MESSAGES.impersonationAdminOnly);
      // naming oneself is no impersonation
      await cast.asDealer.post('/api/orders').send({ orderName: name(), styleGuide: guide, salesMan: bo.id, takenImagesCount: 1, userId: cast.dealer.id }).expect(201);
      const noAccount = await cast.admin.post('/api/orders').send({ orderName: name(), styleGuide: guide, takenImagesCount: 1 }).expect(400);
      expect(noAccount.body.message).toBe(ORDER_MESSAGES.dealershipRequired);
      const adminAccount = await cast.admin.get('/api/me').expect(200);
      const qaAccount = (await cast.qa.get('/api/me').expect(200)).body.id;
      const notDealer = await cast.admin.post('/api/orders').send({ orderName: name(), styleGuide: guide, takenImagesCount: 1, userId: qaAccount }).expect(400);
      expect(notDealer.body.message).toBe(ORDER_MESSAGES.dealershipRequired);
      expect(adminAccount.body.userRole).toBe('Admin');
    });

    it('needs CREATE_ORDERS and a sensible image count', async () => {
      const noPermission = await createAccount(stack, { role: 'Dealership' });
      const session = await signIn(stack, noPermission.email);
      const res = await session.post('/api/orders').send({ orderName: name(), styleGuide: guide, takenImagesCount: 1 }).expect(403);
      expect(res.body.message).toBe('Missing permission CREATE_ORDERS');
      await cast.qa.post('/api/orders').send({ orderName: name(), styleGuide: guide, takenImagesCount: 1 }).expect(403);
      for (const takenImagesCount of [0, 101, 'many', null]) {
        await cast.asDealer.post('/api/orders').send({ orderName: name(), styleGuide: guide, salesMan: bo.id, takenImagesCount }).expect(400);
      }
      await cast.asDealer.post('/api/orders').send({ orderName: name(), styleGuide: guide, salesMan: bo.id, takenImagesCount: 1, status: 'Completed' }).expect(400);
    });
  });

  describe('who sees an order', () => {
    let own: OrderView;

    beforeAll(async () => {
      own = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id });
    });

    it('the dealership, its sales person, its management, admin and QA; another dealership gets 404', async () => {
      for (const s of [cast.asDealer, cast.asSales, cast.asManager, cast.admin, cast.qa]) {
        expect((await s.get(`/api/orders/${own.id}`).expect(200)).body.id).toBe(own.id);
      }
      const res = await cast.asDealer2.get(`/api/orders/${own.id}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: ORDER_MESSAGES.notFound });
      await cast.asDealer2.get(`/api/events/order/${own.id}`).expect(404);
      // another dealership holding UPDATE_ORDERS and DELETE_ORDERS: still "not found"
      expect((await cast.asDealer2.put(`/api/orders/${own.id}`).send({ orderName: 'Taken over' }).expect(404)).body.message).toBe(ORDER_MESSAGES.notFound);
      expect((await cast.asDealer2.delete(`/api/orders/${own.id}`).expect(404)).body.message).toBe(ORDER_MESSAGES.notFound);
      expect((await cast.asDealer.get(`/api/orders/${own.id}`).expect(200)).body.orderName).toBe(own.orderName);
      await cast.asDealer.get('/api/orders/not-a-uuid').expect(400);
      await cast.asDealer.get('/api/orders/00000000-0000-4000-8000-0000000000aa').expect(404);
    });

    it('management does not see or change the orders of an account that is not its child', async () => {
      const foreign = await createOrder(cast.asDealer2, { styleGuide: guide, salesMan: foreignSales.id });
      await cast.asManager.get(`/api/orders/${foreign.id}`).expect(404);
      await cast.asSales.get(`/api/orders/${foreign.id}`).expect(404);
      // management holds UPDATE_ORDERS and DELETE_ORDERS: only the scope refuses
      await cast.asManager.put(`/api/orders/${foreign.id}`).send({ orderName: 'Taken over' }).expect(404);
      await cast.asManager.delete(`/api/orders/${foreign.id}`).expect(404);
      expect((await cast.asDealer2.get(`/api/orders/${foreign.id}`).expect(200)).body.orderName).toBe(foreign.orderName);
    });
  });

  describe('changing an order', () => {
    it('renames it (trimmed, unique), writes EDITED and answers the saved order', async () => {
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id, orderName: 'Audi A4' });
      await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id, orderName: 'Audi A6' });
      const res = await cast.admin.put(`/api/orders/${o.id}`).send({ orderName: '  Audi A4 Avant ' }).expect(200);
      expect(res.body).toMatchObject({ id: o.id, orderName: 'Audi A4 Avant' });
      expect((await cast.asDealer.get(`/api/orders/${o.id}`).expect(200)).body.orderName).toBe('Audi A4 Avant');
      const [edited] = await events(cast.admin, o.id);
      expect(edited).toMatchObject({ eventName: 'EDITED', payload: { orderName: { from: 'Audi A4', to: 'Audi A4 Avant' } }, user: { displayName: 'The Admin' } });
      const dup = await cast.admin.put(`/api/orders/${o.id}`).send({ orderName: 'audi a6' }).expect(409);
      expect(dup.body.message).toBe('Please specify a unique order name');
      const short = await cast.admin.put(`/api/orders/${o.id}`).send({ orderName: 'A4' }).expect(400);
      expect(short.body.message).toBe(ORDER_MESSAGES.nameMin);
      // a change of case of its own name is fine
      await cast.admin.put(`/api/orders/${o.id}`).send({ orderName: 'AUDI A4 AVANT' }).expect(200);
      await cast.admin.put(`/api/orders/${o.id}`).send({}).expect(400);
    });

    it('lets the owner rename its order with UPDATE_ORDERS, and nothing else', async () => {
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id });
      const res = await cast.asDealer.put(`/api/orders/${o.id}`).send({ orderName: 'Renamed by the dealer' }).expect(200);
      expect(res.body.orderName).toBe('Renamed by the dealer');
      const status = await cast.asDealer.put(`/api/orders/${o.id}`).send({ status: 'Completed' }).expect(403);
      expect(status.body.message).toBe(ORDER_MESSAGES.statusChangeForbidden);
      await cast.asDealer.put(`/api/orders/${o.id}`).send({ note: 'Mine' }).expect(403);
      // management reads its child's order but does not change it, UPDATE_ORDERS or not: the
      // order is not its own
      const byManager = await cast.asManager.put(`/api/orders/${o.id}`).send({ orderName: 'By management' }).expect(403);
      expect(byManager.body.message).not.toMatch(/Missing permission/);
      expect((await cast.asDealer.get(`/api/orders/${o.id}`).expect(200)).body.orderName).toBe('Renamed by the dealer');
      // an account without UPDATE_ORDERS
      const theirs = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSales.id });
      const denied = await asPlain.put(`/api/orders/${theirs.id}`).send({ orderName: 'Renamed' }).expect(403);
      expect(denied.body.message).toBe('Missing permission UPDATE_ORDERS');
    });

    it('follows the paired rules: one dropdown sets the other, both must go together', async () => {
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id });
      const put = (body: object, status = 200) => cast.qa.put(`/api/orders/${o.id}`).send(body).expect(status);
      expect((await put({ status: 'Completed' })).body).toMatchObject({ status: 'Completed', QAstatus: 'Approved' });
      expect((await put({ status: 'In Progress' })).body).toMatchObject({ status: 'In Progress', QAstatus: 'Waiting For QA' });
      expect((await put({ status: 'Delivering' })).body).toMatchObject({ status: 'Delivering', QAstatus: 'Approved' });
      expect((await put({ QAstatus: 'Waiting For Edition' })).body).toMatchObject({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
      expect((await put({ QAstatus: 'Approved' })).body).toMatchObject({ status: 'Ready to download', QAstatus: 'Approved' });
      expect((await put({ QAstatus: 'Waiting For QA' })).body).toMatchObject({ status: 'QA stage', QAstatus: 'Waiting For QA' });
      expect((await put({ status: 'QA stage', QAstatus: 'Waiting For Edition' })).body).toMatchObject({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
      expect((await put({ status: 'Uploading', QAstatus: 'Waiting For QA' })).body).toMatchObject({ status: 'Uploading' });
      const bad = await put({ status: 'Ready to download', QAstatus: 'Waiting For QA' }, 400);
      expect(bad.body.message).toBe(ORDER_MESSAGES.statusPairInvalid('Ready to download', 'Waiting For QA'));
      await put({ status: 'In Progress', QAstatus: 'Approved' }, 400);
      await put({ status: 'Finished' }, 400);
      expect((await cast.admin.get(`/api/orders/${o.id}`).expect(200)).body).toMatchObject({ status: 'Uploading', QAstatus: 'Waiting For QA' });
    });

    it('writes every status change on the timeline with from and to, and times the first Ready to download', async () => {
      const started = Date.now();
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id });
      const ready = await cast.admin.put(`/api/orders/${o.id}`).send({ status: 'Ready to download' }).expect(200);
      // whole seconds from the order's creation: within what this test waited, not milliseconds
      expect(ready.body.timeToReadyToDownload).toEqual(expect.any(Number));
      expect(Number.isInteger(ready.body.timeToReadyToDownload)).toBe(true);
      expect(ready.body.timeToReadyToDownload).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000));
      expect(ready.body.timeToCompleted).toBeNull();
      const done = await cast.admin.put(`/api/orders/${o.id}`).send({ status: 'Completed' }).expect(200);
      expect(done.body.timeToCompleted).toEqual(expect.any(Number));
      expect(done.body.timeToCompleted).toBeGreaterThanOrEqual(ready.body.timeToReadyToDownload);
      expect(done.body.timeToCompleted).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000));
      expect(done.body.timeToReadyToDownload).toBe(ready.body.timeToReadyToDownload);
      // the same status again changes nothing
      await cast.admin.put(`/api/orders/${o.id}`).send({ status: 'Completed' }).expect(200);
      const timeline = await events(cast.asDealer, o.id);
      expect(timeline.map((e) => e.eventName)).toEqual(['UPDATED', 'UPDATED', 'NEW']);
      expect(timeline[0]).toMatchObject({
        payload: { from: { status: 'Ready to download', QAstatus: 'Approved' }, to: { status: 'Completed', QAstatus: 'Approved' } },
        user: { displayName: 'The Admin' },
      });
      expect(timeline[1].payload).toEqual({ from: { status: 'Uploading', QAstatus: 'Waiting For QA' }, to: { status: 'Ready to download', QAstatus: 'Approved' } });
    });

    it('lets admin and QA change the note, the car type and the sales person, within the account', async () => {
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id });
      const res = await cast.qa.put(`/api/orders/${o.id}`).send({ note: 'Check the wheels', salesMan: cast.sales.id }).expect(200);
      expect(res.body).toMatchObject({ note: 'Check the wheels', salesMan: { id: cast.sales.id, name: 'Anna Sales' } });
      const [edited] = await events(cast.qa, o.id);
      expect(edited.payload).toEqual({ note: { from: null, to: 'Check the wheels' }, salesMan: { from: 'Bo Seller', to: 'Anna Sales' }, salesPersonId: cast.sales.id });
      const foreign = await cast.qa.put(`/api/orders/${o.id}`).send({ salesMan: foreignSales.id }).expect(400);
      expect(foreign.body.message).toBe('Sales person not found');
      await cast.qa.put(`/api/orders/${o.id}`).send({ carType: '00000000-0000-4000-8000-0000000000ab' }).expect(400);
      expect((await cast.qa.put(`/api/orders/${o.id}`).send({ note: null }).expect(200)).body.note).toBeNull();
    });
  });

  describe('approval', () => {
    it('approves (Ready to download, Approved) or sends back (QA stage, Waiting For Edition), for admin and QA', async () => {
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id });
      expect((await cast.qa.put(`/api/orders/approval/${o.id}/false`).expect(200)).body).toMatchObject({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
      expect((await cast.admin.put(`/api/orders/approval/${o.id}/true`).expect(200)).body).toMatchObject({ status: 'Ready to download', QAstatus: 'Approved' });
      const [approved] = await events(cast.asDealer, o.id);
      expect(approved).toMatchObject({ eventName: 'UPDATED', payload: { to: { status: 'Ready to download', QAstatus: 'Approved' } } });
      await cast.asDealer.put(`/api/orders/approval/${o.id}/true`).expect(403);
      await cast.qa.put(`/api/orders/approval/${o.id}/maybe`).expect(400);
      await cast.qa.put('/api/orders/approval/00000000-0000-4000-8000-0000000000aa/true').expect(404);
    });
  });

  describe('deleting an order', () => {
    it('needs admin, QA, or the owner with DELETE_ORDERS; keeps a DELETED event; frees the name; tells the images service', async () => {
      const o = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id, orderName: 'Doomed car' });
      // management holds DELETE_ORDERS, but the order is its child's, not its own
      const byManager = await cast.asManager.delete(`/api/orders/${o.id}`).expect(403);
      expect(byManager.body.message).not.toMatch(/Missing permission/);
      await cast.asDealer.get(`/api/orders/${o.id}`).expect(200);
      await cast.asDealer.delete(`/api/orders/${o.id}`).expect(200);
      await cast.asDealer.get(`/api/orders/${o.id}`).expect(404);
      await cast.asDealer.delete(`/api/orders/${o.id}`).expect(404);
      const accountEvents = (await cast.asDealer.get(`/api/events/user/${cast.dealer.id}`).expect(200)).body.items as OrderEventView[];
      expect(accountEvents[0]).toMatchObject({ eventName: 'DELETED', order: { id: o.id, orderName: 'Doomed car' }, user: { displayName: 'Nordic Cars' } });
      await createOrder(cast.asDealer, { styleGuide: guide, salesMan: bo.id, orderName: 'Doomed car' });

      const c = new Client({ connectionString: stack.db.url });
      await c.connect();
      try {
        const rows = await c.query(`SELECT payload FROM orders.outbox WHERE subject = 'evt.orders.order-deleted'`);
        expect(rows.rows.map((r) => r.payload.orderId)).toContain(o.id);
      } finally {
        await c.end();
      }

      // without DELETE_ORDERS the owner deletes only its orders still uploading (unfinished-uploads.e2e-spec)
      const theirs = await createOrder(asPlain, { styleGuide: guide, salesMan: plainSales.id });
      const c2 = new Client({ connectionString: stack.db.url });
      await c2.connect();
      try {
        await c2.query(`UPDATE orders.orders SET status = 'In Progress' WHERE id = $1`, [theirs.id]);
      } finally {
        await c2.end();
      }
      const denied = await asPlain.delete(`/api/orders/${theirs.id}`).expect(403);
      expect(denied.body.message).toBe(ORDER_MESSAGES.deleteOnlyUnfinished);
      await cast.qa.delete(`/api/orders/${theirs.id}`).expect(200);
    });
  });
});
