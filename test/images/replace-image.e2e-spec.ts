import type { ImageView, OrderEventView, OrderView } from '@app/contracts';
import { photoWithPrivateMetadata, privateTags, readMetadata, testJpeg, waitFor } from '@app/testing';
import { bytesAt, createAccount, createOrder, createSalesPerson, postToPresigned, readImage, readVersions, signedInAs, signIn, startTestStack, uploadOrderImage, type TestStack, type UserSession } from '../support';

/**
 * "Replace with an edited file" (the select view and the image editing modal): QA's retouched
 * file through the gateway's route pair, `POST /images/replace-image/{id}` (a presigned POST),
 * the file straight to storage, and `POST /images/replace-image/{id}/complete`. The file
 * becomes the picture, a new version in its history, without the private metadata it
 * carried; a file that is not a picture is refused; dealerships, the order's own and another,
 * may not replace anything.
 */
describe('replacing a picture with an edited file', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let qa: UserSession;
  let asDealer: UserSession;
  let asOtherDealer: UserSession;
  let order: OrderView;
  let imageId: string;
  let retouched: Buffer;

  const imageOf = (id: string): Promise<ImageView> => readImage(admin, id);

  /** the route pair as the web's dialog calls it */
  async function replace(session: UserSession, id: string, file: Buffer, size: { width: number; height: number }) {
    const grant = await session.post(`/api/images/replace-image/${id}`).send({ fileSize: file.length, ...size, contentType: 'image/jpeg' }).expect(201);
    await postToPresigned(grant.body.url, JSON.parse(grant.body.fields), file, 'image/jpeg');
    return session.post(`/api/images/replace-image/${id}/complete`);
  }

  beforeAll(async () => {
    stack = await startTestStack({ label: 'replace_image', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], displayName: 'Delta Cars' });
    const other = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], displayName: 'Echo Auto' });
    [admin, qa, asDealer, asOtherDealer, retouched] = await Promise.all([
      signedInAs(stack, { role: 'Admin' }),
      signedInAs(stack, { role: 'QA', roleTags: ['QA_EDITOR'], displayName: 'Rita Retoucher' }),
      signIn(stack, dealer.email),
      signIn(stack, other.email),
      photoWithPrivateMetadata(),
    ]);
    const guide = (
      await admin.post('/api/style-guides').send({ name: 'Replace guide', outputWidth: 640, outputHeight: 480, maxImageSize: 400_000, frameFreeRouting: 'bypass' }).expect(201)
    ).body.id as string;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guide }).expect(200);
    const salesMan = (await createSalesPerson(stack, dealer.id)).id;
    order = await createOrder(asDealer, { styleGuide: guide, salesMan, takenImagesCount: 1 });
    imageId = (await uploadOrderImage(asDealer, order.id, 1, await testJpeg(640, 480))).id;
    await waitFor(async () => (await imageOf(imageId)).optimisationStatus === 'completed', 'the picture processed', 90_000, 300);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses both routes to dealerships, the order\'s own and another', async () => {
    for (const session of [asDealer, asOtherDealer]) {
      expect((await session.post(`/api/images/replace-image/${imageId}`).send({ fileSize: 1000, width: 640, height: 480 })).status).toBe(403);
      expect((await session.post(`/api/images/replace-image/${imageId}/complete`)).status).toBe(403);
    }
    // another tenant does not even see the picture's history
    expect((await asOtherDealer.get(`/api/images/${imageId}/versions`)).status).toBe(404);
    expect(await readVersions(admin, imageId)).toHaveLength(2);
  });

  it('refuses a file that is not a picture and keeps the picture as it was', async () => {
    const before = await imageOf(imageId);
    const notAPicture = Buffer.from('%PDF-1.7 minutes of the meeting');
    const grant = await qa.post(`/api/images/replace-image/${imageId}`).send({ fileSize: notAPicture.length, width: 640, height: 480 }).expect(201);
    await postToPresigned(grant.body.url, JSON.parse(grant.body.fields), notAPicture, 'image/jpeg');
    expect((await qa.post(`/api/images/replace-image/${imageId}/complete`).expect(400)).body.message).toBe('The file is not a JPEG, PNG or WebP image');
    expect((await readVersions(admin, imageId)).map((v) => v.kind)).toEqual(['original', 'pipeline']);
    expect((await imageOf(imageId)).fileSize).toBe(before.fileSize);
  });

  it('makes the edited file the picture: a new current version by QA, on the timeline, without GPS or serial numbers', async () => {
    const res = await replace(qa, imageId, retouched, { width: 480, height: 640 });
    expect(res.status).toBe(200);
    // the photo is turned by its orientation: the upright size
    expect(res.body as ImageView).toMatchObject({ id: imageId, optimisationStatus: 'completed', width: 480, height: 640, needsEdition: false });

    const history = await readVersions(qa, imageId);
    expect(history.map((v) => [v.kind, v.createdBy?.displayName ?? null, v.current])).toEqual([
      ['original', 'Delta Cars', false],
      ['pipeline', null, false],
      ['replacement', 'Rita Retoucher', true],
    ]);
    // the dealership sees the new version in the history of its own order too
    expect((await readVersions(asDealer, imageId)).at(-1)).toMatchObject({ kind: 'replacement', current: true });

    // what leaves the product: the picture and its version, with nothing private
    const shown = await bytesAt((await imageOf(imageId)).url!);
    expect(privateTags(await readMetadata(shown))).toEqual([]);
    expect(privateTags(await readMetadata(await bytesAt(history.at(-1)!.url!)))).toEqual([]);
    const download = (await asDealer.get(`/api/images/download/${imageId}`).expect(200)).body.url as string;
    expect(privateTags(await readMetadata(await bytesAt(download)))).toEqual([]);
    // while the file QA sent carried them
    expect(privateTags(await readMetadata(retouched))).toEqual(expect.arrayContaining(['GPS:GPSLatitude', 'ExifIFD:SerialNumber']));

    // the order's timeline tells QA uploaded a picture for the position
    const line = await waitFor(async () => {
      const items = (await admin.get(`/api/events/order/${order.id}`).expect(200)).body.items as OrderEventView[];
      return items.find((e) => e.eventName === 'QA_UPLOADED_PICTURE') ?? null;
    }, 'the replacement on the timeline');
    expect(line.payload).toMatchObject({ imageId, position: 1, replaced: true });

    // a second edit is one more version; the first replacement stays in the history
    const again = await replace(admin, imageId, await testJpeg(640, 480, { carColour: '#303030' }), { width: 640, height: 480 });
    expect(again.status).toBe(200);
    expect((await readVersions(admin, imageId)).map((v) => [v.kind, v.current])).toEqual([
      ['original', false],
      ['pipeline', false],
      ['replacement', false],
      ['replacement', true],
    ]);
  });
});
