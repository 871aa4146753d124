import { ImagesEvents, TAG_ASSIGNMENT_MESSAGES, type OrderEventLine, type OrderEventName, type OrderEventView, type OrderView, type Paged, type TagView } from '@app/contracts';
import { waitFor } from '@app/testing';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  createStyleGuide,
  publishEvent,
  signedInAs,
  signIn,
  useCast,
  useTestStack,
  type UserSession,
} from '../support';

/** The order timeline (GET /events/…) and tags put on orders and users (/tags/get, POST /tags/{entity}/{id}, DELETE /tags). */
describe('order timeline and tag assignments', () => {
  const stack = useTestStack({ label: 'order_timeline', services: ['users', 'style-guides', 'orders'] });
  const cast = useCast(stack, {
    dealer: { displayName: 'Nordic Cars', permissions: ['CREATE_ORDERS'] },
    dealer2: { permissions: ['CREATE_ORDERS'] },
    salesName: 'Anna Sales',
  });
  let qaWithEvents: UserSession;
  let guide: string;

  const timeline = async (session: UserSession, orderId: string, query = ''): Promise<Paged<OrderEventView>> =>
    (await session.get(`/api/events/order/${orderId}${query}`).expect(200)).body;
  const sql = <T,>(text: string, params: unknown[] = []): Promise<T[]> => stack.db.query<T>(text, params);

  beforeAll(async () => {
    qaWithEvents = await signedInAs(stack, { role: 'QA', permissions: ['READ_USER_EVENTS'] });
    guide = (await createStyleGuide(cast.admin, { assignTo: [cast.dealer.id, cast.dealer2.id] })).id;
  });

  describe('the timeline of an order', () => {
    let order: OrderView;
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    /** the picture at a position */
    const image = (position: number) => ({ imageId: id(100 + position), position });
    const repush = (position: number) => ({ ...image(position), imageIds: [id(100 + position)], method: 'bypass', category: 'EXTERIOR', jobId: id(200 + position), settings: null });
    /** what the images service reports, oldest first, each with its event's payload */
    const reported: Array<OrderEventLine & { userName?: string }> = [
      { eventName: 'IMAGE_REJECTED', payload: { ...image(1), reason: 'not a picture' } },
      { eventName: 'IMAGE_APPROVED', userName: 'QA Editor', payload: image(2) },
      { eventName: 'PIPELINE_ERROR', payload: { ...image(3), reason: 'could not decode' } },
      { eventName: 'IMAGE_DECLINED', userName: 'QA Editor', payload: image(4) },
      { eventName: 'IMAGE_REPUSHED', userName: 'QA Editor', payload: repush(5) },
      { eventName: 'QA_UPLOADED_PICTURE', userName: 'QA Editor', payload: { ...image(6), replaced: true } },
      {
        eventName: 'DOWNLOADED',
        userName: 'Nordic Cars',
        payload: { bundleId: id(300), imageCount: 7, fileCount: 7, media: 'optimized', downloadStyleGuide: false, needsEditionOnly: false },
      },
      { eventName: 'IMAGE_APPROVED', userName: 'QA Editor', payload: image(8) },
      { eventName: 'IMAGE_REPUSHED', userName: 'QA Editor', payload: repush(9) },
      { eventName: 'VIDEO_UPLOADED', payload: { videoId: id(400), fileSize: 1000, durationSeconds: 4 } },
      { eventName: 'IMAGE_REPUSHED', userName: 'QA Editor', payload: repush(11) },
    ];

    beforeAll(async () => {
      order = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: cast.sales.id });
      const start = Date.now();
      for (const [i, r] of reported.entries()) {
        await publishEvent(stack, ImagesEvents.timeline, {
          orderId: order.id,
          eventName: r.eventName,
          userId: r.userName ? '00000000-0000-4000-8000-00000000000e' : null,
          userName: r.userName ?? null,
          payload: r.payload,
          at: new Date(start + (i + 1) * 1000).toISOString(),
        });
      }
      await waitFor(async () => (await timeline(cast.admin, order.id, '?isHidden=true')).total === reported.length + 1, 'the reported events on the timeline');
    });

    it('is paged 10 at a time, newest first, hidden events left out unless asked for', async () => {
      const visible = reported.filter((r) => r.eventName !== 'IMAGE_APPROVED' && r.eventName !== 'DOWNLOADED');
      const first = await timeline(cast.asDealer, order.id);
      expect(first.total).toBe(visible.length + 1);
      expect(first.items.map((e) => e.eventName)).toEqual(['NEW', ...visible.map((r) => r.eventName)].reverse());
      expect(first.items.every((e) => !e.isHidden)).toBe(true);

      const all = await timeline(cast.admin, order.id, '?isHidden=true&page=1');
      expect(all).toMatchObject({ total: 12, page: 1, pageSize: 10 });
      expect(all.items.map((e) => e.eventName)).toEqual(reported.map((r) => r.eventName).reverse().slice(0, 10));
      const second = await timeline(cast.admin, order.id, '?isHidden=true&page=2');
      expect(second.items.map((e) => e.eventName)).toEqual(['IMAGE_REJECTED', 'NEW']);
      expect((await timeline(cast.admin, order.id, '?isHidden=true&page=7')).page).toBe(2);
      expect(all.items.filter((e) => e.isHidden).map((e) => e.eventName)).toEqual(['IMAGE_APPROVED', 'DOWNLOADED', 'IMAGE_APPROVED']);
    });

    it('shows hidden events to admin and QA only', async () => {
      expect((await timeline(cast.qa, order.id, '?isHidden=true')).total).toBe(12);
      for (const s of [cast.asDealer, cast.asSales, cast.asManager]) expect((await timeline(s, order.id, '?isHidden=true')).total).toBe(9);
      expect((await timeline(cast.admin, order.id, '?isHidden=false')).total).toBe(9);
      await cast.admin.get(`/api/events/order/${order.id}?isHidden=yes`).expect(400);
      await cast.admin.get(`/api/events/order/${order.id}?page=0`).expect(400);
    });

    it('marks priority events and names who did what', async () => {
      const items = (await timeline(cast.admin, order.id, '?isHidden=true')).items;
      const byName = (name: OrderEventName) => items.find((e) => e.eventName === name)!;
      expect(byName('PIPELINE_ERROR')).toMatchObject({ isPriority: true, user: null, payload: { position: 3 } });
      expect(byName('IMAGE_DECLINED')).toMatchObject({ isPriority: true, user: { displayName: 'QA Editor' } });
      expect(byName('IMAGE_REPUSHED').isPriority).toBe(false);
      expect(items.filter((e) => e.isPriority).map((e) => e.eventName).sort()).toEqual(['IMAGE_DECLINED', 'PIPELINE_ERROR']);
      expect(byName('QA_UPLOADED_PICTURE').order).toEqual({ id: order.id, orderName: order.orderName });
    });

    it('is not shown to another tenant', async () => {
      await cast.asDealer2.get(`/api/events/order/${order.id}`).expect(404);
      await cast.asDealer2.get('/api/events/order/00000000-0000-4000-8000-000000000099').expect(404);
    });

    it('skips reports about an unknown order and never writes a malformed one, and goes on', async () => {
      await publishEvent(stack, ImagesEvents.timeline, {
        orderId: '00000000-0000-4000-8000-000000000098',
        eventName: 'IMAGE_REPUSHED',
        payload: repush(1),
        at: new Date().toISOString(),
      });
      await publishEvent(stack, ImagesEvents.timeline, { orderId: order.id, eventName: 'NOT_AN_EVENT', payload: {}, at: 'soon' } as never);
      // a payload not of its event's shape: refused with the message, never on the timeline
      await publishEvent(stack, ImagesEvents.timeline, { orderId: order.id, eventName: 'IMAGE_DECLINED', payload: { position: 'last' }, at: new Date().toISOString() } as never);
      await publishEvent(stack, ImagesEvents.timeline, { orderId: order.id, eventName: 'IMAGE_REJECTED', payload: { ...image(1), reason: 7 }, at: new Date().toISOString() } as never);
      const late = id(401);
      await publishEvent(stack, ImagesEvents.timeline, {
        orderId: order.id,
        eventName: 'VIDEO_UPLOADED',
        payload: { videoId: late, fileSize: 1, durationSeconds: null },
        at: new Date(Date.now() + 60_000).toISOString(),
      });
      const latest = await waitFor(async () => {
        const [e] = (await timeline(cast.admin, order.id)).items;
        return e.eventName === 'VIDEO_UPLOADED' && e.payload.videoId === late ? e : null;
      }, 'the report after the malformed ones');
      expect(latest.eventName).toBe('VIDEO_UPLOADED');
      const all = await timeline(cast.admin, order.id, '?isHidden=true&page=1');
      expect(all.total).toBe(13);
      expect(all.items.map((e) => e.eventName)).not.toContain('NOT_AN_EVENT');
    });
  });

  describe("the events of an account's orders", () => {
    it('for the account itself (and its sales person), admin, and QA with READ_USER_EVENTS', async () => {
      const account = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
      const salesPerson = await createSalesPerson(stack, account.id, { login: true });
      const [asAccount, asSalesPerson] = await Promise.all([signIn(stack, account.email), signIn(stack, salesPerson.email)]);
      await cast.admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: account.id, styleGuideId: guide }).expect(200);
      const a = await createOrder(asAccount, { styleGuide: guide, salesMan: salesPerson.id, orderName: 'Account events A' });
      await createOrder(asAccount, { styleGuide: guide, salesMan: salesPerson.id, orderName: 'Account events B' });
      await cast.admin.put(`/api/orders/${a.id}`).send({ status: 'Completed' }).expect(200);
      await createOrder(cast.asDealer, { styleGuide: guide, salesMan: cast.sales.id, orderName: 'Not in the list' });

      const res = (await asAccount.get(`/api/events/user/${account.id}`).expect(200)).body as Paged<OrderEventView>;
      expect(res.items.map((e) => [e.eventName, e.order.orderName])).toEqual([
        ['UPDATED', 'Account events A'],
        ['NEW', 'Account events B'],
        ['NEW', 'Account events A'],
      ]);
      for (const s of [asSalesPerson, cast.admin, qaWithEvents]) expect((await s.get(`/api/events/user/${account.id}`).expect(200)).body.total).toBe(3);

      const denied = await cast.qa.get(`/api/events/user/${account.id}`).expect(403);
      expect(denied.body.message).toBe('Missing permission READ_USER_EVENTS');
      await cast.asDealer.get(`/api/events/user/${account.id}`).expect(404);
      await cast.asManager.get(`/api/events/user/${cast.dealer.id}`).expect(404);
      expect((await cast.asManager.get(`/api/events/user/${cast.manager.id}`).expect(200)).body.total).toBe(0);
      const many = (await cast.admin.get(`/api/events/user/${cast.dealer.id}?page=2&isHidden=true`).expect(200)).body;
      expect(many).toMatchObject({ page: 2, pageSize: 10 });
      expect(many.total).toBeGreaterThan(10);
      await cast.admin.get(`/api/events/user/not-an-id`).expect(400);
    });
  });

  describe('tags on orders and users', () => {
    let orderTag: TagView;
    let imageTag: TagView;
    let userTag: TagView;
    let order: OrderView;

    beforeAll(async () => {
      const tag = async (body: object) => (await cast.admin.post('/api/tags').send(body).expect(201)).body as TagView;
      orderTag = await tag({ name: 'Rush', category: 'PRIORITY', entity: 'order', color: 'red' });
      imageTag = await tag({ name: 'Blurry', category: 'IMAGE_ERROR', entity: 'image', color: 'orange' });
      userTag = await tag({ name: 'Key account', category: 'QA_COORDINATOR', entity: 'user', color: 'blue' });
      order = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: cast.sales.id });
    });

    it('admin and QA put a tag on an order; whoever sees the order sees it, on the order too', async () => {
      const res = await cast.qa.post(`/api/tags/orders/${order.id}`).send({ tagId: orderTag.id }).expect(201);
      expect(res.body).toEqual([expect.objectContaining({ id: orderTag.id, name: 'Rush', entity: 'order' })]);
      // twice is once
      expect((await cast.admin.post(`/api/tags/orders/${order.id}`).send({ tagId: orderTag.id }).expect(201)).body).toHaveLength(1);
      for (const s of [cast.asDealer, cast.asSales, cast.asManager, cast.admin, cast.qa]) {
        expect((await s.get(`/api/tags/get/orders/${order.id}`).expect(200)).body.map((t: TagView) => t.name)).toEqual(['Rush']);
      }
      expect((await cast.asDealer.get(`/api/orders/${order.id}`).expect(200)).body.tags.map((t: TagView) => t.id)).toEqual([orderTag.id]);
      await cast.asDealer2.get(`/api/tags/get/orders/${order.id}`).expect(404);
    });

    it('refuses a tag made for something else, an unknown tag, an unknown order and other callers', async () => {
      const wrong = await cast.admin.post(`/api/tags/orders/${order.id}`).send({ tagId: imageTag.id }).expect(400);
      expect(wrong.body.message).toBe(TAG_ASSIGNMENT_MESSAGES.wrongEntity('Blurry', 'orders'));
      await cast.admin.post(`/api/tags/users/${cast.dealer.id}`).send({ tagId: orderTag.id }).expect(400);
      const unknown = await cast.admin.post(`/api/tags/orders/${order.id}`).send({ tagId: '00000000-0000-4000-8000-0000000000cc' }).expect(404);
      expect(unknown.body.message).toBe('Tag not found');
      await cast.admin.post('/api/tags/orders/00000000-0000-4000-8000-0000000000cd').send({ tagId: orderTag.id }).expect(404);
      await cast.admin.post(`/api/tags/widgets/${order.id}`).send({ tagId: orderTag.id }).expect(400);
      await cast.admin.get(`/api/tags/get/widgets/${order.id}`).expect(400);
      await cast.admin.post(`/api/tags/orders/${order.id}`).send({}).expect(400);
      for (const s of [cast.asDealer, cast.asSales, cast.asManager]) {
        await s.post(`/api/tags/orders/${order.id}`).send({ tagId: orderTag.id }).expect(403);
        await s.delete('/api/tags').send({ tagId: orderTag.id, entity: 'orders', entityId: order.id }).expect(403);
      }
    });

    it('user tags are for admin and QA', async () => {
      expect((await cast.admin.post(`/api/tags/users/${cast.dealer.id}`).send({ tagId: userTag.id }).expect(201)).body.map((t: TagView) => t.name)).toEqual(['Key account']);
      expect((await cast.qa.get(`/api/tags/get/users/${cast.dealer.id}`).expect(200)).body).toHaveLength(1);
      await cast.asDealer.get(`/api/tags/get/users/${cast.dealer.id}`).expect(403);
      await cast.asDealer.get(`/api/tags/get/images/${order.id}`).expect(403);
      await cast.admin.post('/api/tags/users/00000000-0000-4000-8000-0000000000ce').send({ tagId: userTag.id }).expect(404);
    });

    it('takes a tag off (twice is fine) and answers what is left', async () => {
      const other = (await cast.admin.post('/api/tags').send({ name: 'Second look', category: 'PRIORITY', entity: 'order', color: 'cyan' }).expect(201)).body;
      await cast.qa.post(`/api/tags/orders/${order.id}`).send({ tagId: other.id }).expect(201);
      const left = await cast.qa.delete('/api/tags/').send({ tagId: orderTag.id, entity: 'orders', entityId: order.id }).expect(200);
      expect(left.body.map((t: TagView) => t.name)).toEqual(['Second look']);
      expect((await cast.qa.delete('/api/tags').send({ tagId: orderTag.id, entity: 'orders', entityId: order.id }).expect(200)).body).toHaveLength(1);
      await cast.qa.delete('/api/tags').send({ tagId: orderTag.id, entity: 'orders' }).expect(400);
    });

    it('goes with the order when it is deleted', async () => {
      const doomed = await createOrder(cast.asDealer, { styleGuide: guide, salesMan: cast.sales.id });
      await cast.qa.post(`/api/tags/orders/${doomed.id}`).send({ tagId: orderTag.id }).expect(201);
      await cast.admin.delete(`/api/orders/${doomed.id}`).expect(200);
      expect(await sql('SELECT 1 FROM orders.tag_assignment WHERE entity_id = $1', [doomed.id])).toEqual([]);
    });
  });
});
