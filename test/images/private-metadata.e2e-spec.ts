import { DEFAULT_OUTPUT_RULES, type ImageVersionView, type ImageView, type OrderView, type RobotPullView } from '@app/contracts';
import { StorageService } from '@app/storage';
import { jpegScan, photoWithPrivateMetadata, privateTags, readMetadata, readZip, startFtpServer, testJpeg, waitFor, type TestFtpServer } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_DELIVERER, type OrderDeliverer } from '../../services/delivery/src/delivering/order-deliverer';
import { startReceiver, type TestReceiver } from '../delivery/destinations';
import { createAccount, createOrder, createSalesPerson, postToPresigned, signIn, startTestStack, uploadOrderImage, type TestStack, type UserSession } from '../support';

const HUMAN_EDITS = 'http://cv.iptc.org/newscodes/digitalsourcetype/humanEdits';

/**
 * The stack of this file: every service, local destinations for the deliveries (an FTP
 * server and a receiving API on 127.0.0.1, which the outbound policy allows here by name).
 */
const STACK_ENV = { IMAGES_UPLOAD_POLL_MS: '300', DELIVERY_TEST_TIMEOUT_MS: '4000', DELIVERY_TIMEOUT_MS: '5000', OUTBOUND_ALLOW: '127.0.0.1' };


/**
 * Files that leave the product carry no location or device identity: a dealership's photo
 * with GPS, serial numbers and owner names, made a result (a restored version, QA's
 * replacement, QA's inserted picture) and downloaded (one picture, zips) or delivered (FTP,
 * an API's links, a robot's links), read back with exiftool. The kept original is untouched,
 * and the owning dealership's setting lets its own original downloads keep everything.
 */
