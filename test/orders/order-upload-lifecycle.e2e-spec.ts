import type { ImageView, OrderEventView, OrderListItem, OrderView, TagView } from '@app/contracts';
import { testJpeg, waitFor, waitUntil } from '@app/testing';
import {
  createDealership,
  createOrder,
  createStyleGuide,
  postOrderImage,
  signedInAs,
  uploadOrderImage,
  useTestStack,
  type UserSession,
} from '../support';

/**
 * The lifecycle with real uploads: the images service checks the files, queues them for the
 * pipeline, the pipeline processes them, and the order moves on by itself; the list shows
 * its thumbnail; deleting the order removes its images.
 */
describe('an order from upload to Ready to download', () => {
  jest.setTimeout(180_000);
  const stack = useTestStack({
    label: 'order_upload',
    services: ['users', 'style-guides', 'orders', 'images', 'pipeline'],
    env: { IMAGES_UPLOAD_POLL_MS: '300' },
  });
  let admin: UserSession;
  let asDealer: UserSession;
  let asQaDealer: UserSession;
  let salesPerson: string;
  let qaSalesPerson: string;
  let guide: string;
  let photo: Buffer;

  const order = async (session: UserSession, id: string): Promise<OrderView> => (await session.get(`/api/orders/${id}`).expect(200)).body;
  const until = (session: UserSession, id: string, what: string, ok: (o: OrderView) => boolean) => waitUntil(() => order(session, id), ok, what, 90_000, 250);

  beforeAll(async () => {
    const dealer = await createDealership(stack);
    const qaDealer = await createDealership(stack, { enabledQa: true });
    ({ session: asDealer, salesPersonId: salesPerson } = dealer);
    ({ session: asQaDealer, salesPersonId: qaSalesPerson } = qaDealer);
    admin = await signedInAs(stack, { role: 'Admin' });
    guide = (await createStyleGuide(admin, { assignTo: [dealer.account.id, qaDealer.account.id], positions: 3, route: 'bypass' })).id;
    photo = await testJpeg(800, 600);
  });

  it('the mobile way: each upload completed by the app; Uploading → In Progress → Ready to download', async () => {
    const o = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson, takenImagesCount: 3, deviceInformation: { platform: 'ios' } });
    await uploadOrderImage(asDealer, o.id, 1, photo);
    await uploadOrderImage(asDealer, o.id, 2, photo);
    const two = await until(asDealer, o.id, 'two uploads counted', (x) => x.uploadedImagesCount === 2);
    expect(two.status).toBe('Uploading');
    await uploadOrderImage(asDealer, o.id, 3, photo);
    const ready = await until(asDealer, o.id, 'Ready to download', (x) => x.status === 'Ready to download');
    expect(ready).toMatchObject({ QAstatus: 'Approved', imageCount: 3, uploadedImagesCount: 3, processedImagesCount: 3, failedImagesCount: 0 });
    expect(ready.timeToReadyToDownload).toEqual(expect.any(Number));

    const timeline = (await asDealer.get(`/api/events/order/${o.id}`).expect(200)).body.items as OrderEventView[];
    const names = timeline.map((e) => e.eventName);
    expect(names.filter((n) => ['NEW', 'UPLOAD_COMPLETED', 'PROCESSING_COMPLETED', 'UPDATED'].includes(n)).reverse()).toEqual([
      'NEW',
      'UPLOAD_COMPLETED',
      'UPDATED',
      'PROCESSING_COMPLETED',
      'UPDATED',
    ]);

    // the list shows a thumbnail from the images service, which serves the picture
    const [row] = (await asDealer.get(`/api/orders/get-orders?search=${encodeURIComponent(o.orderName)}`).expect(200)).body.items as OrderListItem[];
    expect(row.thumbnailUrl).toEqual(expect.any(String));
    const thumb = await fetch(row.thumbnailUrl!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    // and the full picture of the same image, the list's fallback when the thumbnail fails
    expect(row.pictureUrl).toEqual(expect.any(String));
    expect(row.pictureUrl).not.toBe(row.thumbnailUrl);
    const full = await fetch(row.pictureUrl!);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toMatch(/^image\//);
  });

  it('the web way (no completion call) for an account with QA: the order ends in QA stage', async () => {
    const o = await createOrder(asQaDealer, { styleGuide: guide, salesMan: qaSalesPerson, takenImagesCount: 2 });
    for (const position of [1, 2]) expect((await postOrderImage(asQaDealer, o.id, position, photo)).status).toBeLessThan(300);
    const done = await until(asQaDealer, o.id, 'QA stage', (x) => x.status === 'QA stage');
    expect(done).toMatchObject({ QAstatus: 'Waiting For QA', processedImagesCount: 2, timeToReadyToDownload: null });
  });

  it('a refused file keeps the order uploading, with the refusal on its timeline', async () => {
    const o = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson, takenImagesCount: 1 });
    const { imageId } = await postOrderImage(asDealer, o.id, 1, Buffer.from('<html>not a photo</html>'));
    await asDealer.post('/api/images/upload-complete').send({ imageId }).expect(400);
    const rejected = await waitFor(
      async () => {
        const items = (await asDealer.get(`/api/events/order/${o.id}`).expect(200)).body.items as OrderEventView[];
        return items.find((e) => e.eventName === 'IMAGE_REJECTED');
      },
      'IMAGE_REJECTED on the timeline',
      30_000,
    );
    expect(rejected.isPriority).toBe(true);
    expect((await order(asDealer, o.id)).status).toBe('Uploading');
    // a good file for the same position completes it
    await uploadOrderImage(asDealer, o.id, 1, photo);
    await until(asDealer, o.id, 'Ready to download', (x) => x.status === 'Ready to download');
  });

  it('admin and QA tag an image; the tag goes when the image or its order goes', async () => {
    const tag = (await admin.post('/api/tags').send({ name: 'Reflections', category: 'IMAGE_ERROR', entity: 'image', color: 'orange' }).expect(201)).body as TagView;
    const o = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson, takenImagesCount: 2 });
    const first = await uploadOrderImage(asDealer, o.id, 1, photo);
    const second = await uploadOrderImage(asDealer, o.id, 2, photo);
    expect((await admin.post(`/api/tags/images/${first.id}`).send({ tagId: tag.id }).expect(201)).body.map((t: TagView) => t.name)).toEqual(['Reflections']);
    await admin.post(`/api/tags/images/${second.id}`).send({ tagId: tag.id }).expect(201);
    await asDealer.get(`/api/tags/get/images/${first.id}`).expect(403);
    await admin.post('/api/tags/images/00000000-0000-4000-8000-0000000000e1').send({ tagId: tag.id }).expect(404);

    await admin.delete('/api/images').send({ ids: [first.id] }).expect(200);
    await waitFor(async () => (await admin.get(`/api/tags/get/images/${first.id}`).expect(200)).body.length === 0, 'the deleted image to lose its tag', 30_000);
    expect((await admin.get(`/api/tags/get/images/${second.id}`).expect(200)).body).toHaveLength(1);
    await admin.delete(`/api/orders/${o.id}`).expect(200);
    expect((await admin.get(`/api/tags/get/images/${second.id}`).expect(200)).body).toHaveLength(0);
  });

  it('deleting the order removes its images', async () => {
    const o = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson, takenImagesCount: 1 });
    const image: ImageView = await uploadOrderImage(asDealer, o.id, 1, photo);
    await admin.delete(`/api/orders/${o.id}`).expect(200);
    await admin.get(`/api/images/order/${o.id}`).expect(404);
    await waitFor(async () => (await admin.get(`/api/images/data/${image.id}`)).status === 404, 'the image to go', 30_000);
  });
});
