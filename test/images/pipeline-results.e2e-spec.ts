import { PipelineEvents, type ImageView, type OrderEventView, type OrderListItem, type OrderView, type Paged } from '@app/contracts';
import sharp from 'sharp';
import { testJpeg, waitFor } from '@app/testing';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  postOrderImage,
  publishEvent,
  signIn,
  startTestStack,
  uploadMedia,
  uploadOrderImage,
  type TestStack,
  type UserSession,
} from '../support';
import { randomUUID } from 'node:crypto';

/** What the pipeline's results do to pictures and orders, and the limits of a free-form order. */
describe('pipeline results and free-form orders', () => {
  jest.setTimeout(120_000);
  let stack: TestStack;
  let admin: UserSession;
  let asDealer: UserSession;
  let salesPersonId: string;
  let dealerId: string;
  let photo: Buffer;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'pipeline_results', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    [admin, asDealer] = await Promise.all([createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)), signIn(stack, dealer.email)]);
    dealerId = dealer.id;
    salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    photo = await testJpeg(640, 480);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const guide = async (body: object): Promise<string> => {
    const id = (await admin.post('/api/style-guides').send({ name: `Guide ${randomUUID().slice(0, 6)}`, outputWidth: 640, outputHeight: 480, maxImageSize: 200_000, ...body }).expect(201)).body
      .id as string;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealerId, styleGuideId: id }).expect(200);
    return id;
  };
  const imageOf = async (id: string): Promise<ImageView> => (await asDealer.get(`/api/images/data/${id}`).expect(200)).body;

  it('a picture the pipeline gives up on is labelled pipeline error with the reason, and the order still moves on', async () => {
    // AI on a guide without a background: the pipeline cannot compose the picture
    const styleGuide = await guide({ frameFreeRouting: 'full' });
    const order: OrderView = await createOrder(asDealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: 1 });
    const image = await uploadOrderImage(asDealer, order.id, 1, photo);
    const failed = await waitFor(
      async () => {
        const i = await imageOf(image.id);
        return i.optimisationStatus === 'rejected' ? i : null;
      },
      'the pipeline failure',
      60_000,
      300,
    );
    expect(failed).toMatchObject({ label: 'pipeline error', optimisedVia: 'full', types: ['original'] });
    expect(failed.failureReason).toContain('background');
    const done = await waitFor(
      async () => {
        const o = (await asDealer.get(`/api/orders/${order.id}`).expect(200)).body as OrderView;
        return o.status === 'Ready to download' ? o : null;
      },
      'the order ready (a failure counts as processed)',
      30_000,
      300,
    );
    expect(done).toMatchObject({ processedImagesCount: 1, failedImagesCount: 1 });
    const events = (await admin.get(`/api/events/order/${order.id}?isHidden=true`).expect(200)).body.items as OrderEventView[];
    const error = events.find((e) => e.eventName === 'PIPELINE_ERROR');
    expect(error).toMatchObject({ isPriority: true, payload: { imageId: image.id, code: 'medium-missing' } });

    // with a background it goes through once processed again
    const background = await uploadMedia(admin, 'background');
    await admin.put(`/api/style-guides/${styleGuide}`).send({ backgroundMediaId: background }).expect(200);
    await admin.post('/api/images/invoke-image-optimization').send({ imageId: image.id }).expect(202);
    await waitFor(async () => (await imageOf(image.id)).optimisationStatus === 'completed', 'processed with the background', 60_000, 300);
    expect(await imageOf(image.id)).toMatchObject({ label: 'ready to download', failureReason: null, width: 640, height: 480 });
  });

  it("the orders list shows a picture of its box's size, in a link the browser may cache; an image processed before such pictures shows its thumbnail", async () => {
    const styleGuide = await guide({ frameFreeRouting: 'bypass' });
    const order: OrderView = await createOrder(asDealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: 2 });
    const first = await uploadOrderImage(asDealer, order.id, 1, photo);
    const rowOf = async (): Promise<OrderListItem | undefined> =>
      ((await asDealer.get('/api/orders/get-orders?page=1').expect(200)).body as Paged<OrderListItem>).items.find((o) => o.id === order.id);
    const listed = await waitFor(async () => ((await rowOf())?.thumbnailUrl?.includes('/thumb-list.jpg') ? rowOf() : null), 'the list picture', 60_000, 300);
    // the same link on the next read: the browser's copy serves it
    expect((await rowOf())?.thumbnailUrl).toBe(listed!.thumbnailUrl);
    const res = await fetch(listed!.thumbnailUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    const picture = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 112, 84]);

    // a picture processed before list pictures existed has none: the list falls back to its thumbnail
    await stack.db.query('UPDATE images.image SET list_thumb_key = NULL WHERE id = $1', [first.id]);
    await uploadOrderImage(asDealer, order.id, 2, photo);
    const fallback = await waitFor(async () => ((await rowOf())?.thumbnailUrl?.includes(`/${first.id}/thumb.jpg`) ? rowOf() : null), 'the thumbnail instead', 60_000, 300);
    const thumb = await sharp(Buffer.from(await (await fetch(fallback!.thumbnailUrl!)).arrayBuffer())).metadata();
    expect(thumb.width).toBe(400);
  });

  it('a result of an older job does not overwrite the picture', async () => {
    const styleGuide = await guide({ frameFreeRouting: 'bypass' });
    const processedOf = async (position: number) => {
      const order: OrderView = await createOrder(asDealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: 1 });
      const image = await uploadOrderImage(asDealer, order.id, position, photo);
      return waitFor(
        async () => {
          const i = await imageOf(image.id);
          return i.optimisationStatus === 'completed' ? i : null;
        },
        'processed',
        60_000,
        300,
      );
    };
    const image = await processedOf(5);
    // late results of some earlier jobs of this picture
    const stale = { jobId: randomUUID(), imageId: image.id, orderId: image.orderId, route: 'bypass' as const, lane: 'live' as const };
    await publishEvent(stack, PipelineEvents.imageFailed, {
      ...stale,
      code: 'processing-error',
      reason: 'an old attempt failed',
      attempts: 4,
      deadLettered: true,
      failedAt: new Date().toISOString(),
    });
    await publishEvent(stack, PipelineEvents.imageProcessed, {
      ...stale,
      jobId: randomUUID(),
      keys: { optimized: 'orders/x/images/y/optimized.jpg', thumb: 'orders/x/images/y/thumb.jpg' },
      width: 9999,
      height: 9999,
      fileSize: 1,
      quality: 10,
      thumbWidth: 1,
      thumbHeight: 1,
      attempt: 1,
      durationMs: 1,
      worker: 'elsewhere',
      processedAt: new Date().toISOString(),
    });
    // the results consumer takes events in order: once a later picture is processed, it has seen those
    await processedOf(6);
    const after = await imageOf(image.id);
    expect(after).toMatchObject({ optimisationStatus: 'completed', failureReason: null, width: image.width, height: image.height });
    expect(after.url).toContain(`/images/${image.id}/optimized.jpg`);
  });

  it('the plates the pipeline masked are kept with the picture and shown to admin and QA over the original; an output without plates clears them', async () => {
    const styleGuide = await guide({ frameFreeRouting: 'bypass' });
    const order: OrderView = await createOrder(asDealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: 1 });
    const uploaded = await uploadOrderImage(asDealer, order.id, 1, photo);
    const image = await waitFor(async () => ((await imageOf(uploaded.id)).optimisationStatus === 'completed' ? imageOf(uploaded.id) : null), 'processed', 60_000, 300);
    const adminView = async (): Promise<ImageView> => (await admin.get(`/api/images/data/${image.id}`).expect(200)).body;
    // the output of a job that masked no plates (the guide's setting is off)
    expect((await adminView()).numberPlates).toBeNull();
    expect(image.numberPlates).toBeNull();

    const [row] = (await stack.db.query('SELECT latest_job_id AS "jobId", optimized_key AS "optimized", thumb_key AS "thumb" FROM images.image WHERE id = $1', [image.id])) as Array<{
      jobId: string;
      optimized: string;
      thumb: string;
    }>;
    const plates = [
      { corners: [{ x: 0.2, y: 0.6 }, { x: 0.45, y: 0.62 }, { x: 0.45, y: 0.7 }, { x: 0.2, y: 0.68 }] },
      { corners: [{ x: 0, y: 0.9 }, { x: 0.1, y: 0.9 }, { x: 0.1, y: 1 }, { x: 0, y: 1 }] },
    ];
    const result = (extra: object) => ({
      jobId: row.jobId,
      imageId: image.id,
      orderId: order.id,
      route: 'full' as const,
      lane: 'live' as const,
      keys: { optimized: row.optimized, thumb: row.thumb },
      width: 640,
      height: 480,
      fileSize: image.fileSize!,
      quality: 80,
      thumbWidth: 400,
      thumbHeight: 300,
      attempt: 1,
      durationMs: 1,
      worker: 'test',
      processedAt: new Date().toISOString(),
      ...extra,
    });
    await publishEvent(stack, PipelineEvents.imageProcessed, result({ plates }));
    const masked = await waitFor(async () => ((await adminView()).numberPlates ? adminView() : null), 'the plates on the picture', 30_000, 200);
    expect(masked.numberPlates).toEqual(plates);
    // in the order's pictures too, for admin; the dealership does not see them
    const ofOrder = (await admin.get(`/api/images/order/${order.id}`).expect(200)).body as ImageView[];
    expect(ofOrder.find((i) => i.id === image.id)?.numberPlates).toEqual(plates);
    expect((await imageOf(image.id)).numberPlates).toBeNull();
    const dealerList = (await asDealer.get(`/api/images/order/${order.id}`).expect(200)).body as ImageView[];
    expect(dealerList.find((i) => i.id === image.id)?.numberPlates).toBeNull();

    // the next output, of a job that masked none: nothing is kept
    await publishEvent(stack, PipelineEvents.imageProcessed, result({ processedAt: new Date().toISOString() }));
    await waitFor(async () => (await adminView()).numberPlates === null, 'the plates cleared', 30_000, 200);
    // an output whose plates are an empty list masked none either, and says so
    await publishEvent(stack, PipelineEvents.imageProcessed, result({ plates: [] }));
    await waitFor(async () => Array.isArray((await adminView()).numberPlates), 'an empty list of plates', 30_000, 200);
    expect((await adminView()).numberPlates).toEqual([]);
  });

  it('a free-form order takes at most 100 pictures', async () => {
    const styleGuide = await guide({ frameFreeRouting: 'bypass' });
    const order: OrderView = await createOrder(asDealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: 100 });
    for (let position = 1; position <= 100; position++) {
      await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: order.id, position, fileSize: 1000, width: 640, height: 480 }).expect(201);
    }
    const more = await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: order.id, position: 101, fileSize: 1000, width: 640, height: 480 });
    expect(more.body).toEqual({ statusCode: 409, message: 'An order holds at most 100 images' });
    // asking again for an awaited position replaces it, and stays within the limit
    const again = await postOrderImage(asDealer, order.id, 100, photo);
    expect(again.status).toBeLessThan(300);
    expect((await asDealer.get(`/api/images/order/${order.id}`).expect(200)).body).toHaveLength(100);
  });
});