describe('private metadata of the files that leave the product', () => {
  jest.setTimeout(240_000);
  let stack: TestStack;
  let s3: StorageService;
  let ftp: TestFtpServer;
  let receiver: TestReceiver;
  let admin: UserSession;
  let qa: UserSession;
  let asDealer: UserSession;
  let dealerId: string;
  let order: OrderView;
  let photo: Buffer;
  /** position 1: the dealership's photo, processed, then its original version restored */
  let restoredId: string;
  /** position 2: another photo, processed, then replaced by QA with the dealership's photo */
  let replacedId: string;
  /** position 3: the dealership's photo inserted by QA as a finished picture */
  let insertedId: string;
  const FTP_USER = 'photos';
  const FTP_PASSWORD = 'Ftp-Pass-2026!';
  const SECRET = 'whsec-metadata-2026';

  const imageOf = async (id: string): Promise<ImageView> => (await admin.get(`/api/images/data/${id}`).expect(200)).body;
  const bytesAt = async (url: string): Promise<Buffer> => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const processed = (id: string) => waitFor(async () => (await imageOf(id)).optimisationStatus === 'completed', 'the picture processed', 90_000, 300);

  /** what a file that left the product must be: nothing private, orientation and colour profile kept, the same compressed picture as the photo */
  async function expectShared(file: Buffer, what: string, opts: { disclosure?: boolean } = {}): Promise<void> {
    const tags = await readMetadata(file);
    expect({ what, private: privateTags(tags) }).toEqual({ what, private: [] });
    expect({ what, orientation: tags['IFD0:Orientation'] }).toEqual({ what, orientation: 6 });
    expect({ what, icc: tags['ICC_Profile:ProfileDescription'] }).toEqual({ what, icc: expect.any(String) });
    expect({ what, sameScan: jpegScan(file).equals(jpegScan(photo)) }).toEqual({ what, sameScan: true });
    if (opts.disclosure) expect({ what, source: tags['XMP-iptcExt:DigitalSourceType'] }).toEqual({ what, source: HUMAN_EDITS });
  }

  beforeAll(async () => {
    [stack, ftp, receiver, photo] = await Promise.all([
      startTestStack({ label: 'private_metadata', env: STACK_ENV }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD }),
      startReceiver(SECRET),
      photoWithPrivateMetadata(),
    ]);
    s3 = new StorageService({ endpoint: stack.s3.endpoint, accessKey: stack.s3.accessKey, secretKey: stack.s3.secretKey, bucket: stack.s3.bucket, region: 'us-east-1' });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], displayName: 'Gamma Autos' });
    dealerId = dealer.id;
    [admin, qa, asDealer] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      createAccount(stack, { role: 'QA' }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealer.email),
    ]);
    const guide = (
      await admin.post('/api/style-guides').send({ name: 'Metadata guide', outputWidth: 640, outputHeight: 480, maxImageSize: 400_000, frameFreeRouting: 'bypass' }).expect(201)
    ).body.id as string;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guide }).expect(200);
    const salesMan = (await createSalesPerson(stack, dealer.id)).id;
    order = await createOrder(asDealer, { styleGuide: guide, salesMan, takenImagesCount: 3 });

    restoredId = (await uploadOrderImage(asDealer, order.id, 1, photo)).id;
    replacedId = (await uploadOrderImage(asDealer, order.id, 2, await testJpeg(640, 480))).id;
    await Promise.all([processed(restoredId), processed(replacedId)]);

    // the original version of position 1 becomes its picture again
    const versions = (await qa.get(`/api/images/${restoredId}/versions`).expect(200)).body as ImageVersionView[];
    const original = versions.find((v) => v.kind === 'original')!;
    await qa.post(`/api/images/${restoredId}/versions/${original.id}/restore`).expect(200);
    // QA replaces position 2 with the photo
    const grant = await qa.post(`/api/images/replace-image/${replacedId}`).send({ fileSize: photo.length, width: 480, height: 640 }).expect(201);
    await postToPresigned(grant.body.url, JSON.parse(grant.body.fields), photo, 'image/jpeg');
    await qa.post(`/api/images/replace-image/${replacedId}/complete`).expect(200);
    // QA inserts the photo as a finished picture at position 3
    const inserted = await qa.post('/api/images/insert-image-on-order').send({ order: order.id, position: 3, mediaOrigin: 'optimized' }).expect(201);
    await postToPresigned(inserted.body.url, JSON.parse(inserted.body.fields), photo, 'image/jpeg');
    await qa.post('/api/images/upload-complete').send({ imageId: inserted.body.imageId }).expect(200);
    insertedId = inserted.body.imageId;
  });

  afterAll(async () => {
    await Promise.all([ftp?.close(), receiver?.close()]);
    await stack?.close();
  });

  it('a restored version, a replacement and an inserted picture are shown and downloaded without GPS, serial numbers or owner names', async () => {
    await expectShared(await bytesAt((await imageOf(restoredId)).url!), 'the restored original');
    await expectShared(await bytesAt((await imageOf(replacedId)).url!), 'the replacement', { disclosure: true });
    await expectShared(await bytesAt((await imageOf(insertedId)).url!), 'the inserted picture', { disclosure: true });
    for (const [id, what] of [
      [restoredId, 'the restored original downloaded'],
      [replacedId, 'the replacement downloaded'],
      [insertedId, 'the inserted picture downloaded'],
    ] as const) {
      const link = (await asDealer.get(`/api/images/download/${id}`).expect(200)).body.url as string;
      await expectShared(await bytesAt(link), what, { disclosure: id !== restoredId });
    }
    // the image's size is the upright one (the photo is turned by its orientation)
    expect(await imageOf(replacedId)).toMatchObject({ width: 480, height: 640 });
  });

  it("the original kept in storage is untouched; staff download it, and see it in QA's tools and the history, without the private tags", async () => {
    const kept = await s3.getBuffer(`orders/${order.id}/images/${restoredId}/original.jpg`);
    expect(kept.equals(photo)).toBe(true);
    expect(privateTags(await readMetadata(kept))).toEqual(expect.arrayContaining(['GPS:GPSLatitude', 'ExifIFD:SerialNumber', 'ExifIFD:OwnerName']));

    const link = (await qa.get(`/api/images/downloadMedia/${order.id}/${restoredId}?media=original`).expect(200)).body.url as string;
    await expectShared(await bytesAt(link), 'the original QA downloads');
    await expectShared(await bytesAt((await imageOf(restoredId)).originalUrl!), "the original in QA's editing screen");
    const history = (await qa.get(`/api/images/${restoredId}/versions`).expect(200)).body as ImageVersionView[];
    await expectShared(await bytesAt(history.find((v) => v.kind === 'original')!.url!), "the original's version in the history");
  });

  it("zips: optimized pictures and staff's originals without them; the dealership's own originals keep them only when its account says so", async () => {
    const zipOf = async (session: UserSession, media: 'original' | 'optimized') => {
      const res = await session.post(`/api/images/download/${order.id}`).send({ media }).expect(200);
      return readZip(await bytesAt(res.body.url));
    };
    const optimized = await zipOf(asDealer, 'optimized');
    expect(optimized).toHaveLength(3);
    for (const entry of optimized) await expectShared(entry.data, `${entry.name} in the zip`);

    const originalOf = (entries: ReturnType<typeof readZip>) => entries.find((e) => e.name.endsWith('-1.jpg'))!.data;
    await expectShared(originalOf(await zipOf(qa, 'original')), "QA's zip of originals");
    await expectShared(originalOf(await zipOf(asDealer, 'original')), "the dealership's zip of originals, by default");

    await admin.put(`/api/users/${dealerId}`).send({ keepOriginalMetadata: true }).expect(200);
    expect((await admin.get(`/api/users/${dealerId}`).expect(200)).body.keepOriginalMetadata).toBe(true);
    const own = originalOf(await zipOf(asDealer, 'original'));
    expect(own.equals(photo)).toBe(true);
    expect(privateTags(await readMetadata(own))).toEqual(expect.arrayContaining(['GPS:GPSLatitude', 'ExifIFD:SerialNumber']));
    // staff still get them without
    await expectShared(originalOf(await zipOf(admin, 'original')), "the admin's zip of originals, the account keeping them");
    await admin.put(`/api/users/${dealerId}`).send({ keepOriginalMetadata: false }).expect(200);
    await expectShared(originalOf(await zipOf(asDealer, 'original')), "the dealership's zip of originals, the setting off again");
  });

  it('an original accepted before shared copies existed gets its copy at its first download, which its links name from then on', async () => {
    // as a picture accepted before: no shared copy, none named
    await stack.db.query('UPDATE images.image SET shared_original_key = NULL WHERE id = $1', [restoredId]);
    await s3.delete(`orders/${order.id}/images/${restoredId}/original-shared.jpg`);
    expect(await s3.head(`orders/${order.id}/images/${restoredId}/original-shared.jpg`)).toBeNull();

    const link = (await qa.get(`/api/images/downloadMedia/${order.id}/${restoredId}?media=original`).expect(200)).body.url as string;
    await expectShared(await bytesAt(link), 'the original downloaded, its copy made now');
    await expectShared(await bytesAt((await imageOf(restoredId)).originalUrl!), "the original in QA's editing screen, after");
    expect((await s3.getBuffer(`orders/${order.id}/images/${restoredId}/original.jpg`)).equals(photo)).toBe(true);
  });

  it('deliveries: FTP, the links of an API delivery and of a robot carry the files without them', async () => {
    const deliverer = stack.services.delivery!.get<OrderDeliverer>(ORDER_DELIVERER);
    const integration = async (provider: string, body: object): Promise<string> =>
      (await admin.post('/api/remote-integration').send({ provider, isActive: true, userId: dealerId, ...body }).expect(201)).body.id;

    const ftpId = await integration('GENERIC_FTP', {
      Username: FTP_USER,
      Password: FTP_PASSWORD,
      settings: { host: '127.0.0.1', port: ftp.port, path: '/incoming' },
      outputRules: DEFAULT_OUTPUT_RULES,
    });
    await deliverer.deliver({ messageId: randomUUID(), orderId: order.id, integrationId: ftpId, attempt: 1 });
    const names = readdirSync(join(ftp.root, 'incoming')).sort();
    expect(names).toHaveLength(3);
    for (const name of names) await expectShared(readFileSync(join(ftp.root, 'incoming', name)), `${name} on the FTP server`);

    const apiId = await integration('DMS_REST_API', { settings: { endpointUrl: receiver.url, signingSecret: SECRET }, outputRules: DEFAULT_OUTPUT_RULES });
    await deliverer.deliver({ messageId: randomUUID(), orderId: order.id, integrationId: apiId, attempt: 1 });
    const payload = JSON.parse(receiver.received.at(-1)!.body) as { files: Array<{ name: string; url: string }> };
    expect(payload.files).toHaveLength(3);
    for (const file of payload.files) await expectShared(await bytesAt(file.url), `${file.name} linked from the API delivery`);

    const robotId = await integration('DELIVERY_ROBOT', {});
    const key = (await admin.post(`/api/order-delivery-messages/robot-credentials/${robotId}`).expect(200)).body.key as string;
    await waitFor(async () => (await admin.get(`/api/orders/${order.id}`).expect(200)).body.status === 'Ready to download', 'the order ready to download', 30_000, 250);
    await admin.post(`/api/orders/enqueue-order-delivery-by-id/${order.id}`).send({ selectedIntegrations: [{ id: robotId }] }).expect(200);
    const pulled = (await stack.http().post('/api/robot/messages/pull').set('x-robot-key', key).send({ max: 1 }).expect(200)).body as RobotPullView;
    expect(pulled.messages[0]!.images).toHaveLength(3);
    for (const image of pulled.messages[0]!.images) await expectShared(await bytesAt(image.url), `position ${image.position} pulled by the robot`);
  });
});
