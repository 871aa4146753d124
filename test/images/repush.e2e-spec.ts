import { IMAGE_MESSAGES, OrdersEvents, PLATE_QUAD_MESSAGE, type ImageView, type OrderEventView, type OrderView, type TagView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  createAccount,
  createFreeFormGuide,
  createOrder,
  createSalesPerson,
  readImage,
  readOrderTimeline,
  readVersions,
  signedInAs,
  signIn,
  startTestStack,
  uploadOrderImage,
  waitForEvents,
  type TestStack,
  type UserSession,
} from '../support';

const INTERIOR = '#2E7D32';
const qaName = 'Quinn Repush';
const OUT_W = 640;
const OUT_H = 480;

/**
 * QA's repush with settings (`POST /images/repush`) and the decline with a reason, every
 * service running (the pipeline included): what comes out of the pipeline, what the
 * timeline says, and what is refused.
 */
describe('images: repush with settings and the decline reason', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let qa: UserSession;
  let asDealer: UserSession;
  let asDealer2: UserSession;
  let order: OrderView;
  let images: ImageView[];
  let otherOrderImage: ImageView;

  const imageOf = (id: string): Promise<ImageView> => readImage(admin, id);
  const processed = (id: string, what: string) =>
    waitFor(
      async () => {
        const i = await imageOf(id);
        return i.optimisationStatus === 'completed' ? i : null;
      },
      what,
      90_000,
      300,
    );
  const timelineOf = (id: string): Promise<OrderEventView[]> => readOrderTimeline(admin, id);
  /** the colour of the picture's top-left corner (the sky of the test photo, or the new background) */
  const cornerOf = async (url: string): Promise<[number, number, number]> => {
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    const { data } = await sharp(bytes).extract({ left: 2, top: 2, width: 8, height: 8 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mean = [0, 1, 2].map((c) => {
      let sum = 0;
      for (let i = c; i < data.length; i += 3) sum += data[i];
      return Math.round(sum / (data.length / 3));
    });
    return mean as [number, number, number];
  };
  const near = (rgb: [number, number, number], hex: string) => {
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return rgb.every((v, i) => Math.abs(v - want[i]) <= 12);
  };

  beforeAll(async () => {
    stack = await startTestStack({ label: 'repush', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS'], enabledQa: true });
    const dealer2 = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    [admin, qa, asDealer] = await Promise.all([
      signedInAs(stack, { role: 'Admin' }),
      signedInAs(stack, { role: 'QA', roleTags: ['QA_EDITOR'], displayName: qaName }),
      signIn(stack, dealer.email),
    ]);
    asDealer2 = await signIn(stack, dealer2.email);
    // a free-form guide on the bypass route: the first pictures keep their sky
    const guide = await createFreeFormGuide(admin, { name: `Repush ${randomUUID().slice(0, 6)}`, outputWidth: OUT_W, outputHeight: OUT_H, interiorColor: INTERIOR, assignTo: [dealer.id, dealer2.id] });
    const photo = await testJpeg(OUT_W, OUT_H);
    order = await createOrder(asDealer, { styleGuide: guide, salesMan: (await createSalesPerson(stack, dealer.id)).id, takenImagesCount: 2 });
    const uploaded = [await uploadOrderImage(asDealer, order.id, 1, photo), await uploadOrderImage(asDealer, order.id, 2, photo)];
    images = await Promise.all(uploaded.map((i) => processed(i.id, 'the first processing')));
    const other = await createOrder(asDealer2, { styleGuide: guide, salesMan: (await createSalesPerson(stack, dealer2.id)).id, takenImagesCount: 1 });
    otherOrderImage = await processed((await uploadOrderImage(asDealer2, other.id, 1, photo)).id, 'the other tenant picture');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('two pictures repushed as interior with settings come back on the guide\'s interior colour; the old picture shows until then', async () => {
    for (const image of images) expect(near(await cornerOf(image.url!), '#9cc3e6')).toBe(true);
    const res = await qa
      .post('/api/images/repush')
      .send({
        orderId: order.id,
        imageArray: images.map((i) => i.id),
        method: 'full',
        imageCategory: 'interior',
        isImageRepushedWithSettings: true,
        margins: { top: 10, bottom: 4, left: 5, right: 5 },
        horizonLineHeight: 40,
        userControlCropEnabled: 'auto',
        userControlForceAddLogo: 'disabled',
        userControlRotationFixEnabled: 'auto',
        userControlYellowFixEnabled: 'enabled',
        userControlForceBGRemove: 'auto',
      })
      .expect(202);
    const queued = res.body as ImageView[];
    expect(queued.map((i) => i.id).sort()).toEqual(images.map((i) => i.id).sort());
    for (const image of queued) {
      expect(image).toMatchObject({ optimisationStatus: 'queued', label: 'pending load' });
      // the optimized picture of before is still what the screens show
      expect(image.url).toContain(`/images/${image.id}/optimized.jpg`);
    }
    for (const image of images) {
      const after = await processed(image.id, 'processed again as interior');
      expect(after).toMatchObject({ optimisedVia: 'ai_no_enh', width: OUT_W, height: OUT_H });
      expect(near(await cornerOf(after.url!), INTERIOR)).toBe(true);
    }

    const repushed = await waitFor(
      async () => {
        const lines = (await timelineOf(order.id)).filter((e) => e.eventName === 'IMAGE_REPUSHED');
        return lines.length === 2 ? lines : null;
      },
      'two IMAGE_REPUSHED lines',
    );
    expect(repushed.map((e) => (e.payload.imageIds as string[])[0]).sort()).toEqual(images.map((i) => i.id).sort());
    // each line names its picture for the statistics (repushes per image), and is published with the line's id
    expect(repushed.map((e) => e.payload.imageId).sort()).toEqual(images.map((i) => i.id).sort());
    const published = await waitForEvents(stack, OrdersEvents.timelineRecorded, (p) => p.orderId === order.id && p.eventName === 'IMAGE_REPUSHED', 2);
    expect(published.map((e) => e.id).sort()).toEqual(repushed.map((e) => e.id).sort());
    for (const e of published) expect(e.payload).toMatchObject({ eventId: e.id, accountId: order.user.id, orderName: order.orderName, payload: { imageId: expect.any(String) } });
    for (const line of repushed) {
      expect(line.user?.id).toBeTruthy();
      // the images service reports who by id; the timeline names the account
      expect(line.user?.displayName).toBe(qaName);
      expect(line.payload).toMatchObject({
        method: 'ai_no_enh',
        category: 'interior',
        settings: {
          backgroundColor: INTERIOR,
          margins: { top: 0, right: 0, bottom: 0, left: 0 },
          horizonLineHeight: 40,
          crop: 'auto',
          forceLogo: 'disabled',
          yellowFix: 'enabled',
        },
      });
    }
  });

  it('an exterior repush with a colour puts the car on that colour; without settings only the method counts', async () => {
    const [first, second] = images;
    await admin
      .post('/api/images/repush')
      .send({ orderId: order.id, imageArray: [first.id], method: 'ai_no_enh', imageCategory: 'exterior', isImageRepushedWithSettings: true, backgroundColor: '#FFD600' })
      .expect(202);
    // without settings, the colour is not used: bypass keeps the photo's sky
    await admin.post('/api/images/repush').send({ orderId: order.id, imageArray: [second.id], method: 'bypass', backgroundColor: '#FFD600' }).expect(202);
    const [a, b] = [await processed(first.id, 'the yellow repush'), await processed(second.id, 'the bypass repush')];
    expect(near(await cornerOf(a.url!), '#FFD600')).toBe(true);
    expect(b.optimisedVia).toBe('bypass');
    expect(near(await cornerOf(b.url!), '#9cc3e6')).toBe(true);
    const line = (await timelineOf(order.id)).find((e) => e.eventName === 'IMAGE_REPUSHED' && (e.payload.imageIds as string[])[0] === second.id);
    expect(line?.payload).toMatchObject({ method: 'bypass', category: 'exterior', settings: null });
  });

  /** a plate-shaped quadrilateral with its top-left corner at (x, y) */
  const plate = (x: number, y: number) => ({ corners: [{ x, y }, { x: x + 0.2, y: y + 0.01 }, { x: x + 0.2, y: y + 0.06 }, { x, y: y + 0.05 }] });
  /** the IMAGE_REPUSHED line of a picture's latest repush */
  const lastRepushOf = async (id: string): Promise<{ settings: Record<string, unknown> | null } | null> => {
    const lines = (await timelineOf(order.id)).filter((e) => e.eventName === 'IMAGE_REPUSHED' && (e.payload.imageIds as string[])[0] === id);
    const last = lines.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1);
    return last ? (last.payload as { settings: Record<string, unknown> | null }) : null;
  };

  it("QA's number plates and the plate switch go to the pipeline in the job's repush settings, with or without the other settings", async () => {
    const [first, second] = images;
    const plates = [plate(0.3, 0.7), plate(0.55, 0.4)];
    await qa
      .post('/api/images/repush')
      .send({ orderId: order.id, imageArray: [first.id], method: 'bypass', isImageRepushedWithSettings: true, userControlNumberPlates: 'enabled', numberPlates: plates })
      .expect(202);
    const withSettings = await waitFor(async () => {
      const line = await lastRepushOf(first.id);
      return line?.settings?.plates ? line : null;
    }, 'the repush line with the plates');
    expect(withSettings.settings).toEqual({
      crop: 'auto',
      forceLogo: 'auto',
      rotationFix: 'auto',
      yellowFix: 'auto',
      forceBackgroundRemoval: 'auto',
      numberPlates: 'enabled',
      plates,
    });
    // the job's settings are kept with the version it made
    await processed(first.id, 'the repush with plates');
    const made = await waitFor(async () => {
      const versions = await readVersions(admin, first.id);
      return versions.find((v) => v.reason === 'repush' && (v.settings?.repush as { plates?: unknown } | undefined)?.plates) ?? null;
    }, 'the version of the repush with plates');
    expect(made.settings?.repush).toMatchObject({ numberPlates: 'enabled', plates });

    // without the settings the plates still count (every switch on Auto); an empty list says there are none
    await admin.post('/api/images/repush').send({ orderId: order.id, imageArray: [second.id, second.id], method: 'bypass', userControlNumberPlates: 'disabled', numberPlates: [] }).expect(202);
    const without = await waitFor(async () => {
      const line = await lastRepushOf(second.id);
      return line?.settings?.plates ? line : null;
    }, 'the repush line with no plates');
    expect(without.settings).toEqual({ crop: 'auto', forceLogo: 'auto', rotationFix: 'auto', yellowFix: 'auto', forceBackgroundRemoval: 'auto', numberPlates: 'auto', plates: [] });
    // the switch alone, with the settings: no plates in the job (the pipeline finds them)
    await processed(second.id, 'the repush with no plates');
    await admin.post('/api/images/repush').send({ orderId: order.id, imageArray: [second.id], method: 'bypass', isImageRepushedWithSettings: true, userControlNumberPlates: 'disabled' }).expect(202);
    const switchOnly = await waitFor(async () => {
      const line = await lastRepushOf(second.id);
      return line?.settings?.numberPlates === 'disabled' ? line : null;
    }, 'the repush line with the switch');
    expect(switchOnly.settings).not.toHaveProperty('plates');
    await processed(second.id, 'the repush with the switch');
  });

  it('refuses plates that are not four corners inside the picture, more than four, or plates for two pictures; other tenants and orders', async () => {
    const [first, second] = images;
    const base = { orderId: order.id, imageArray: [first.id], method: 'enhancer', numberPlates: [plate(0.1, 0.1)] };
    const refused = async (body: object) => (await qa.post('/api/images/repush').send(body)).body as { statusCode: number; message: string };
    expect(await refused({ ...base, numberPlates: Array.from({ length: 5 }, (_, i) => plate(0.1 * i, 0.5)) })).toEqual({ statusCode: 400, message: PLATE_QUAD_MESSAGE });
    expect(await refused({ ...base, numberPlates: [{ corners: plate(0.1, 0.1).corners.slice(0, 3) }] })).toEqual({ statusCode: 400, message: PLATE_QUAD_MESSAGE });
    expect(await refused({ ...base, numberPlates: [plate(1.5, 0.1)] })).toEqual({ statusCode: 400, message: PLATE_QUAD_MESSAGE });
    expect(await refused({ ...base, imageArray: [first.id, second.id] })).toEqual({ statusCode: 400, message: IMAGE_MESSAGES.platesOfOneImage });
    expect(await refused({ ...base, userControlNumberPlates: 'on' })).toMatchObject({ statusCode: 400, message: expect.stringContaining('userControlNumberPlates must be one of') });
    // another tenant's dealership may not repush, neither its own picture nor this one; another order's picture is not found
    expect((await asDealer2.post('/api/images/repush').send(base)).status).toBe(403);
    expect((await asDealer2.post('/api/images/repush').send({ ...base, orderId: otherOrderImage.orderId, imageArray: [otherOrderImage.id] })).status).toBe(403);
    expect(await refused({ ...base, imageArray: [otherOrderImage.id] })).toEqual({ statusCode: 404, message: 'Image not found' });
    for (const id of [first.id, second.id, otherOrderImage.id]) expect((await imageOf(id)).optimisationStatus).toBe('completed');
  });

  it('refuses bad requests with the reason, other roles and other orders', async () => {
    const ids = images.map((i) => i.id);
    const base = { orderId: order.id, imageArray: ids, method: 'full' };
    const refused = async (body: object) => (await admin.post('/api/images/repush').send(body)).body as { statusCode: number; message: string };
    expect(await refused({ ...base, method: 'magic' })).toMatchObject({ statusCode: 400, message: expect.stringContaining('method must be one of') });
    expect(await refused({ ...base, margins: { top: 46, bottom: 4, left: 5, right: 5 } })).toMatchObject({ statusCode: 400, message: expect.stringContaining('margins.top must not be greater than 45') });
    expect(await refused({ ...base, horizonLineHeight: 101 })).toMatchObject({ statusCode: 400, message: expect.stringContaining('horizonLineHeight must not be greater than 100') });
    expect(await refused({ ...base, backgroundColor: 'green' })).toMatchObject({ statusCode: 400, message: expect.stringContaining('backgroundColor must be a colour like #FFFFFF') });
    expect(await refused({ ...base, imageCategory: 'garage' })).toMatchObject({ statusCode: 400, message: expect.stringContaining('imageCategory must be one of') });
    expect(await refused({ ...base, userControlCropEnabled: 'maybe' })).toMatchObject({ statusCode: 400, message: expect.stringContaining('userControlCropEnabled must be one of') });
    expect(await refused({ ...base, imageArray: [] })).toMatchObject({ statusCode: 400, message: expect.stringContaining('imageArray must contain at least 1 elements') });
    const many = Array.from({ length: 101 }, () => randomUUID());
    expect(await refused({ ...base, imageArray: many })).toMatchObject({ statusCode: 400, message: expect.stringContaining('imageArray must contain no more than 100 elements') });
    expect(await refused({ ...base, styleGuideId: randomUUID() })).toEqual({ statusCode: 400, message: "The style guide is not the order's style guide" });

    // a dealership may not repush, not even its own pictures
    expect((await asDealer.post('/api/images/repush').send(base)).status).toBe(403);
    // another order's picture, or one that does not exist, is not found, and nothing is queued
    expect(await refused({ ...base, imageArray: [ids[0], otherOrderImage.id] })).toEqual({ statusCode: 404, message: 'Image not found' });
    expect(await refused({ ...base, imageArray: [randomUUID()] })).toEqual({ statusCode: 404, message: 'Image not found' });
    expect(await refused({ ...base, orderId: randomUUID() })).toMatchObject({ statusCode: 404 });
    expect((await imageOf(ids[0])).optimisationStatus).toBe('completed');
    expect((await imageOf(otherOrderImage.id)).optimisationStatus).toBe('completed');
  });

  it('a picture marked for editing with an IMAGE_ERROR tag carries the tag, and the timeline says why', async () => {
    const tag = (await admin.post('/api/tags').send({ name: 'Reflections', category: 'IMAGE_ERROR', entity: 'image', color: 'red' }).expect(201)).body as TagView;
    const priority = (await admin.post('/api/tags').send({ name: 'Rush picture', category: 'PRIORITY', entity: 'image', color: 'orange' }).expect(201)).body as TagView;
    const orderTag = (await admin.post('/api/tags').send({ name: 'Bad order', category: 'IMAGE_ERROR', entity: 'order', color: 'red' }).expect(201)).body as TagView;
    const [image] = images;

    expect((await qa.post(`/api/images/approval/${image.id}`).send({ approved: false, errorTagId: priority.id })).body).toEqual({
      statusCode: 400,
      message: 'The tag Rush picture is not an image error tag',
    });
    expect((await qa.post(`/api/images/approval/${image.id}`).send({ approved: false, errorTagId: orderTag.id })).body).toEqual({
      statusCode: 400,
      message: 'The tag Bad order is not an image error tag',
    });
    expect((await qa.post(`/api/images/approval/${image.id}`).send({ approved: false, errorTagId: randomUUID() })).body).toEqual({
      statusCode: 400,
      message: 'The reason tag does not exist',
    });
    expect((await qa.post(`/api/images/approval/${image.id}`).send({ approved: true, errorTagId: tag.id })).body).toEqual({
      statusCode: 400,
      message: 'A reason (errorTagId) goes only with approved: false',
    });
    expect((await qa.post(`/api/images/approval/${image.id}`).send({ approved: false, errorTagId: 'x' })).status).toBe(400);
    // nothing of that changed the picture
    expect(await imageOf(image.id)).toMatchObject({ needsEdition: false });

    const declined = await qa.put(`/api/images/updateApproval/${image.id}`).send({ approved: false, errorTagId: tag.id }).expect(200);
    expect(declined.body).toMatchObject({ approved: false, needsEdition: true, label: 'needs edition' });
    const line = await waitFor(
      async () => (await timelineOf(order.id)).find((e) => e.eventName === 'IMAGE_DECLINED') ?? null,
      'the IMAGE_DECLINED line',
    );
    expect(line.payload).toEqual({
      imageId: image.id,
      position: image.position,
      reason: { tagId: tag.id, name: 'Reflections' },
      tagId: tag.id,
      tagName: 'Reflections',
      tagCategory: 'IMAGE_ERROR',
    });
    // the statistics count declines per reason tag from the published line
    const [published] = await waitForEvents(stack, OrdersEvents.timelineRecorded, (p) => p.eventId === line.id);
    expect(published.payload).toMatchObject({ eventName: 'IMAGE_DECLINED', orderId: order.id, payload: { imageId: image.id, tagId: tag.id, tagName: 'Reflections', tagCategory: 'IMAGE_ERROR' } });
    expect(line.isPriority).toBe(true);
    const tags = await waitFor(
      async () => {
        const on = (await admin.get(`/api/tags/get/images/${image.id}`).expect(200)).body as TagView[];
        return on.length ? on : null;
      },
      'the reason tag on the image',
    );
    expect(tags.map((t) => t.name)).toEqual(['Reflections']);
    // a decline without a reason stays as it was: no tag on the other picture
    await qa.post(`/api/images/approval/${images[1].id}`).send({ approved: false }).expect(200);
    await waitFor(async () => (await timelineOf(order.id)).filter((e) => e.eventName === 'IMAGE_DECLINED').length === 2, 'the second decline');
    expect((await admin.get(`/api/tags/get/images/${images[1].id}`).expect(200)).body).toEqual([]);
  });
});
