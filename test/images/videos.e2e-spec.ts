import type { ImageView, OrderView, VideoView } from '@app/contracts';
import { testJpeg, testMp4, waitFor } from '@app/testing';
import {
  createAccount,
  createFreeFormGuide,
  createOrder,
  createSalesPerson,
  postToPresigned,
  signedInAs,
  signIn,
  uploadOrderImage,
  uploadOrderVideo,
  useTestStack,
  type UserSession,
} from '../support';
import { StorageService } from '@app/storage';
import sharp from 'sharp';

/**
 * Videos of orders (ffmpeg makes the thumbnails), and what happens to an order's files when
 * the order is deleted.
 */
describe('videos and order clean-up through the API', () => {
  jest.setTimeout(120_000);
  const stack = useTestStack({ label: 'videos', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
  let admin: UserSession;
  let asDealer: UserSession;
  let asDealer2: UserSession;
  let salesPersonId: string;
  let guideId: string;
  let mp4: Buffer;

  beforeAll(async () => {
    const permissions = ['CREATE_ORDERS', 'DELETE_ORDERS'];
    const dealer = await createAccount(stack, { role: 'Dealership', permissions });
    const dealer2 = await createAccount(stack, { role: 'Dealership', permissions });
    [admin, asDealer, asDealer2] = await Promise.all([
      signedInAs(stack, { role: 'Admin' }),
      signIn(stack, dealer.email),
      signIn(stack, dealer2.email),
    ]);
    salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    // a free-form guide (no positions): any position takes a picture, processed by its frame-free route
    guideId = await createFreeFormGuide(admin, { name: 'Free form', outputWidth: 800, outputHeight: 600, assignTo: [dealer.id] });
    mp4 = await testMp4(1);
  });

  const newOrder = (takenImagesCount = 1): Promise<OrderView> => createOrder(asDealer, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount });
  const fetchBytes = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  };

  it('an order without videos says so; an uploaded MP4 gets a 225 px thumbnail and a download link', async () => {
    const order = await newOrder();
    const none = await asDealer.get(`/api/videos/order/${order.id}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);

    const up = await uploadOrderVideo(asDealer, order.id, mp4);
    expect(up.status).toBe(200);
    const video = up.body as VideoView;
    expect(video).toMatchObject({ status: 'ready', contentType: 'video/mp4', fileSize: mp4.length, failureReason: null });
    expect(video.durationSeconds).toBeCloseTo(1, 0);
    const thumb = await fetchBytes(video.thumbnailUrl!);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 225 });

    const list = (await asDealer.get(`/api/videos/order/${order.id}`).expect(200)).body as VideoView[];
    expect(list.map((v) => v.id)).toEqual([up.videoId]);
    const link = await asDealer.post(`/api/videos/download/${up.videoId}`).expect(200);
    const file = await fetchBytes(link.body.url);
    expect(file.bytes.equals(mp4)).toBe(true);
    expect(file.headers.get('content-disposition')).toContain(`${order.orderName}-video.mp4`);

    // counted on the order, and out of another dealership's reach
    await waitFor(async () => ((await asDealer.get(`/api/orders/${order.id}`)).body as OrderView).videoCount === 1, 'the video counted on the order');
    expect((await asDealer2.get(`/api/videos/order/${order.id}`)).status).toBe(404);
    expect((await asDealer2.post(`/api/videos/download/${up.videoId}`)).body).toEqual({ statusCode: 404, message: 'Video not found' });
  });

  it('an accepted video cannot be swapped by posting its grant again: the download is still the video', async () => {
    const order = await newOrder();
    const signed = await asDealer.post('/api/videos/get-signed-url-for-upload').send({ order: order.id, fileSize: mp4.length }).expect(201);
    const fields = JSON.parse(signed.body.fields) as Record<string, string>;
    expect(fields.key).toMatch(new RegExp(`^orders/${order.id}/videos/${signed.body.videoId}/uploads/[0-9a-f-]{36}\\.mp4$`));
    expect(await postToPresigned(signed.body.url, fields, mp4, 'video/mp4')).toBe(204);
    await asDealer.post('/api/videos/upload-complete').send({ videoId: signed.body.videoId }).expect(200);

    const page = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    expect(await postToPresigned(signed.body.url, fields, page, 'video/mp4')).toBe(204);
    const link = await asDealer.post(`/api/videos/download/${signed.body.videoId}`).expect(200);
    const file = await fetchBytes(link.body.url);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.bytes.equals(mp4)).toBe(true);
    const [listed] = (await asDealer.get(`/api/videos/order/${order.id}`).expect(200)).body as VideoView[];
    expect((await fetchBytes(listed.url!)).bytes.equals(mp4)).toBe(true);

    // a video accepted before final keys existed has none and is read where it was uploaded
    const legacyKey = `orders/${order.id}/videos/${signed.body.videoId}/legacy.mp4`;
    const other = await testMp4(1, '160x120');
    await stack.db.query('UPDATE images.video SET file_key = NULL, upload_key = $2 WHERE id = $1', [signed.body.videoId, legacyKey]);
    const s3 = new StorageService({ endpoint: stack.s3.endpoint, accessKey: stack.s3.accessKey, secretKey: stack.s3.secretKey, bucket: stack.s3.bucket, region: 'us-east-1' });
    await s3.put(legacyKey, other, 'video/mp4');
    const legacy = await asDealer.post(`/api/videos/download/${signed.body.videoId}`).expect(200);
    expect((await fetchBytes(legacy.body.url)).bytes.equals(other)).toBe(true);
  });

  it('refuses a file that is not a video, by its first bytes or because ffmpeg cannot read it', async () => {
    const order = await newOrder();
    const text = await uploadOrderVideo(asDealer, order.id, Buffer.from('just some text, not a film'));
    expect(text.body).toEqual({ statusCode: 400, message: 'The file is not an MP4, QuickTime or WebM video' });
    // an MP4 header followed by nothing a decoder can read
    const broken = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4000, 7)]);
    const bad = await uploadOrderVideo(asDealer, order.id, broken);
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/^The file could not be read as a video: /);
    expect((bad.body as { message: string }).message).not.toContain('/tmp');
    // an HTML page behind an MP4 header: the container looks right, ffmpeg cannot read it
    const page = Buffer.concat([mp4.subarray(0, 32), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const html = await uploadOrderVideo(asDealer, order.id, page);
    expect(html.status).toBe(400);
    expect((html.body as { message: string }).message).toMatch(/^The file could not be read as a video: /);
    // nothing to list for the dealership; admin sees the refused ones with the reason
    expect((await asDealer.get(`/api/videos/order/${order.id}`).expect(200)).body).toEqual([]);
    const forAdmin = (await admin.get(`/api/videos/order/${order.id}`).expect(200)).body as VideoView[];
    expect(forAdmin.map((v) => v.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await asDealer.post(`/api/videos/download/${bad.videoId}`)).status).toBe(409);
    // bad input is a clear 400
    expect((await asDealer.post('/api/videos/get-signed-url-for-upload').send({ order: order.id, fileSize: 600_000_000 })).status).toBe(400);
    expect((await asDealer.post('/api/videos/get-signed-url-for-upload').send({ order: order.id, fileSize: 10, contentType: 'video/avi' })).status).toBe(400);
    expect((await asDealer.post('/api/videos/upload-complete').send({ videoId: 'nope' })).status).toBe(400);
  });

  it('a free-form order takes pictures at any position; deleting the order removes its pictures and videos', async () => {
    const order = await newOrder(1);
    const image = await uploadOrderImage(asDealer, order.id, 42, await testJpeg(640, 480));
    expect(image.expectedAngle).toBeNull();
    const processed = await waitFor(
      async () => {
        const res = await asDealer.get(`/api/images/data/${image.id}`);
        return res.body.optimisationStatus === 'completed' ? res.body : null;
      },
      'the picture processed by the frame-free route',
      60_000,
      300,
    );
    expect(processed).toMatchObject({ optimisedVia: 'bypass', width: 800, height: 600 });
    const video = await uploadOrderVideo(asDealer, order.id, mp4);
    const { originalUrl } = (await admin.get(`/api/images/data/${image.id}`).expect(200)).body as ImageView;
    const links = [processed.url, originalUrl, processed.thumbnailUrl, (video.body as VideoView).thumbnailUrl];
    for (const url of links) expect((await fetchBytes(url)).status).toBe(200);

    await asDealer.delete(`/api/orders/${order.id}`).expect(200);
    await waitFor(async () => (await Promise.all(links.map((u) => fetchBytes(u)))).every((r) => r.status === 404), 'the files removed', 30_000, 300);
    expect((await admin.get(`/api/images/data/${image.id}`)).status).toBe(404);
  });

  it('a PNG upload keeps its type', async () => {
    const order = await newOrder(1);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } }).png().toBuffer();
    const res = await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: order.id, position: 1, fileSize: png.length, width: 320, height: 240, contentType: 'image/png' }).expect(201);
    const fields = JSON.parse(res.body.fields) as Record<string, string>;
    expect(fields.key).toMatch(new RegExp(`^orders/${order.id}/images/${res.body.imageId}/uploads/[0-9a-f-]{36}\\.png$`));
    await postToPresigned(res.body.url, fields, png, 'image/png');
    const done = await asDealer.post('/api/images/upload-complete').send({ imageId: res.body.imageId }).expect(200);
    expect(done.body).toMatchObject({ optimisationStatus: 'queued', width: 320, height: 240 });
  });
});
