import { Namespace, StyleGuidesRpc, systemActor, type ImageView, type OrderEventView, type OrderListItem, type OrderView } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { readZip, testInfra, testJpeg, testMp4, waitFor } from '@app/testing';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  postOrderImage,
  postToPresigned,
  readOrderTimeline,
  signedInAs,
  signIn,
  startTestStack,
  uploadMedia,
  uploadOrderImage,
  uploadOrderVideo,
  type TestAccount,
  type TestStack,
  type UserSession,
} from '../support';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { OrderEventsWriter } from '../../services/images/src/images/order-events.writer';
import { ThumbnailBackfill } from '../../services/images/src/images/thumbnail-backfill';

const OUT_W = 1200;
const OUT_H = 900;
const PERMISSIONS = ['CREATE_ORDERS', 'DELETE_ORDERS', 'UPDATE_ORDERS'];

/**
 * Orders and their pictures end to end, every service running (the pipeline included):
 * direct uploads through presigned POSTs, the server's check, the lifecycle the images'
 * progress drives, QA's tools and downloads, and what another tenant cannot reach.
 */
describe('images: uploads, lifecycle, QA tools and downloads through the API', () => {
  // the pipeline processes every picture for real, on a machine shared with other work
  jest.setTimeout(180_000);
  let stack: TestStack;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let admin: UserSession;
  let qa: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;
  let asDealer2: UserSession;
  let asManager: UserSession;
  let salesOfDealer: string;
  let salesOfDealer2: string;
  let guideId: string;
  let guideName: string;
  let photo: Buffer;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'images', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    nc = await connectNats(testInfra.natsUrl, 'images-test');
    rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 10_000);
    dealer = await createAccount(stack, { role: 'Dealership', permissions: PERMISSIONS, enabledQa: true, displayName: 'Alpha Motors' });
    const dealer2 = await createAccount(stack, { role: 'Dealership', permissions: PERMISSIONS, displayName: 'Bravo Biler' });
    const manager = await createAccount(stack, { role: 'Management', children: [dealer.id] });
    [admin, qa, asDealer, asDealer2, asManager] = await Promise.all([
      signedInAs(stack, { role: 'Admin' }),
      signedInAs(stack, { role: 'QA', roleTags: ['QA_EDITOR'] }),
      signIn(stack, dealer.email),
      signIn(stack, dealer2.email),
      signIn(stack, manager.email),
    ]);
    salesOfDealer = (await createSalesPerson(stack, dealer.id)).id;
    salesOfDealer2 = (await createSalesPerson(stack, dealer2.id)).id;

    // a three-position guide: AI on the studio background, enhancer, bypass
    const [background, floor, logo, overlay] = [
      await uploadMedia(admin, 'background', await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e8ebef' } }).png().toBuffer()),
      await uploadMedia(admin, 'floor', await sharp({ create: { width: 640, height: 200, channels: 3, background: '#9aa0a8' } }).png().toBuffer()),
      await uploadMedia(admin, 'logo'),
      await uploadMedia(admin, 'angle_overlay'),
    ];
    const angle = async (name: string) =>
      (await admin.post('/api/angle').send({ name, category: 'exterior', defaultAngleOverlayId: overlay }).expect(201)).body.id as string;
    guideName = 'Nordic studio';
    const guide = await admin
      .post('/api/style-guides')
      .send({ name: guideName, outputWidth: OUT_W, outputHeight: OUT_H, maxImageSize: 600_000, backgroundMediaId: background, floorMediaId: floor, logoMediaId: logo })
      .expect(201);
    guideId = guide.body.id;
    const positions = [
      { position: 1, angleId: await angle('Front left 3/4'), routeTo: 'full' },
      { position: 2, angleId: await angle('Left side'), routeTo: 'enhancer', withLogo: false },
      { position: 3, angleId: await angle('Rear'), routeTo: 'bypass', withLogo: false },
    ];
    for (const p of positions) await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, ...p }).expect(201);
    for (const userId of [dealer.id, dealer2.id]) {
      await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId, styleGuideId: guideId }).expect(200);
    }
    photo = await testJpeg(800, 600);
  });

  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  const newOrder = (session: UserSession, salesPersonId: string, takenImagesCount = 3, orderName?: string): Promise<OrderView> =>
    createOrder(session, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount, ...(orderName ? { orderName } : {}) });
  const orderOf = async (session: UserSession, id: string): Promise<OrderView> => (await session.get(`/api/orders/${id}`).expect(200)).body;
  const imagesOf = async (session: UserSession, id: string): Promise<ImageView[]> => (await session.get(`/api/images/order/${id}`).expect(200)).body;
  const timelineOf = (id: string): Promise<OrderEventView[]> => readOrderTimeline(admin, id);
  const fetchBytes = async (url: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> => {
    const res = await fetch(url);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  };

  /** An order of the dealership with QA, its three pictures processed (shared by the tests below). */
  let processed: OrderView;
  let processedImages: ImageView[];

  it('the style guide gives the pipeline its settings per position, media as keys, and a fallback', async () => {
    const settings = await rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId: guideId }, systemActor('test'));
    expect(settings.positions.map((p) => [p.position, p.route, p.category, p.angleName])).toEqual([
      [1, 'full', 'exterior', 'Front left 3/4'],
      [2, 'enhancer', 'exterior', 'Left side'],
      [3, 'bypass', 'exterior', 'Rear'],
    ]);
    const first = settings.positions[0].settings;
    expect(first).toMatchObject({ outputWidth: OUT_W, outputHeight: OUT_H, maxImageSize: 600_000, withLogo: true, horizonLineHeight: 50 });
    expect(first.margins).toEqual({ top: 10, right: 5, bottom: 4, left: 5 });
    expect(first.media.background).toMatch(/^media\/background\/[0-9a-f-]{36}\.png$/);
    expect(first.media.floor).toMatch(/^media\/floor\//);
    expect(first.media.logo).toMatch(/^media\/logo\//);
    expect(settings.fallback).toMatchObject({ route: 'full', category: 'exterior', angleName: null, settings: { withLogo: true, margins: { top: 10, right: 5, bottom: 4, left: 5 } } });
    // a dealership may not ask for it
    await expect(rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId: guideId }, { ...systemActor('t'), role: 'Dealership', userId: dealer.id })).rejects.toMatchObject({
      status: 403,
    });
  });

  it("a configuration's own media win over the guide's; FEATURED goes to the featured route; an interior angle is interior", async () => {
    const [background, ownBackground, ownLogo, featured, frame, overlay] = [
      await uploadMedia(admin, 'background'),
      await uploadMedia(admin, 'background'),
      await uploadMedia(admin, 'logo'),
      await uploadMedia(admin, 'featured'),
      await uploadMedia(admin, 'frame_overlay'),
      await uploadMedia(admin, 'angle_overlay'),
    ];
    const dashboard = (await admin.post('/api/angle').send({ name: 'Dashboard', category: 'interior', defaultAngleOverlayId: overlay }).expect(201)).body.id;
    const g = (await admin.post('/api/style-guides').send({ name: 'Custom', outputWidth: 800, outputHeight: 600, maxImageSize: 300_000, backgroundMediaId: background, frameFreeRouting: 'enhancer' }).expect(201))
      .body.id as string;
    await admin.post('/api/style-guide-configurations').send({ styleGuideId: g, position: 1, type: 'FEATURED', routeTo: 'bypass', featuredImageId: featured }).expect(201);
    await admin
      .post('/api/style-guide-configurations')
      .send({
        styleGuideId: g,
        position: 2,
        angleId: dashboard,
        routeTo: 'AI (NO ENHANCER)',
        customBackgroundId: ownBackground,
        customLogoId: ownLogo,
        customFrameOverlayId: frame,
        margins: { top: 60, right: 5, bottom: 4, left: 5 },
      })
      .expect(201);
    const settings = await rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId: g }, systemActor('test'));
    const [featuredPosition, interior] = settings.positions;
    expect(featuredPosition).toMatchObject({ position: 1, route: 'FEATURED', category: 'exterior', angleName: null });
    expect(featuredPosition.settings.media.featuredImage).toContain(featured);
    expect(featuredPosition.settings.media.background).toContain(background);
    expect(interior).toMatchObject({ position: 2, route: 'ai_no_enh', category: 'interior', angleName: 'Dashboard' });
    expect(interior.settings.media).toEqual({ background: expect.stringContaining(ownBackground), logo: expect.stringContaining(ownLogo), overlays: [expect.stringContaining(frame)] });
    // the pipeline takes margins up to 45 %
    expect(interior.settings.margins.top).toBe(45);
    expect(settings.fallback.route).toBe('enhancer');
  });

  it('three JPEGs posted to presigned URLs move the order from Uploading through In Progress to the QA stage, processed at the guide size', async () => {
    const order = await newOrder(asDealer, salesOfDealer, 3, 'VW Golf 8 GTI');
    expect(order.status).toBe('Uploading');
    // the mobile app reports each upload; the web creator does not (the server finds the file)
    const first = await uploadOrderImage(asDealer, order.id, 1, photo);
    expect(first).toMatchObject({ position: 1, optimisationStatus: 'queued', label: 'pending load', types: ['original'], width: 800, height: 600 });
    await uploadOrderImage(asDealer, order.id, 2, await testJpeg(800, 600, { carColour: '#1d4e89' }));
    expect((await orderOf(asDealer, order.id)).status).toBe('Uploading');
    const third = await postOrderImage(asDealer, order.id, 3, await testJpeg(800, 600, { carColour: '#2f6b3a' }));
    expect(third.status).toBeLessThan(300);

    const done = await waitFor(
      async () => {
        const o = await orderOf(asDealer, order.id);
        return o.status === 'QA stage' ? o : null;
      },
      'the order in the QA stage',
      90_000,
      300,
    );
    expect(done).toMatchObject({ QAstatus: 'Waiting For QA', uploadedImagesCount: 3, processedImagesCount: 3, failedImagesCount: 0 });
    const timeline = await timelineOf(order.id);
    expect(timeline.map((e) => e.eventName)).toEqual(expect.arrayContaining(['NEW', 'UPLOAD_COMPLETED', 'PROCESSING_COMPLETED']));
    // the two steps of the lifecycle, each a status change on the timeline
    const moves = timeline
      .filter((e) => e.eventName === 'UPDATED')
      .map((e) => e.payload as { from: { status: string }; to: { status: string } })
      .map((p) => `${p.from.status} -> ${p.to.status}`);
    expect(moves.sort()).toEqual(['In Progress -> QA stage', 'Uploading -> In Progress']);

    const images = await imagesOf(asDealer, order.id);
    expect(images.map((i) => [i.position, i.optimisationStatus, i.optimisedVia, i.label])).toEqual([
      [1, 'completed', 'full', 'waiting for QA'],
      [2, 'completed', 'enhancer', 'waiting for QA'],
      [3, 'completed', 'bypass', 'waiting for QA'],
    ]);
    expect(images.map((i) => i.types)).toEqual([
      ['optimized', 'AI'],
      ['optimized', 'enhanced'],
      ['optimized', 'bypassed'],
    ]);
    expect(images.map((i) => i.expectedAngle)).toEqual(['Front left 3/4', 'Left side', 'Rear']);
    // the originals are for admin and QA: the dealership's view has no link to them
    expect(images.map((i) => i.originalUrl)).toEqual([null, null, null]);
    const originals = new Map((await imagesOf(admin, order.id)).map((i) => [i.id, i.originalUrl]));
    for (const image of images) {
      expect(image).toMatchObject({ width: OUT_W, height: OUT_H });
      const optimized = await fetchBytes(image.url!);
      expect(optimized.status).toBe(200);
      expect(await sharp(optimized.bytes).metadata()).toMatchObject({ format: 'jpeg', width: OUT_W, height: OUT_H });
      expect(optimized.bytes.length).toBeLessThanOrEqual(600_000);
      const thumb = await fetchBytes(image.thumbnailUrl!);
      expect((await sharp(thumb.bytes).metadata()).width).toBeLessThan(OUT_W);
      const original = await fetchBytes(originals.get(image.id)!);
      expect((await sharp(original.bytes).metadata()).width).toBe(800);
    }
    processed = done;
    processedImages = images;
  });

  it('an account without QA goes straight to Ready to download', async () => {
    const order = await newOrder(asDealer2, salesOfDealer2, 2);
    await uploadOrderImage(asDealer2, order.id, 2, photo);
    await uploadOrderImage(asDealer2, order.id, 3, photo);
    const done = await waitFor(
      async () => {
        const o = await orderOf(asDealer2, order.id);
        return o.status === 'Ready to download' ? o : null;
      },
      'the order ready to download',
      90_000,
      300,
    );
    expect(done.QAstatus).toBe('Approved');
    expect((await imagesOf(asDealer2, order.id)).map((i) => i.label)).toEqual(['ready to download', 'ready to download']);
  });

  it('refuses fake, oversized and too large files with a reason, and the order does not advance', async () => {
    // two photos announced: the order keeps taking uploads after the first good one
    const order = await newOrder(asDealer, salesOfDealer, 2);
    const refused = async (bytes: Buffer, message: string) => {
      const { imageId, status } = await postOrderImage(asDealer, order.id, 1, bytes);
      expect(status).toBeLessThan(300);
      const res = await asDealer.post('/api/images/upload-complete').send({ imageId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message });
      const image = (await asDealer.get(`/api/images/data/${imageId}`).expect(200)).body as ImageView;
      expect(image).toMatchObject({ optimisationStatus: 'upload-rejected', label: 'pending load', failureReason: message, url: null });
      return imageId;
    };
    // text under an image name and a photo over 4032x3024
    await refused(Buffer.from('<html>not a photo</html>'), 'The file is not a JPEG, PNG or WebP image');
    await refused(await testJpeg(5000, 2000, { quality: 40 }), 'The picture is larger than 4032 × 3024 pixels, the most one picture may be');
    // a file over 8388608 bytes: storage itself refuses the post (the policy's size range), so nothing arrives
    const big = Buffer.concat([await testJpeg(400, 300), Buffer.alloc(8_388_608, 1)]);
    const tooBig = await postOrderImage(asDealer, order.id, 1, big);
    expect(tooBig.status).toBe(400);
    expect((await asDealer.post('/api/images/upload-complete').send({ imageId: tooBig.imageId })).status).toBe(409);

    // each refused upload left its position open: only one row, the last one
    expect((await imagesOf(asDealer, order.id)).map((i) => i.id)).toEqual([tooBig.imageId]);
    const o = await orderOf(asDealer, order.id);
    expect(o).toMatchObject({ status: 'Uploading', uploadedImagesCount: 0 });
    const timeline = await timelineOf(order.id);
    const rejected = timeline.filter((e) => e.eventName === 'IMAGE_REJECTED');
    expect(rejected).toHaveLength(2);
    expect(rejected.map((e) => e.payload.reason)).toContain('The picture is larger than 4032 × 3024 pixels, the most one picture may be');

    // the web creator never calls upload-complete: the server finds a bad file itself
    const silent = await postOrderImage(asDealer, order.id, 1, Buffer.from('GIF89a not a jpeg at all'));
    await waitFor(
      async () => ((await asDealer.get(`/api/images/data/${silent.imageId}`)).body as ImageView).optimisationStatus === 'upload-rejected',
      'the silent upload refused by the sweeper',
      15_000,
      200,
    );

    // a good picture takes the position (the largest photo, in portrait), then the position is taken
    const good = await uploadOrderImage(asDealer, order.id, 1, await testJpeg(3024, 4032, { quality: 30 }));
    expect(good).toMatchObject({ optimisationStatus: 'queued', width: 3024, height: 4032 });
    const again = await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: order.id, position: 1, fileSize: 1000, width: 800, height: 600 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The picture for position 1 has already arrived complete; it does not need to be sent again');
    expect((await orderOf(asDealer, order.id)).status).toBe('Uploading');
    await uploadOrderImage(asDealer, order.id, 2, await testJpeg(800, 600));
    await waitFor(async () => (await orderOf(asDealer, order.id)).status !== 'Uploading', 'the order moving on', 60_000, 300);
  });

  it('refuses the first half of a JPEG as incomplete at upload-complete; the sweeper waits for a whole file while the link lives, then refuses it', async () => {
    const order = await newOrder(asDealer, salesOfDealer, 2);
    const jpeg = await testJpeg(1600, 1200);
    const half = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const incomplete = 'The file is incomplete: it ends before the end of the image (the upload was cut off or the file is damaged)';

    const told = await postOrderImage(asDealer, order.id, 1, half);
    const res = await asDealer.post('/api/images/upload-complete').send({ imageId: told.imageId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: incomplete });
    expect((await asDealer.get(`/api/images/data/${told.imageId}`).expect(200)).body).toMatchObject({ optimisationStatus: 'upload-rejected', failureReason: incomplete });

    // the web creator's path: nobody says the file is posted; a cut-off file is not taken as it is
    const silent = await postOrderImage(asDealer, order.id, 1, half);
    const checkedAt = async () => (await stack.db.query<{ at: Date | null }>('SELECT upload_checked_at AS at FROM images.image WHERE id = $1', [silent.imageId]))[0]?.at;
    const first = await waitFor(checkedAt, 'the sweeper looking at the cut-off upload', 15_000, 100);
    await waitFor(async () => ((await checkedAt())?.getTime() ?? 0) > first.getTime(), 'a second look', 15_000, 100);
    expect((await asDealer.get(`/api/images/data/${silent.imageId}`).expect(200)).body).toMatchObject({ optimisationStatus: 'awaiting-upload' });
    // its link expires with the file still cut off: refused with the reason, the position open again
    await stack.db.query(`UPDATE images.image SET upload_expires_at = now() - interval '1 hour' WHERE id = $1`, [silent.imageId]);
    const refused = await waitFor(
      async () => {
        const image = (await asDealer.get(`/api/images/data/${silent.imageId}`)).body as ImageView;
        return image.optimisationStatus === 'upload-rejected' ? image : null;
      },
      'the expired cut-off upload refused',
      15_000,
      100,
    );
    expect(refused.failureReason).toBe(incomplete);
    // the whole file is taken
    expect(await uploadOrderImage(asDealer, order.id, 1, jpeg)).toMatchObject({ optimisationStatus: 'queued', width: 1600, height: 1200 });
  });

  it('an accepted picture cannot be swapped by posting its grant again: what is read back is still the photo, as image/jpeg', async () => {
    const order = await newOrder(asDealer, salesOfDealer, 2);
    const signed = await asDealer
      .post('/api/images/get-signed-url-for-upload')
      .send({ order: order.id, position: 1, fileSize: photo.length, width: 800, height: 600 })
      .expect(201);
    const fields = JSON.parse(signed.body.fields) as Record<string, string>;
    expect(await postToPresigned(signed.body.url, fields, photo, 'image/jpeg')).toBe(204);
    const accepted = await asDealer.post('/api/images/upload-complete').send({ imageId: signed.body.imageId }).expect(200);
    expect(accepted.body).toMatchObject({ optimisationStatus: 'queued' });

    // within the grant's 15 minutes, the same fields with an HTML page instead of the photo
    const html = Buffer.from('<html><body><script>fetch("/api/users/me")</script></body></html>');
    expect(await postToPresigned(signed.body.url, fields, html, 'text/html')).toBe(204);
    // and the grant's key with text/html as the type is refused by storage itself
    expect(await postToPresigned(signed.body.url, { ...fields, 'Content-Type': 'text/html' }, html, 'text/html')).toBe(403);

    const image = ((await admin.get(`/api/images/data/${signed.body.imageId}`).expect(200)).body as ImageView);
    const original = await fetchBytes(image.originalUrl!);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.bytes.equals(photo)).toBe(true);
    // the pipeline works from the checked original too
    const done = await waitFor(
      async () => {
        const view = (await asDealer.get(`/api/images/data/${signed.body.imageId}`)).body as ImageView;
        return view.optimisationStatus === 'completed' ? view : null;
      },
      'the picture processed',
      60_000,
      300,
    );
    const optimized = await fetchBytes(done.url!);
    expect(optimized.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(optimized.bytes).metadata()).format).toBe('jpeg');
    // the zip holds the photo, not the page
    const zip = await asDealer.post(`/api/images/download/${order.id}?downloadStyleGuide=false`).send({ media: 'original' }).expect(200);
    const entries = readZip((await fetchBytes(zip.body.url)).bytes);
    expect(entries.map((e) => e.data.equals(photo))).toEqual([true]);
  });

  it('checks the upload request: positions of the guide, size, and only while the order is uploading', async () => {
    const order = await newOrder(asDealer, salesOfDealer, 3);
    const ask = (session: UserSession, body: object) => session.post('/api/images/get-signed-url-for-upload').send({ order: order.id, fileSize: 1000, width: 800, height: 600, ...body });
    let res = await ask(asDealer, { position: 7 });
    expect(res.body).toEqual({ statusCode: 400, message: 'The style guide has no position 7' });
    res = await ask(asDealer, { position: 1, fileSize: 8_388_609 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('The picture is larger than 8 MB, the most one picture may be');
    res = await ask(asDealer, { position: -1 });
    expect(res.status).toBe(400);
    res = await ask(asDealer, { position: 1, contentType: 'image/gif' });
    expect(res.status).toBe(400);
    res = await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: 'not-a-uuid', position: 1, fileSize: 1, width: 1, height: 1 });
    expect(res.status).toBe(400);

    // the presigned POST fixes the key (a one-time staging key of this grant), the type and the size
    res = await ask(asDealer, { position: 1 });
    expect(res.status).toBe(201);
    const fields = JSON.parse(res.body.fields) as Record<string, string>;
    expect(fields.key).toMatch(new RegExp(`^orders/${order.id}/images/${res.body.imageId}/uploads/[0-9a-f-]{36}\\.jpg$`));
    expect(fields['Content-Type']).toBe('image/jpeg');
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([['content-length-range', 1, 8388608]]));

    // once the order has left Uploading, only admin and QA add pictures
    await admin.put(`/api/orders/${order.id}`).send({ status: 'In Progress' }).expect(200);
    res = await ask(asDealer, { position: 2 });
    expect(res.body).toEqual({ statusCode: 409, message: 'The order no longer takes uploads' });
    res = await ask(qa, { position: 2 });
    expect(res.status).toBe(201);
  });

  it("an order's picture in the list is its first picture by position that has a thumbnail, else its first original; it follows the order's progress", async () => {
    const [a, b, c] = await Promise.all([newOrder(asDealer, salesOfDealer), newOrder(asDealer, salesOfDealer), newOrder(asDealer, salesOfDealer)]);
    const rows: Array<[OrderView, number, string, boolean]> = [
      // order a: the first picture still in the pipeline, the second and third processed
      [a, 1, 'queued', false],
      [a, 2, 'completed', true],
      [a, 3, 'completed', true],
      // order b: nothing processed yet
      [b, 1, 'queued', false],
      [b, 2, 'queued', false],
      // order c: nothing uploaded
      [c, 1, 'awaiting-upload', false],
    ];
    const ids: string[] = [];
    for (const [order, position, status, processed] of rows) {
      const id = randomUUID();
      ids.push(id);
      await stack.db.query(
        `INSERT INTO images.image (id, order_id, account_id, style_guide_id, position, source, media_origin, optimisation_status, approved, types,
                                   content_type, original_key, thumb_key, upload_expires_at)
         VALUES ($1::uuid, $2::uuid, $3, $3, $4, 'upload', 'original', $5, false, '{original}', 'image/jpeg',
                 'orders/' || $2::text || '/images/' || $1::text || '/original.jpg',
                 CASE WHEN $6::boolean THEN 'orders/' || $2::text || '/images/' || $1::text || '/thumb.jpg' END, now())`,
        [id, order.id, dealer.id, position, status, processed],
      );
    }
    // the images service publishes each order's progress, as after any change of its pictures
    const writer = stack.services.images!.get(OrderEventsWriter);
    const ds = stack.services.images!.get(DataSource);
    const publish = (orderId: string) =>
      ds.transaction(async (m) => {
        await writer.lock(m, orderId);
        await writer.progress(m, orderId);
      });
    for (const o of [a, b, c]) await publish(o.id);
    const listed = async (session: UserSession, o: OrderView) =>
      ((await session.get('/api/orders/get-orders').query({ search: o.orderName }).expect(200)).body.items as OrderListItem[]).find((i) => i.id === o.id);
    const pictureOf = async (o: OrderView) => (await listed(asDealer, o))?.thumbnailUrl ?? null;
    await waitFor(async () => (await pictureOf(a)) && (await pictureOf(b)), 'the pictures of the listed orders');
    expect(new URL((await pictureOf(a))!).pathname).toMatch(new RegExp(`/orders/${a.id}/images/${ids[1]}/thumb\\.jpg$`));
    expect(new URL((await pictureOf(b))!).pathname).toMatch(new RegExp(`/orders/${b.id}/images/${ids[3]}/original\\.jpg$`));
    expect(await pictureOf(c)).toBeNull();
    // with it the full picture of the same image, the list's fallback when the thumbnail fails
    const fullOf = async (o: OrderView) => (await listed(asDealer, o))?.pictureUrl ?? null;
    expect(new URL((await fullOf(a))!).pathname).toMatch(new RegExp(`/orders/${a.id}/images/${ids[1]}/original\\.jpg$`));
    expect(new URL((await fullOf(b))!).pathname).toMatch(new RegExp(`/orders/${b.id}/images/${ids[3]}/original\\.jpg$`));
    expect(await fullOf(c)).toBeNull();
    // the link opens the picture: it is signed for the storage
    expect(new URL((await pictureOf(a))!).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // another dealership does not find the order at all
    expect(await listed(asDealer2, a)).toBeUndefined();

    // b's first picture is processed: its thumbnail becomes the order's picture
    await stack.db.query(`UPDATE images.image SET optimisation_status = 'completed', thumb_key = 'orders/' || order_id::text || '/images/' || id::text || '/thumb.jpg' WHERE id = $1`, [ids[3]]);
    await publish(b.id);
    await waitFor(async () => (await pictureOf(b))?.includes(`/images/${ids[3]}/thumb.jpg`), "b's processed picture");
    // its full picture is the processed one once there is one
    await stack.db.query(`UPDATE images.image SET optimized_key = 'orders/' || order_id::text || '/images/' || id::text || '/optimized.jpg' WHERE id = $1`, [ids[3]]);
    await publish(b.id);
    await waitFor(async () => (await fullOf(b))?.includes(`/images/${ids[3]}/optimized.jpg`), "b's processed full picture");

    // orders whose progress went out before it carried the picture get it once at start
    await stack.db.query('UPDATE orders.orders SET thumbnail_key = NULL, picture_key = NULL WHERE id = $1', [a.id]);
    await stack.db.query('UPDATE images.order_progress SET thumbnail_sent = false WHERE order_id = $1', [a.id]);
    expect(await pictureOf(a)).toBeNull();
    expect(await stack.services.images!.get(ThumbnailBackfill).run()).toBe(1);
    await waitFor(async () => (await pictureOf(a))?.includes(`/images/${ids[1]}/thumb.jpg`), "a's picture sent again");
    expect(await fullOf(a)).toContain(`/images/${ids[1]}/original.jpg`);
    expect(await stack.services.images!.get(ThumbnailBackfill).run()).toBe(0);
    await stack.db.query('DELETE FROM images.image WHERE id = ANY($1::uuid[])', [ids]);
  });

  it('another dealership can neither ask an upload URL on the order, nor list, read or download its images', async () => {
    const order = processed;
    const image = processedImages[0];
    const calls = [
      asDealer2.post('/api/images/get-signed-url-for-upload').send({ order: order.id, position: 1, fileSize: 1000, width: 800, height: 600 }),
      asDealer2.get(`/api/images/order/${order.id}`),
      asDealer2.get(`/api/images/data/${image.id}`),
      asDealer2.post(`/api/images/download/${order.id}`).send({}),
      asDealer2.get(`/api/images/download/${image.id}`),
      asDealer2.post('/api/images/upload-complete').send({ imageId: image.id }),
      asDealer2.get(`/api/videos/order/${order.id}`),
      asDealer2.post('/api/videos/get-signed-url-for-upload').send({ order: order.id, fileSize: 1000 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(order.orderName);
    }

    // management reads its child's pictures but does not upload to its orders
    expect((await asManager.get(`/api/images/order/${order.id}`).expect(200)).body).toHaveLength(3);
    const up = await asManager.post('/api/images/get-signed-url-for-upload').send({ order: order.id, position: 1, fileSize: 1000, width: 800, height: 600 });
    expect(up.status).toBe(403);
  });

  it('zips the optimized pictures under the order name, or the style guide naming, as a short-lived link', async () => {
    const order = processed;
    const res = await asDealer.post(`/api/images/download/${order.id}`).send({}).expect(200);
    expect(res.body).toMatchObject({ fileName: 'VW Golf 8 GTI-optimized.zip', imageCount: 3 });
    const zip = await fetchBytes(res.body.url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain('VW Golf 8 GTI-optimized.zip');
    const entries = readZip(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual(['VW Golf 8 GTI-1.jpg', 'VW Golf 8 GTI-2.jpg', 'VW Golf 8 GTI-3.jpg']);
    for (const [i, entry] of entries.entries()) {
      const optimized = await fetchBytes(processedImages[i].url!);
      expect(entry.data.equals(optimized.bytes)).toBe(true);
      expect(await sharp(entry.data).metadata()).toMatchObject({ width: OUT_W, height: OUT_H });
    }

    const styled = await asDealer.post(`/api/images/download/${order.id}?downloadStyleGuide=true`).send({ images: [processedImages[2].id, processedImages[0].id] }).expect(200);
    expect(readZip((await fetchBytes(styled.body.url)).bytes).map((e) => e.name)).toEqual(['01-Front left 3-4.jpg', '03-Rear.jpg']);

    const originals = await asManager.post(`/api/images/download/${order.id}`).send({ media: 'original' }).expect(200);
    const originalEntries = readZip((await fetchBytes(originals.body.url)).bytes);
    expect(await sharp(originalEntries[0].data).metadata()).toMatchObject({ width: 800, height: 600 });

    // nothing requires edition yet
    const none = await asDealer.post(`/api/images/download/${order.id}`).send({ needsEditionOnly: true });
    expect(none.body).toEqual({ statusCode: 409, message: 'The order has no images to download' });
    // an image of another order in the selection
    const bad = await asDealer.post(`/api/images/download/${order.id}`).send({ images: ['6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11'] });
    expect(bad.status).toBe(404);
    expect((await asDealer.post(`/api/images/download/${order.id}`).send({ images: ['x'] })).status).toBe(400);

    // one picture: optimized for everyone who sees it, the original for admin and QA
    const one = await asDealer.get(`/api/images/download/${processedImages[1].id}`).expect(200);
    const oneFile = await fetchBytes(one.body.url);
    expect(oneFile.headers.get('content-disposition')).toContain('VW Golf 8 GTI-2.jpg');
    const media = await admin.get(`/api/images/downloadMedia/${order.id}/${processedImages[1].id}?media=original`).expect(200);
    expect((await sharp((await fetchBytes(media.body.url)).bytes).metadata()).width).toBe(800);
    expect((await asDealer.get(`/api/images/downloadMedia/${order.id}/${processedImages[1].id}?media=original`)).status).toBe(403);
    expect((await admin.get(`/api/images/downloadMedia/${order.id}/${processedImages[1].id}?media=raw`)).status).toBe(400);

    // the download is on the timeline, hidden
    const downloaded = (await timelineOf(order.id)).filter((e) => e.eventName === 'DOWNLOADED');
    expect(downloaded.length).toBeGreaterThanOrEqual(3);
    expect(downloaded.every((e) => e.isHidden)).toBe(true);
  });

  it('"all" zips the originals, the optimized pictures and the videos, each in its folder; every zip is named by what it holds', async () => {
    const order = processed;
    const mp4 = await testMp4(1);
    const video = await uploadOrderVideo(asDealer, order.id, mp4);
    expect(video.status).toBe(200);

    // the dealership's two buttons: "Download all" (style guide names) and "Download optimized"
    const all = await asDealer.post(`/api/images/download/${order.id}?downloadStyleGuide=true`).send({ media: 'all' }).expect(200);
    const optimized = await asDealer.post(`/api/images/download/${order.id}`).send({ media: 'optimized' }).expect(200);
    expect(all.body).toMatchObject({ fileName: 'VW Golf 8 GTI-all.zip', imageCount: 6 });
    expect(optimized.body).toMatchObject({ fileName: 'VW Golf 8 GTI-optimized.zip', imageCount: 3 });
    const allZip = await fetchBytes(all.body.url);
    expect(allZip.headers.get('content-disposition')).toContain('VW Golf 8 GTI-all.zip');
    const entries = readZip(allZip.bytes);
    expect(entries.map((e) => e.name)).toEqual([
      'originals/01-Front left 3-4.jpg',
      'originals/02-Left side.jpg',
      'originals/03-Rear.jpg',
      'optimized/01-Front left 3-4.jpg',
      'optimized/02-Left side.jpg',
      'optimized/03-Rear.jpg',
      'videos/VW Golf 8 GTI-video.mp4',
    ]);
    // the originals as they were sent (800 × 600), the pictures the pipeline made, the video as uploaded
    for (const entry of entries.slice(0, 3)) expect(await sharp(entry.data).metadata()).toMatchObject({ width: 800, height: 600 });
    for (const [i, entry] of entries.slice(3, 6).entries()) expect(entry.data.equals((await fetchBytes(processedImages[i].url!)).bytes)).toBe(true);
    expect(entries[6].data.equals(mp4)).toBe(true);
    // "optimized" holds the processed pictures only
    expect(readZip((await fetchBytes(optimized.body.url)).bytes).map((e) => e.name)).toEqual(['VW Golf 8 GTI-1.jpg', 'VW Golf 8 GTI-2.jpg', 'VW Golf 8 GTI-3.jpg']);

    // the other zips say what they hold too
    const originals = await asDealer.post(`/api/images/download/${order.id}`).send({ media: 'original' }).expect(200);
    expect(originals.body.fileName).toBe('VW Golf 8 GTI-originals.zip');
    const selected = await asDealer.post(`/api/images/download/${order.id}`).send({ images: [processedImages[1].id], media: 'all' }).expect(200);
    expect(selected.body.fileName).toBe('VW Golf 8 GTI-selected-all.zip');
    // a selection is pictures only: no video
    expect(readZip((await fetchBytes(selected.body.url)).bytes).map((e) => e.name)).toEqual(['originals/VW Golf 8 GTI-2.jpg', 'optimized/VW Golf 8 GTI-2.jpg']);
    const unknown = await asDealer.post(`/api/images/download/${order.id}`).send({ media: 'everything' });
    expect(unknown.body).toEqual({ statusCode: 400, message: 'media must be one of optimized, original, all' });
  });

  it('QA approves or sends an image to edition; only admin and QA may', async () => {
    const [one, two] = processedImages;
    expect((await asDealer.post(`/api/images/approval/${one.id}`).send({ approved: true })).status).toBe(403);
    const approved = await qa.post(`/api/images/approval/${one.id}`).send({ approved: true }).expect(200);
    expect(approved.body).toMatchObject({ approved: true, needsEdition: false, label: 'approved' });
    const declined = await admin.put(`/api/images/updateApproval/${two.id}`).send({ approved: false }).expect(200);
    expect(declined.body).toMatchObject({ approved: false, needsEdition: true, label: 'needs edition' });
    expect((await admin.put(`/api/images/updateApproval/${two.id}`).send({ approved: 'yes' })).status).toBe(400);
    expect((await admin.put(`/api/images/updateApproval/6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11`).send({ approved: true })).body).toEqual({
      statusCode: 404,
      message: 'Image not found',
    });
    const timeline = await waitFor(
      async () => {
        const t = await timelineOf(processed.id);
        return t.some((e) => e.eventName === 'IMAGE_DECLINED') && t.some((e) => e.eventName === 'IMAGE_APPROVED') ? t : null;
      },
      'approval events on the timeline',
    );
    expect(timeline.find((e) => e.eventName === 'IMAGE_DECLINED')?.payload).toMatchObject({ imageId: two.id, position: 2 });

    // the required-edition download holds only that one
    const res = await asDealer.post(`/api/images/download/${processed.id}`).send({ needsEditionOnly: true }).expect(200);
    expect(readZip((await fetchBytes(res.body.url)).bytes).map((e) => e.name)).toEqual(['VW Golf 8 GTI-2.jpg']);

    // a picture not uploaded yet cannot be approved
    const order = await newOrder(asDealer, salesOfDealer, 3);
    const pending = await postOrderImage(asDealer, order.id, 2, photo);
    const notYet = await admin.post(`/api/images/approval/${pending.imageId}`).send({ approved: true });
    expect(notYet.status).toBe(409);
  });

  it('QA processes an image again, inserts pictures and replaces one; each on the timeline', async () => {
    const order = await newOrder(asDealer, salesOfDealer, 1);
    const image = await uploadOrderImage(asDealer, order.id, 3, photo);
    await waitFor(async () => ((await asDealer.get(`/api/images/data/${image.id}`)).body as ImageView).optimisationStatus === 'completed', 'processed', 60_000, 300);
    expect((await asDealer.post('/api/images/invoke-image-optimization').send({ imageId: image.id })).status).toBe(403);
    const again = await qa.post('/api/images/invoke-image-optimization').send({ imageId: image.id }).expect(202);
    expect(again.body).toMatchObject({ optimisationStatus: 'queued', label: 'pending load' });
    await waitFor(async () => ((await asDealer.get(`/api/images/data/${image.id}`)).body as ImageView).optimisationStatus === 'completed', 'processed again', 60_000, 300);

    // a finished picture: shown as it is
    const inserted = await admin.post('/api/images/insert-image-on-order').send({ order: order.id, position: 10, mediaOrigin: 'optimized' }).expect(201);
    expect(await postToPresigned(inserted.body.url, JSON.parse(inserted.body.fields), await testJpeg(1000, 750), 'image/jpeg')).toBeLessThan(300);
    const finished = await admin.post('/api/images/upload-complete').send({ imageId: inserted.body.imageId }).expect(200);
    expect(finished.body).toMatchObject({ position: 10, mediaOrigin: 'optimized', optimisationStatus: 'completed', types: ['optimized'], width: 1000, height: 750 });
    expect((await sharp((await fetchBytes(finished.body.thumbnailUrl)).bytes).metadata()).width).toBe(400);
    // an original: through the pipeline
    const original = await qa.post('/api/images/insert-image-on-order').send({ order: order.id, position: 11, mediaOrigin: 'original' }).expect(201);
    await postToPresigned(original.body.url, JSON.parse(original.body.fields), photo, 'image/jpeg');
    await waitFor(
      async () => ((await asDealer.get(`/api/images/data/${original.body.imageId}`)).body as ImageView).optimisationStatus === 'completed',
      'the inserted original processed (found by the sweeper)',
      60_000,
      300,
    );
    expect((await asDealer.post('/api/images/insert-image-on-order').send({ order: order.id, position: 12, mediaOrigin: 'optimized' })).status).toBe(403);
    expect((await admin.post('/api/images/insert-image-on-order').send({ order: order.id, position: -1, mediaOrigin: 'optimized' })).body.message).toContain(
      'position must not be negative',
    );
    expect((await admin.post('/api/images/insert-image-on-order').send({ order: order.id, position: 10, mediaOrigin: 'optimized' })).status).toBe(409);

    // replace the optimized picture of the processed image
    expect((await admin.post(`/api/images/replace-image/${image.id}/complete`)).body).toEqual({
      statusCode: 409,
      message: 'No replacement picture was requested for this image',
    });
    const replace = await admin.post(`/api/images/replace-image/${image.id}`).send({ fileSize: 50_000, width: 640, height: 480 }).expect(201);
    expect(JSON.parse(replace.body.fields).key).toMatch(new RegExp(`^orders/${order.id}/images/${image.id}/uploads/[0-9a-f-]{36}\\.jpg$`));
    await postToPresigned(replace.body.url, JSON.parse(replace.body.fields), await testJpeg(640, 480, { carColour: '#202020' }), 'image/jpeg');
    const replaced = await admin.post(`/api/images/replace-image/${image.id}/complete`).expect(200);
    expect(replaced.body).toMatchObject({ optimisationStatus: 'completed', width: 640, height: 480 });
    // the same grant posted again after acceptance changes nothing anyone sees
    expect(await postToPresigned(replace.body.url, JSON.parse(replace.body.fields), Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg')).toBe(204);
    const shown = ((await admin.get(`/api/images/data/${image.id}`).expect(200)).body as ImageView).url!;
    expect((await sharp((await fetchBytes(shown)).bytes).metadata()).width).toBe(640);
    expect((await sharp((await fetchBytes(replaced.body.url)).bytes).metadata()).width).toBe(640);
    expect((await sharp((await fetchBytes(replaced.body.thumbnailUrl)).bytes).metadata()).width).toBe(400);
    // a bad replacement is refused and the picture stays
    await admin.post(`/api/images/replace-image/${image.id}`).send({ fileSize: 50, width: 640, height: 480 }).expect(201);
    const fake = await admin.post(`/api/images/replace-image/${image.id}`).send({ fileSize: 50, width: 640, height: 480 }).expect(201);
    await postToPresigned(fake.body.url, JSON.parse(fake.body.fields), Buffer.from('not a picture'), 'image/jpeg');
    expect((await admin.post(`/api/images/replace-image/${image.id}/complete`)).body).toEqual({ statusCode: 400, message: 'The file is not a JPEG, PNG or WebP image' });
    expect(((await admin.get(`/api/images/data/${image.id}`)).body as ImageView).width).toBe(640);
    expect((await asDealer.post(`/api/images/replace-image/${image.id}`).send({ fileSize: 50, width: 640, height: 480 })).status).toBe(403);

    const timeline = await waitFor(async () => {
      const t = await timelineOf(order.id);
      return t.filter((e) => e.eventName === 'QA_UPLOADED_PICTURE').length >= 3 && t.some((e) => e.eventName === 'IMAGE_REPUSHED') ? t : null;
    }, 'QA events on the timeline');
    expect(timeline.find((e) => e.eventName === 'IMAGE_REPUSHED')?.payload).toMatchObject({ imageIds: [image.id] });
  });

  it('admin and QA delete images with their files; DELETED on the timeline', async () => {
    const order = await newOrder(asDealer, salesOfDealer, 2);
    const a = await uploadOrderImage(asDealer, order.id, 1, photo);
    const b = await uploadOrderImage(asDealer, order.id, 2, photo);
    const originalUrl = (await imagesOf(admin, order.id)).find((i) => i.id === a.id)!.originalUrl!;
    expect((await fetchBytes(originalUrl)).status).toBe(200);
    expect((await asDealer.delete('/api/images').send({ ids: [a.id] })).status).toBe(403);
    expect((await admin.delete('/api/images').send({ ids: [] })).status).toBe(400);
    expect((await admin.delete('/api/images').send({ ids: [a.id, '6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11'] })).body).toEqual({ statusCode: 404, message: 'Image not found' });
    const res = await admin.delete('/api/images/').send({ ids: [a.id] }).expect(200);
    expect(res.body).toEqual({ deleted: 1 });
    expect((await imagesOf(asDealer, order.id)).map((i) => i.id)).toEqual([b.id]);
    expect((await fetchBytes(originalUrl)).status).toBe(404);
    expect((await asDealer.get(`/api/images/data/${a.id}`)).status).toBe(404);
    const deleted = await waitFor(async () => (await timelineOf(order.id)).find((e) => e.eventName === 'DELETED'), 'DELETED on the timeline');
    expect(deleted.payload).toMatchObject({ imageIds: [a.id], positions: [1] });
  });
});
