import {
  ImagesEvents,
  RE_EDIT_MESSAGES,
  type ImageView,
  type OrderEventView,
  type OrderImagesProgress,
  type ReEditRequestView,
  type RejectionReasonRow,
} from '@app/contracts';
import { connectNats } from '@app/messaging';
import { testInfra, testJpeg, waitFor } from '@app/testing';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import {
  createCast,
  createFreeFormGuide,
  createOrder,
  publishEvent,
  uploadOrderImage,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';

const HOUR_MS = 3_600_000;

/**
 * Re-edit requests of dealerships end to end, every service running: who may ask on which
 * picture, what the picture, the timeline and the order's progress say afterwards, QA's
 * approval and decline, the due time from the app setting, and the rejection reasons
 * counted per style guide for the dashboards.
 */
describe('re-edit requests: a dealership asks QA to edit a picture again', () => {
  jest.setTimeout(180_000);
  const stack = useTestStack({ label: 're-edit', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
  let nc: NatsConnection;
  let admin: UserSession;
  let qa: UserSession;
  let dealer: TestAccount;
  let manager: TestAccount;
  let asDealer: UserSession;
  let asDealer2: UserSession;
  let asManager: UserSession;
  let asSales: UserSession;
  let salesId: string;
  let guides: Array<{ id: string; name: string }>;
  let photo: Buffer;
  /** every progress message the images service published, in order */
  const progress: OrderImagesProgress[] = [];

  beforeAll(async () => {
    nc = await connectNats(testInfra.natsUrl, 're-edit-test');
    const sub = nc.subscribe(stack.ns.namespace.subject(ImagesEvents.orderProgress.subject));
    void (async () => {
      for await (const msg of sub) progress.push(JSON.parse(new TextDecoder().decode(msg.data)) as OrderImagesProgress);
    })();
    const cast = await createCast(stack, {
      dealer: { enabledQa: true, displayName: 'Alpha Motors' },
      dealer2: { displayName: 'Bravo Biler' },
      qa: { roleTags: ['QA_EDITOR'] },
      salesName: 'Sally Seller',
    });
    ({ admin, qa, dealer, asDealer, asDealer2, manager, asManager, asSales } = cast);
    salesId = cast.sales.id;
    // free-form guides processed by the bypass route (quick)
    guides = [];
    for (const name of ['Studio white', 'Showroom grey']) {
      guides.push({ id: await createFreeFormGuide(admin, { name, maxImageSize: 200_000 }), name });
    }
    photo = await testJpeg(640, 480);
  });

  afterAll(async () => {
    await nc?.close();
  });

  /** An order of the account on a guide, its pictures uploaded by the admin and processed. */
  async function processedOrder(accountId: string, pictures = 2, guide = guides[0]): Promise<{ orderId: string; imageIds: string[] }> {
    const { id: orderId } = await createOrder(stack, { accountId, styleGuideId: guide.id, styleGuideName: guide.name, takenImagesCount: pictures, status: 'Uploading', enabledQa: true });
    const imageIds: string[] = [];
    for (let position = 1; position <= pictures; position++) imageIds.push((await uploadOrderImage(admin, orderId, position, photo)).id);
    await waitFor(
      async () => ((await admin.get(`/api/images/order/${orderId}`).expect(200)).body as ImageView[]).every((i) => i.optimisationStatus === 'completed'),
      'the pictures processed',
      60_000,
      200,
    );
    return { orderId, imageIds };
  }

  const ask = (session: UserSession, imageId: string, body: object) => session.post(`/api/images/${imageId}/re-edit-requests`).send(body);
  const imageAs = async (session: UserSession, id: string): Promise<ImageView> => (await session.get(`/api/images/data/${id}`).expect(200)).body;
  const lastProgress = (orderId: string): OrderImagesProgress | undefined => [...progress].reverse().find((p) => p.orderId === orderId);
  const timelineOf = async (orderId: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${orderId}?isHidden=true`).expect(200)).body.items;
  const eventOf = async (orderId: string, name: string, requestId: string): Promise<OrderEventView> => {
    let found: OrderEventView | undefined;
    await waitFor(
      async () => {
        found = (await timelineOf(orderId)).find((e) => e.eventName === name && 'requestId' in e.payload && e.payload.requestId === requestId);
        return Boolean(found);
      },
      `${name} on the timeline`,
      15_000,
      100,
    );
    return found!;
  };

  it('a dealership asks on its picture: the picture needs edition, the timeline and the progress say so', async () => {
    const { orderId, imageIds } = await processedOrder(dealer.id);
    const before = Date.now();
    const res = await ask(asDealer, imageIds[0], { reason: 'reflections', text: '  Too much glare on the bonnet  ' }).expect(201);
    const request = res.body as ReEditRequestView;
    expect(request).toMatchObject({ imageId: imageIds[0], orderId, position: 1, reason: 'reflections', text: 'Too much glare on the bonnet', state: 'open', overdue: false, answer: null });
    expect(request.requestedBy).toEqual({ userId: dealer.id, salesPersonId: null, name: 'Alpha Motors' });
    // due after the default of the app setting: 4 hours
    expect(Date.parse(request.dueAt) - before).toBeGreaterThanOrEqual(4 * HOUR_MS - 1000);
    expect(Date.parse(request.dueAt) - Date.now()).toBeLessThanOrEqual(4 * HOUR_MS);

    const seen = await imageAs(asDealer, imageIds[0]);
    expect(seen).toMatchObject({ needsEdition: true, approved: false, label: 'needs edition' });
    expect(seen.reEditRequest).toEqual({ id: request.id, reason: 'reflections', text: 'Too much glare on the bonnet', state: 'open', dueAt: request.dueAt, overdue: false, answer: null });
    const list = (await asDealer.get(`/api/images/order/${orderId}`).expect(200)).body as ImageView[];
    expect(list.map((i) => i.reEditRequest?.state ?? null)).toEqual(['open', null]);

    const event = await eventOf(orderId, 'RE_EDIT_REQUESTED', request.id);
    expect(event.payload).toMatchObject({ imageId: imageIds[0], position: 1, reason: 'reflections', text: 'Too much glare on the bonnet', dueAt: request.dueAt, requestId: request.id });
    expect(event.isPriority).toBe(true);

    await waitFor(async () => lastProgress(orderId)?.reEditOpenCount === 1, 'the progress with the open request', 10_000, 50);
    expect(lastProgress(orderId)).toMatchObject({ reEditOpenCount: 1, reEditDueAt: request.dueAt, needsEditionCount: 1, approvedCount: 0, processedCount: 2 });

    // the order's list of requests
    const requests = (await asDealer.get(`/api/images/re-edit-requests/order/${orderId}`).expect(200)).body as ReEditRequestView[];
    expect(requests.map((r) => r.id)).toEqual([request.id]);
    await asDealer2.get(`/api/images/re-edit-requests/order/${orderId}`).expect(404);
  });

  it('asking twice on the same picture is 409; another dealership, staff and a management parent are refused', async () => {
    const { orderId, imageIds } = await processedOrder(dealer.id, 1);
    const first = (await ask(asDealer, imageIds[0], { reason: 'background' }).expect(201)).body as ReEditRequestView;
    const twice = await ask(asSales, imageIds[0], { reason: 'cropping' }).expect(409);
    expect(twice.body.message).toBe(RE_EDIT_MESSAGES.alreadyOpen);
    // another dealership's picture does not exist for it
    expect((await ask(asDealer2, imageIds[0], { reason: 'logo' }).expect(404)).body.message).toBe('Image not found');
    // QA marks pictures for editing; it does not ask
    await ask(qa, imageIds[0], { reason: 'logo' }).expect(403);
    await ask(admin, imageIds[0], { reason: 'logo' }).expect(403);
    // management sees its child's order but does not ask on it
    await ask(asManager, imageIds[0], { reason: 'logo' }).expect(403);
    const requests = (await admin.get(`/api/images/re-edit-requests/order/${orderId}`).expect(200)).body as ReEditRequestView[];
    expect(requests.map((r) => r.id)).toEqual([first.id]);
    // a picture that is not processed yet
    const { id: uploading } = await createOrder(stack, { accountId: dealer.id, styleGuideId: guides[0].id, takenImagesCount: 2, status: 'Uploading' });
    const awaited = (await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: uploading, position: 1, fileSize: 1000, width: 640, height: 480 }).expect(201)).body.imageId as string;
    expect((await ask(asDealer, awaited, { reason: 'logo' }).expect(409)).body.message).toBe(RE_EDIT_MESSAGES.notProcessed);
  });

  it('checks the reason and the text', async () => {
    const { imageIds } = await processedOrder(dealer.id, 1);
    expect((await ask(asDealer, imageIds[0], { reason: 'other' }).expect(400)).body.message).toContain(RE_EDIT_MESSAGES.textRequired);
    expect((await ask(asDealer, imageIds[0], { reason: 'other', text: '   ' }).expect(400)).body.message).toContain(RE_EDIT_MESSAGES.textRequired);
    await ask(asDealer, imageIds[0], { reason: 'dirty' }).expect(400);
    await ask(asDealer, imageIds[0], { reason: 'logo', text: 'x'.repeat(501) }).expect(400);
    await ask(asDealer, imageIds[0], { reason: 'logo', text: null }).expect(400);
    const ok = (await ask(asDealer, imageIds[0], { reason: 'other', text: 'x'.repeat(500) }).expect(201)).body as ReEditRequestView;
    expect(ok.text).toHaveLength(500);
  });

  it("a sales person asks on its dealership's order; management on its own order", async () => {
    const { imageIds } = await processedOrder(dealer.id, 1);
    const bySales = (await ask(asSales, imageIds[0], { reason: 'wrong-angle', text: 'Should be the front' }).expect(201)).body as ReEditRequestView;
    expect(bySales.requestedBy).toEqual({ userId: dealer.id, salesPersonId: salesId, name: 'Sally Seller' });
    expect((await imageAs(asDealer, imageIds[0])).reEditRequest?.id).toBe(bySales.id);

    const own = await processedOrder(manager.id, 1);
    const byManager = (await ask(asManager, own.imageIds[0], { reason: 'colour' }).expect(201)).body as ReEditRequestView;
    expect(byManager).toMatchObject({ state: 'open', requestedBy: { userId: manager.id, salesPersonId: null } });
  });

  it("QA approving the picture again closes the request as done; the order's counts follow", async () => {
    const { orderId, imageIds } = await processedOrder(dealer.id, 2);
    await qa.post(`/api/images/approval/${imageIds[1]}`).send({ approved: true }).expect(200);
    await waitFor(async () => lastProgress(orderId)?.approvedCount === 1, 'the approval in the progress', 10_000, 50);
    const request = (await ask(asDealer, imageIds[1], { reason: 'number-plate' }).expect(201)).body as ReEditRequestView;
    await waitFor(async () => lastProgress(orderId)?.reEditOpenCount === 1, 'the request in the progress', 10_000, 50);
    expect(lastProgress(orderId)).toMatchObject({ approvedCount: 0, needsEditionCount: 1 });

    await qa.post(`/api/images/approval/${imageIds[1]}`).send({ approved: true }).expect(200);
    const seen = await imageAs(asDealer, imageIds[1]);
    expect(seen).toMatchObject({ approved: true, needsEdition: false, label: 'approved' });
    expect(seen.reEditRequest).toMatchObject({ id: request.id, state: 'done', overdue: false, answer: null });
    const answered = await eventOf(orderId, 'RE_EDIT_ANSWERED', request.id);
    expect(answered.payload).toMatchObject({ imageId: imageIds[1], state: 'done' });
    await waitFor(async () => lastProgress(orderId)?.reEditOpenCount === 0, 'the closed request in the progress', 10_000, 50);
    expect(lastProgress(orderId)).toMatchObject({ approvedCount: 1, needsEditionCount: 0, reEditDueAt: null });
    // done: nothing left to decline, and the picture may be asked about again
    await qa.post(`/api/images/re-edit-requests/${request.id}/decline`).send({ text: 'Too late' }).expect(409);
    await ask(asDealer, imageIds[1], { reason: 'number-plate', text: 'Still visible' }).expect(201);
  });

  it("QA declines with an answer the dealership sees; the picture gets back QA's approval", async () => {
    const { orderId, imageIds } = await processedOrder(dealer.id, 1);
    await qa.post(`/api/images/approval/${imageIds[0]}`).send({ approved: true }).expect(200);
    const request = (await ask(asDealer, imageIds[0], { reason: 'cropping', text: 'Cut too tight' }).expect(201)).body as ReEditRequestView;
    // only staff answer
    await asDealer.post(`/api/images/re-edit-requests/${request.id}/decline`).send({ text: 'No' }).expect(403);
    await qa.post(`/api/images/re-edit-requests/${request.id}/decline`).send({ text: '  ' }).expect(400);
    const declined = (await qa.post(`/api/images/re-edit-requests/${request.id}/decline`).send({ text: 'The guide asks for this margin' }).expect(200)).body as ReEditRequestView;
    expect(declined).toMatchObject({ state: 'declined', answer: 'The guide asks for this margin', overdue: false });
    expect(declined.answeredAt).not.toBeNull();

    const seen = await imageAs(asDealer, imageIds[0]);
    expect(seen).toMatchObject({ approved: true, needsEdition: false });
    expect(seen.reEditRequest).toMatchObject({ id: request.id, state: 'declined', answer: 'The guide asks for this margin' });
    const answered = await eventOf(orderId, 'RE_EDIT_ANSWERED', request.id);
    expect(answered.payload).toMatchObject({ state: 'declined', answer: 'The guide asks for this margin' });
    await waitFor(async () => lastProgress(orderId)?.reEditOpenCount === 0 && lastProgress(orderId)?.approvedCount === 1, 'the declined request in the progress', 10_000, 50);
    // answered once
    await qa.post(`/api/images/re-edit-requests/${request.id}/decline`).send({ text: 'Again' }).expect(409);
    await qa.post(`/api/images/re-edit-requests/${randomUUID()}/decline`).send({ text: 'Nothing' }).expect(404);
  });

  it('the due time follows the app setting RE_EDIT_DUE_HOURS; past it the request is overdue', async () => {
    const settings = (await admin.get('/api/appSettings').expect(200)).body as Array<{ name: string; value: string; valueType: string }>;
    expect(settings.find((s) => s.name === 'RE_EDIT_DUE_HOURS')).toEqual({ name: 'RE_EDIT_DUE_HOURS', value: '4', valueType: 'number', settingType: 'SINGLE_VALUE', category: null });
    const { orderId, imageIds } = await processedOrder(dealer.id, 2);
    try {
      await admin.put('/api/appSettings/RE_EDIT_DUE_HOURS').send({ value: '10' }).expect(200);
      const before = Date.now();
      const tenHours = (await ask(asDealer, imageIds[0], { reason: 'logo' }).expect(201)).body as ReEditRequestView;
      expect(Date.parse(tenHours.dueAt) - before).toBeGreaterThanOrEqual(10 * HOUR_MS - 1000);
      expect(Date.parse(tenHours.dueAt) - Date.now()).toBeLessThanOrEqual(10 * HOUR_MS);

      // a second: 1/3600 of an hour
      await admin.put('/api/appSettings/RE_EDIT_DUE_HOURS').send({ value: String(1 / 3600) }).expect(200);
      const soon = (await ask(asDealer, imageIds[1], { reason: 'colour' }).expect(201)).body as ReEditRequestView;
      expect(soon.overdue).toBe(false);
      await new Promise((r) => setTimeout(r, 1500));
      expect((await imageAs(asDealer, imageIds[1])).reEditRequest).toMatchObject({ state: 'open', overdue: true });
      expect((await imageAs(asDealer, imageIds[0])).reEditRequest).toMatchObject({ state: 'open', overdue: false });
      await waitFor(async () => lastProgress(orderId)?.reEditOpenCount === 2, 'both requests in the progress', 10_000, 50);
      // the earliest due time of the open requests
      expect(lastProgress(orderId)?.reEditDueAt).toBe(soon.dueAt);
    } finally {
      await admin.put('/api/appSettings/RE_EDIT_DUE_HOURS').send({ value: '4' }).expect(200);
    }
  });

  it('counts rejection reasons per style guide and source for the dashboards (admin and QA only)', async () => {
    const a = await processedOrder(dealer.id, 2, guides[0]);
    const b = await processedOrder(dealer.id, 1, guides[1]);
    // QA's declines with a reason, as the images service reports them
    const declined = (orderId: string, position: number, name: string) =>
      publishEvent(stack, ImagesEvents.timeline, {
        orderId,
        eventName: 'IMAGE_DECLINED',
        userId: null,
        payload: { imageId: randomUUID(), position, reason: { tagId: randomUUID(), name } },
        at: new Date().toISOString(),
      });
    await declined(a.orderId, 1, 'Dirty floor');
    await declined(a.orderId, 2, 'Dirty floor');
    await declined(b.orderId, 1, 'Dirty floor');
    // a decline without a reason counts nowhere
    await publishEvent(stack, ImagesEvents.timeline, { orderId: a.orderId, eventName: 'IMAGE_DECLINED', userId: null, payload: { imageId: randomUUID(), position: 1 }, at: new Date().toISOString() });
    const asked = (await ask(asDealer, b.imageIds[0], { reason: 'background' }).expect(201)).body as ReEditRequestView;
    await eventOf(b.orderId, 'RE_EDIT_REQUESTED', asked.id);
    const onFirst = (await ask(asDealer, a.imageIds[0], { reason: 'colour' }).expect(201)).body as ReEditRequestView;
    await eventOf(a.orderId, 'RE_EDIT_REQUESTED', onFirst.id);

    const rowsOf = async (session: UserSession, query = ''): Promise<RejectionReasonRow[]> => (await session.get(`/api/dashboard/rejection-reasons${query}`).expect(200)).body;
    const mine = (rows: RejectionReasonRow[]) => rows.filter((r) => r.source === 'qa' || r.styleGuideId === guides[1].id);
    await waitFor(async () => mine(await rowsOf(qa)).filter((r) => r.source === 'qa').reduce((n, r) => n + r.count, 0) === 3, 'the declines counted', 15_000, 100);
    const rows = await rowsOf(qa);
    expect(rows).toEqual(
      expect.arrayContaining([
        { styleGuideId: guides[0].id, styleGuideName: 'Studio white', source: 'qa', reason: 'Dirty floor', count: 2 },
        { styleGuideId: guides[1].id, styleGuideName: 'Showroom grey', source: 'qa', reason: 'Dirty floor', count: 1 },
        { styleGuideId: guides[1].id, styleGuideName: 'Showroom grey', source: 'dealership', reason: 'background', count: 1 },
      ]),
    );
    // with the requests of the tests above on the first guide
    expect(rows.find((r) => r.styleGuideId === guides[0].id && r.source === 'dealership' && r.reason === 'colour')?.count).toBeGreaterThanOrEqual(1);
    // most frequent first
    expect(rows.map((r) => r.count)).toEqual([...rows.map((r) => r.count)].sort((x, y) => y - x));
    expect(await rowsOf(admin)).toEqual(rows);

    // the window: nothing before yesterday, all of today by date
    const today = new Date().toISOString().slice(0, 10);
    expect(await rowsOf(qa, `?from=2020-01-01&to=2020-01-31`)).toEqual([]);
    expect(await rowsOf(qa, `?from=${today}&to=${today}`)).toEqual(rows);
    await qa.get('/api/dashboard/rejection-reasons?from=yesterday').expect(400);

    // dealerships, their sales people and management do not read it
    await asDealer.get('/api/dashboard/rejection-reasons').expect(403);
    await asSales.get('/api/dashboard/rejection-reasons').expect(403);
    await asManager.get('/api/dashboard/rejection-reasons').expect(403);
  });
});
