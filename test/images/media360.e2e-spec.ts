import type { Media360View, OrderView } from '@app/contracts';
import { photoWithPrivateMetadata, privateTags, readMetadata, readZip, testJpeg, testPng, waitFor } from '@app/testing';
import { StorageService } from '@app/storage';
import sharp from 'sharp';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  postMedia360Frame,
  signIn,
  signMedia360,
  startTestStack,
  uploadOrderImage,
  uploadOrderMedia360,
  type TestStack,
  type UserSession,
} from '../support';

/**
 * 360 media of orders: an exterior spin (24-72 frames) and an interior panorama (2:1), uploaded
 * through presigned POSTs, checked, kept without private metadata, listed for the viewer and
 * in the order's zip of everything.
 */
describe('360 media through the API', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let asDealer: UserSession;
  let asDealer2: UserSession;
  let admin: UserSession;
  let salesPersonId: string;
  let guideId: string;
  /** 24 frames around a car, 320 × 240, each of its own colour */
  let spin: Buffer[];

  beforeAll(async () => {
    stack = await startTestStack({ label: 'media360', env: { IMAGES_UPLOAD_POLL_MS: '300', IMAGES_UPLOAD_LEFTOVER_MARGIN_MS: '3600000' } });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    const dealer2 = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    [admin, asDealer, asDealer2] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealer.email),
      signIn(stack, dealer2.email),
    ]);
    salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    guideId = (await admin.post('/api/style-guides').send({ name: 'Free form', outputWidth: 800, outputHeight: 600, maxImageSize: 300_000, frameFreeRouting: 'bypass' }).expect(201)).body.id;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guideId }).expect(200);
    spin = await Promise.all(Array.from({ length: 24 }, (_, i) => testJpeg(320, 240, { carColour: `hsl(${i * 15}, 70%, 40%)` })));
  });

  afterAll(async () => {
    await stack?.close();
  });

  const newOrder = (): Promise<OrderView> => createOrder(asDealer, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 1 });
  const fetchBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  it('keeps an exterior spin in order without private metadata, out of another dealership reach, and zips it in a folder', async () => {
    const order = await newOrder();
    expect((await asDealer.get(`/api/media360/order/${order.id}`).expect(200)).body).toEqual([]);
    // the first frame as a camera leaves it: GPS, serial numbers, owner
    const first = await photoWithPrivateMetadata({ width: 320, height: 240, orientation: 1 });
    expect(privateTags(await readMetadata(first)).length).toBeGreaterThan(0);
    const frames = [first, ...spin.slice(1)];

    const up = await uploadOrderMedia360(asDealer, order.id, 'exterior360', frames);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ kind: 'exterior360', status: 'ready', frameCount: 24, width: 320, height: 240, failureReason: null });

    const [listed] = (await asDealer.get(`/api/media360/order/${order.id}`).expect(200)).body as Media360View[];
    expect(listed.id).toBe(up.media360Id);
    expect(listed.frameUrls).toHaveLength(24);
    const kept = await fetchBytes(listed.frameUrls[0]);
    expect(privateTags(await readMetadata(kept))).toEqual([]);
    expect((await sharp(kept).metadata()).width).toBe(320);
    // the frames keep their order
    expect((await fetchBytes(listed.frameUrls[5])).equals(spin[5])).toBe(true);
    expect((await fetchBytes(listed.frameUrls[23])).equals(spin[23])).toBe(true);

    // another dealership sees nothing of it and cannot complete it
    expect((await asDealer2.get(`/api/media360/order/${order.id}`)).status).toBe(404);
    expect((await asDealer2.post('/api/media360/upload-complete').send({ media360Id: up.media360Id })).body).toEqual({ statusCode: 404, message: '360 not found' });
    const signed = await asDealer2.post('/api/media360/get-signed-urls-for-upload').send({ order: order.id, kind: 'interior360', frames: [{ fileSize: 1000 }] });
    expect(signed.status).toBe(404);

    // the zip of everything holds the spin in a folder, frames in order, beside the pictures
    await uploadOrderImage(asDealer, order.id, 1, await testJpeg(640, 480));
    const zip = await asDealer.post(`/api/images/download/${order.id}?downloadStyleGuide=false`).send({ media: 'all' }).expect(200);
    const entries = readZip(await fetchBytes(zip.body.url));
    const spinFiles = entries.filter((e) => e.name.startsWith('360/')).map((e) => e.name);
    expect(spinFiles).toEqual(Array.from({ length: 24 }, (_, i) => `360/exterior-1/frame-${String(i + 1).padStart(3, '0')}.jpg`));
    expect(entries.find((e) => e.name === '360/exterior-1/frame-002.jpg')!.data.equals(spin[1])).toBe(true);
    expect(privateTags(await readMetadata(entries.find((e) => e.name === '360/exterior-1/frame-001.jpg')!.data))).toEqual([]);
  });

  it('takes an interior 2:1 panorama and refuses one that is not 2:1, with the reason', async () => {
    const order = await newOrder();
    const panorama = await testJpeg(2048, 1024);
    const up = await uploadOrderMedia360(asDealer, order.id, 'interior360', [panorama]);
    expect(up.body).toMatchObject({ kind: 'interior360', status: 'ready', frameCount: 1, width: 2048, height: 1024 });

    const photo = await uploadOrderMedia360(asDealer, order.id, 'interior360', [await testJpeg(1600, 1200)]);
    expect(photo.body).toEqual({ statusCode: 400, message: 'The panorama (1600 × 1200) is not an equirectangular panorama: its width must be twice its height (2:1)' });
    // the refused one is not listed for the dealership; the admin sees it with its reason
    expect(((await asDealer.get(`/api/media360/order/${order.id}`).expect(200)).body as Media360View[]).map((m) => m.id)).toEqual([up.media360Id]);
    const staff = (await admin.get(`/api/media360/order/${order.id}`).expect(200)).body as Media360View[];
    expect(staff.find((m) => m.id === photo.media360Id)).toMatchObject({ status: 'rejected', frameUrls: [] });

    const zip = await asDealer.post(`/api/images/download/${order.id}?downloadStyleGuide=false`).send({ media: 'all' }).expect(200);
    const entries = readZip(await fetchBytes(zip.body.url));
    expect(entries.map((e) => e.name)).toEqual(['360/interior-1/panorama.jpg']);
  });

  it('checks the frame count, each file and the sizes of the frames, naming the frame', async () => {
    const order = await newOrder();
    const ask = (kind: string, count: number, fileSize = 1000) =>
      asDealer.post('/api/media360/get-signed-urls-for-upload').send({ order: order.id, kind, frames: Array.from({ length: count }, () => ({ fileSize })) });
    expect((await ask('exterior360', 10)).body).toEqual({ statusCode: 400, message: 'An exterior 360 has 24 to 72 frames; 10 were sent' });
    expect((await ask('interior360', 2)).body).toEqual({ statusCode: 400, message: 'An interior 360 is one panorama picture' });
    expect((await ask('exterior360', 73)).status).toBe(400);
    expect((await ask('exterior360', 24, 9_000_000)).body).toEqual({ statusCode: 400, message: 'A frame of an exterior 360 is at most 8 MB (frame 1)' });
    expect((await ask('orbit', 24)).body.message).toContain('kind must be one of exterior360, interior360');

    // a frame that is not a picture
    const text = [...spin.slice(0, 2), Buffer.from('not a picture at all'), ...spin.slice(3)];
    expect((await uploadOrderMedia360(asDealer, order.id, 'exterior360', text)).body).toEqual({ statusCode: 400, message: 'Frame 3 is not a JPEG or PNG picture' });
    // a frame of another size
    const other = [...spin.slice(0, 23), await testJpeg(640, 480)];
    const mixed = await uploadOrderMedia360(asDealer, order.id, 'exterior360', other);
    expect(mixed.body).toEqual({
      statusCode: 400,
      message: 'Frame 24 (640 × 480) does not have the size of the first frame: every frame of an exterior 360 has the same size (320 × 240)',
    });
    // the frames stored before the refusal are removed with it
    const s3 = new StorageService({ endpoint: stack.s3.endpoint, accessKey: stack.s3.accessKey, secretKey: stack.s3.secretKey, bucket: stack.s3.bucket, region: 'us-east-1' });
    expect(await s3.head(`orders/${order.id}/media360/${mixed.media360Id}/frame-001.jpg`)).toBeNull();
    // a GIF is not among the types
    expect((await uploadOrderMedia360(asDealer, order.id, 'interior360', [await testPng(64)], 'image/gif').catch((e: Error) => e.message)) as string).toContain('contentType must be one of image/jpeg, image/png');
  });

  it('waits for a frame that has not arrived (409 naming it), then accepts the 360 once it is posted', async () => {
    const order = await newOrder();
    const signed = await signMedia360(asDealer, order.id, 'exterior360', spin);
    for (const i of spin.keys()) if (i !== 11) await postMedia360Frame(signed, i, spin[i]);
    const early = await asDealer.post('/api/media360/upload-complete').send({ media360Id: signed.media360Id });
    expect(early.body).toEqual({ statusCode: 409, message: 'Frame 12 of 24 has not been uploaded yet' });
    expect((await asDealer.get(`/api/media360/order/${order.id}`).expect(200)).body).toEqual([]);
    await postMedia360Frame(signed, 11, spin[11]);
    const done = await asDealer.post('/api/media360/upload-complete').send({ media360Id: signed.media360Id }).expect(200);
    expect((done.body as Media360View).frameUrls).toHaveLength(24);
  });

  it('refuses a 360 whose grants expired with a frame missing, and forgets its staging objects for removal', async () => {
    const order = await newOrder();
    const signed = await signMedia360(asDealer, order.id, 'exterior360', spin);
    await postMedia360Frame(signed, 0, spin[0]);
    await stack.db.query("UPDATE images.media360 SET upload_expires_at = now() - interval '10 minutes' WHERE id = $1", [signed.media360Id]);
    const settled = await waitFor(async () => {
      const list = (await admin.get(`/api/media360/order/${order.id}`).expect(200)).body as Media360View[];
      return list.find((m) => m.id === signed.media360Id && m.status === 'rejected') ?? null;
    }, 'the expired 360 refused by the sweeper');
    expect(settled.failureReason).toBe('The upload link expired before frame 2 of 24 arrived');
    expect((await asDealer.post('/api/media360/upload-complete').send({ media360Id: signed.media360Id })).body).toEqual({ statusCode: 400, message: settled.failureReason });
    // the posted frame is removed at once; every frame's staging key is remembered for the
    // sweeper, which removes whatever a later post leaves there once the grant is over (the margin is an hour here)
    const keys = signed.frames.map((f) => (JSON.parse(f.fields) as { key: string }).key);
    expect(keys[0]).toMatch(new RegExp(`^orders/${order.id}/media360/${signed.media360Id}/uploads/[0-9a-f-]{36}-frame-001\\.jpg$`));
    const s3 = new StorageService({ endpoint: stack.s3.endpoint, accessKey: stack.s3.accessKey, secretKey: stack.s3.secretKey, bucket: stack.s3.bucket, region: 'us-east-1' });
    expect(await s3.head(keys[0])).toBeNull();
    const rows: Array<{ object_key: string }> = await stack.db.query('SELECT object_key FROM images.upload_leftover WHERE object_key LIKE $1', [`%/media360/${signed.media360Id}/%`]);
    expect(rows.map((r) => r.object_key).sort()).toEqual([...keys].sort());
  });
});
