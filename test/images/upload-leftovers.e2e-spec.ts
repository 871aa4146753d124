import type { ImageView, MediaView, OrderView, VideoView } from '@app/contracts';
import { testJpeg, testMp4, testPng, waitFor } from '@app/testing';
import {
  createAccount,
  createFreeFormGuide,
  createOrder,
  createSalesPerson,
  postToPresigned,
  signedInAs,
  signIn,
  useTestStack,
  type UserSession,
} from '../support';
import { StorageService } from '@app/storage';
import sharp from 'sharp';
import { UploadLeftoverSweeper } from '../../services/style-guides/src/media/upload-leftover-sweeper';
import { UploadSweeper } from '../../services/images/src/uploads/upload-sweeper';

interface Grant {
  url: string;
  fields: Record<string, string>;
}

/**
 * An upload grant stays valid for its 15 minutes whatever the server did with what it first
 * received: a client may post it again after acceptance, or after the picture's row is gone.
 * Storage keeps nothing that no row names: once a grant has expired (plus a margin), its
 * staging object is removed, and the accepted file, kept under its final key, stays.
 *
 * The grant's lifetime is fixed at 15 minutes; instead of waiting for it, a test moves the
 * remembered expiry of a staging key into the past, as if that time had gone by.
 */
describe('staging objects of uploads never outlive their grant', () => {
  jest.setTimeout(120_000);
  const stack = useTestStack({
    label: 'upload_leftovers',
    services: ['users', 'style-guides', 'orders', 'images'],
    env: {
      IMAGES_UPLOAD_POLL_MS: '200',
      IMAGES_UPLOAD_LEFTOVER_MARGIN_MS: '1000',
      STYLE_GUIDES_UPLOAD_SWEEP_MS: '200',
      STYLE_GUIDES_UPLOAD_LEFTOVER_MARGIN_MS: '1000',
    },
  });
  let s3: StorageService;
  let admin: UserSession;
  let asDealer: UserSession;
  let salesPersonId: string;
  let guideId: string;

  beforeAll(async () => {
    s3 = new StorageService({ endpoint: stack.s3.endpoint, accessKey: stack.s3.accessKey, secretKey: stack.s3.secretKey, bucket: stack.s3.bucket, region: 'us-east-1' });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS', 'DELETE_ORDERS'] });
    [admin, asDealer] = await Promise.all([signedInAs(stack, { role: 'Admin' }), signIn(stack, dealer.email)]);
    salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    guideId = await createFreeFormGuide(admin, { name: 'Free form', outputWidth: 800, outputHeight: 600, assignTo: [dealer.id] });
  });

  const newOrder = (takenImagesCount = 2): Promise<OrderView> => createOrder(asDealer, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount });
  const stored = async (key: string): Promise<boolean> => (await s3.head(key)) !== null;
  const fetchBytes = async (url: string): Promise<{ status: number; bytes: Buffer }> => {
    const res = await fetch(url);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  /** the grant's time goes by: its remembered expiry is moved a minute into the past */
  const expireGrant = async (schema: 'images' | 'style_guides', key: string): Promise<void> => {
    const rows = await stack.db.query(`UPDATE ${schema}.upload_leftover SET grant_expires_at = now() - interval '1 minute' WHERE object_key = $1 RETURNING object_key`, [key]);
    expect(rows).toHaveLength(1);
  };
  const gone = (key: string, what: string) => waitFor(async () => !(await stored(key)), what, 30_000, 200);

  const signPicture = async (orderId: string, position: number, bytes: Buffer): Promise<Grant & { imageId: string }> => {
    const res = await asDealer.post('/api/images/get-signed-url-for-upload').send({ order: orderId, position, fileSize: bytes.length, width: 800, height: 600 }).expect(201);
    return { url: res.body.url, fields: JSON.parse(res.body.fields) as Record<string, string>, imageId: res.body.imageId };
  };
  const signVideo = async (orderId: string, bytes: Buffer): Promise<Grant & { videoId: string }> => {
    const res = await asDealer.post('/api/videos/get-signed-url-for-upload').send({ order: orderId, fileSize: bytes.length, contentType: 'video/mp4' }).expect(201);
    return { url: res.body.url, fields: JSON.parse(res.body.fields) as Record<string, string>, videoId: res.body.videoId };
  };

  it('a picture: its grant posted again after acceptance leaves nothing once the grant has expired; the accepted photo stays', async () => {
    const order = await newOrder();
    const photo = await testJpeg(800, 600);
    const grant = await signPicture(order.id, 1, photo);
    expect(await postToPresigned(grant.url, grant.fields, photo, 'image/jpeg')).toBe(204);
    const accepted = await asDealer.post('/api/images/upload-complete').send({ imageId: grant.imageId }).expect(200);
    expect(accepted.body).toMatchObject({ optimisationStatus: 'queued' });
    expect(await stored(grant.fields.key)).toBe(false);

    // posted again within the grant's lifetime: an object is back at the staging key
    expect(await postToPresigned(grant.url, grant.fields, Buffer.from('<html>not a photo</html>'), 'image/jpeg')).toBe(204);
    expect(await stored(grant.fields.key)).toBe(true);
    // while the grant can still write there, a pass of the sweeper leaves it (a removal now would be undone by the next post)
    await stack.services.images!.get(UploadSweeper).removeLeftovers();
    expect(await stored(grant.fields.key)).toBe(true);

    await expireGrant('images', grant.fields.key);
    await gone(grant.fields.key, 'the staging object removed');
    const image = (await admin.get(`/api/images/data/${grant.imageId}`).expect(200)).body as ImageView;
    const original = await fetchBytes(image.originalUrl!);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(photo)).toBe(true);
    expect(await stack.db.query('SELECT 1 FROM images.upload_leftover WHERE object_key = $1', [grant.fields.key])).toHaveLength(0);
  });

  it('a replacing picture: its grant posted again after the replacement leaves nothing once expired; the replaced picture stays', async () => {
    const order = await newOrder();
    const grant = await signPicture(order.id, 1, await testJpeg(800, 600));
    await postToPresigned(grant.url, grant.fields, await testJpeg(800, 600), 'image/jpeg');
    await asDealer.post('/api/images/upload-complete').send({ imageId: grant.imageId }).expect(200);
    const replace = await admin.post(`/api/images/replace-image/${grant.imageId}`).send({ fileSize: 50_000, width: 640, height: 480 }).expect(201);
    const fields = JSON.parse(replace.body.fields) as Record<string, string>;
    const finished = await testJpeg(640, 480, { carColour: '#202020' });
    expect(await postToPresigned(replace.body.url, fields, finished, 'image/jpeg')).toBe(204);
    const replaced = (await admin.post(`/api/images/replace-image/${grant.imageId}/complete`).expect(200)).body as ImageView;
    expect(await postToPresigned(replace.body.url, fields, Buffer.from('again'), 'image/jpeg')).toBe(204);
    expect(await stored(fields.key)).toBe(true);

    await expireGrant('images', fields.key);
    await gone(fields.key, 'the staging object of the replacement removed');
    const shown = await fetchBytes(replaced.url!);
    expect(shown.status).toBe(200);
    expect((await sharp(shown.bytes).metadata()).width).toBe(640);
  });

  it('a video: its grant posted again after acceptance leaves nothing once expired; the accepted video stays', async () => {
    const order = await newOrder();
    const mp4 = await testMp4(1);
    const grant = await signVideo(order.id, mp4);
    expect(await postToPresigned(grant.url, grant.fields, mp4, 'video/mp4')).toBe(204);
    const accepted = await asDealer.post('/api/videos/upload-complete').send({ videoId: grant.videoId }).expect(200);
    expect((accepted.body as VideoView).status).toBe('ready');
    expect(await postToPresigned(grant.url, grant.fields, Buffer.from('not a video'), 'video/mp4')).toBe(204);
    expect(await stored(grant.fields.key)).toBe(true);

    await expireGrant('images', grant.fields.key);
    await gone(grant.fields.key, 'the staging object of the video removed');
    const link = await asDealer.post(`/api/videos/download/${grant.videoId}`).expect(200);
    const video = await fetchBytes(link.body.url);
    expect(video.status).toBe(200);
    expect(video.bytes.equals(mp4)).toBe(true);
  });

  it('a medium: its grant posted again after acceptance leaves nothing once expired; the accepted image stays', async () => {
    const png = await testPng(48, '#884422');
    const created = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'logo' }).expect(201);
    const grant: Grant = { url: created.body.url, fields: created.body.fields };
    const id = created.body.utilityMedia.id as string;
    expect(await postToPresigned(grant.url, grant.fields, png, 'image/png')).toBe(204);
    // listing checks and accepts it
    const listed = (await admin.get('/api/media?mediaType=logo').expect(200)).body.items as MediaView[];
    const medium = listed.find((m) => m.id === id)!;
    expect(medium.uploaded).toBe(true);
    expect(await stored(grant.fields.key)).toBe(false);

    expect(await postToPresigned(grant.url, grant.fields, Buffer.from('<html>x</html>'), 'image/png')).toBe(204);
    expect(await stored(grant.fields.key)).toBe(true);
    await stack.services['style-guides']!.get(UploadLeftoverSweeper).sweep();
    expect(await stored(grant.fields.key)).toBe(true);

    await expireGrant('style_guides', grant.fields.key);
    await gone(grant.fields.key, 'the staging object of the medium removed');
    const kept = await fetchBytes(medium.url!);
    expect(kept.status).toBe(200);
    expect(kept.bytes.equals(png)).toBe(true);
  });

  it('uploads still pending when their row goes (the position asked again, the order deleted) leave nothing once their grants expire', async () => {
    const order = await newOrder();
    const photo = await testJpeg(800, 600);
    const mp4 = await testMp4(1);
    // position 1 asked twice: the first grant's row is taken over by the second
    const first = await signPicture(order.id, 1, photo);
    await signPicture(order.id, 1, photo);
    const pending = await signPicture(order.id, 2, photo);
    const video = await signVideo(order.id, mp4);

    await asDealer.delete(`/api/orders/${order.id}`).expect(200);
    await waitFor(async () => (await admin.get(`/api/images/data/${pending.imageId}`)).status === 404, 'the images of the deleted order removed', 30_000, 200);
    await waitFor(
      async () => (await stack.db.query('SELECT 1 FROM images.video WHERE id = $1', [video.videoId])).length === 0,
      'the videos of the deleted order removed',
      30_000,
      200,
    );

    // the grants are still valid: the client posts after all
    expect(await postToPresigned(first.url, first.fields, photo, 'image/jpeg')).toBe(204);
    expect(await postToPresigned(pending.url, pending.fields, photo, 'image/jpeg')).toBe(204);
    expect(await postToPresigned(video.url, video.fields, mp4, 'video/mp4')).toBe(204);
    const keys = [first.fields.key, pending.fields.key, video.fields.key];
    for (const key of keys) expect(await stored(key)).toBe(true);

    for (const key of keys) await expireGrant('images', key);
    for (const key of keys) await gone(key, `${key} removed`);
  });
});
