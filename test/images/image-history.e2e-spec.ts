import type { ImageVersionView, ImageView, OrderEventView, OrderView } from '@app/contracts';
import { testJpeg, waitFor, waitUntil } from '@app/testing';
import sharp from 'sharp';
import {
  bytesAt,
  createAccount,
  createDealership,
  createFreeFormGuide,
  createOrder,
  postToPresigned,
  readImage,
  readOrderTimeline,
  readVersions,
  rowsNaming,
  signedInAs,
  signIn,
  uploadOrderImage,
  useTestStack,
  type UserSession,
} from '../support';

const COMPOSITE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';
const ENHANCED = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced';
const HUMAN = 'http://cv.iptc.org/newscodes/digitalsourcetype/humanEdits';

/**
 * The history of a picture: every version kept with who made it and why, restoring one, who
 * may read and restore it, the test pipeline beside the current picture, and the edit
 * disclosure in the files people download.
 */
describe('image history', () => {
  jest.setTimeout(180_000);
  const stack = useTestStack({ label: 'image_history', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
  let admin: UserSession;
  let qa: UserSession;
  let qaId: string;
  let asDealer: UserSession;
  let asDealer2: UserSession;
  let dealerId: string;
  let dealer2Id: string;
  let salesId: string;
  let sales2Id: string;
  let guideId: string;

  beforeAll(async () => {
    ({ account: { id: dealerId }, session: asDealer, salesPersonId: salesId } = await createDealership(stack, { displayName: 'Alpha Motors' }));
    ({ account: { id: dealer2Id }, session: asDealer2, salesPersonId: sales2Id } = await createDealership(stack, { displayName: 'Bravo Biler' }));
    [admin, qa] = await Promise.all([
      signedInAs(stack, { role: 'Admin', displayName: 'Ada Admin' }),
      createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'], displayName: 'Quinn QA' }).then((a) => {
        qaId = a.id;
        return signIn(stack, a.email);
      }),
    ]);
    // free-form pictures on the enhancer route (quick, and it edits the photo)
    guideId = await createFreeFormGuide(admin, { name: 'History guide', maxImageSize: 400_000, frameFreeRouting: 'enhancer', assignTo: [dealerId, dealer2Id] });
  });

  const imageOf = (id: string): Promise<ImageView> => readImage(admin, id);
  const timelineOf = (id: string): Promise<OrderEventView[]> => readOrderTimeline(admin, id);
  const xmpOf = async (bytes: Buffer): Promise<string> => (await sharp(bytes).metadata()).xmp?.toString('utf8') ?? '';
  /** waits until the image's history has `count` versions and answers it (as the admin sees it) */
  const versionsWhen = (id: string, ok: (v: ImageVersionView[]) => boolean, what: string) => waitUntil(() => readVersions(admin, id), ok, what, 90_000, 300);
  const uploadProcessed = async (session: UserSession, salesMan: string, photo: Buffer): Promise<string> => {
    const order: OrderView = await createOrder(session, { styleGuide: guideId, salesMan, takenImagesCount: 1 });
    const image = await uploadOrderImage(session, order.id, 1, photo);
    await waitFor(async () => (await imageOf(image.id)).optimisationStatus === 'completed', 'the picture processed', 90_000, 300);
    return image.id;
  };

  let imageId: string;
  let orderId: string;

  it('keeps the original, each pipeline output and a replacement, with kind, who and why; the current one marked', async () => {
    imageId = await uploadProcessed(asDealer, salesId, await testJpeg(800, 600));
    orderId = (await imageOf(imageId)).orderId;
    const first = await versionsWhen(imageId, (v) => v.length === 2, 'the original and the first output');
    expect(first.map((v) => [v.kind, v.reason, v.createdBy?.displayName ?? null, v.current])).toEqual([
      ['original', 'upload', 'Alpha Motors', false],
      ['pipeline', 'processing', null, true],
    ]);
    expect(first[1]).toMatchObject({ route: 'enhancer', settings: { category: 'exterior' }, width: 640, height: 480 });

    // a repush by QA: a third version, by QA, for the repush
    await qa.post('/api/images/invoke-image-optimization').send({ imageId }).expect(202);
    const repushed = await versionsWhen(imageId, (v) => v.length === 3 && v[2]!.current, 'the repushed output');
    expect(repushed[2]).toMatchObject({ kind: 'pipeline', reason: 'repush', createdBy: { displayName: 'Quinn QA' }, current: true });
    expect(repushed.filter((v) => v.current)).toHaveLength(1);

    // QA replaces the picture with a darker car: a fourth version
    const darker = await testJpeg(640, 480, { carColour: '#202020' });
    const grant = await qa.post(`/api/images/replace-image/${imageId}`).send({ fileSize: darker.length, width: 640, height: 480 }).expect(201);
    await postToPresigned(grant.body.url, JSON.parse(grant.body.fields), darker, 'image/jpeg');
    await qa.post(`/api/images/replace-image/${imageId}/complete`).expect(200);
    const all = await readVersions(admin, imageId);
    expect(all.map((v) => [v.kind, v.reason, v.createdBy?.displayName ?? null, v.current])).toEqual([
      ['original', 'upload', 'Alpha Motors', false],
      ['pipeline', 'processing', null, false],
      ['pipeline', 'repush', 'Quinn QA', false],
      ['replacement', 'replace', 'Quinn QA', true],
    ]);
    // every version has its own file and thumbnail; the original's is the upload itself
    for (const v of all.slice(1)) expect(new URL(v.url!).pathname).toContain(`/orders/${orderId}/images/${imageId}/versions/${v.id}.jpg`);
    expect((await sharp(await bytesAt(all[1]!.thumbnailUrl!)).metadata()).width).toBe(400);
    expect((await sharp(await bytesAt(all[0]!.url!)).metadata()).width).toBe(800);
    expect((await sharp(await bytesAt(all[0]!.thumbnailUrl!)).metadata()).width).toBe(400);
    expect(new URL(all[0]!.thumbnailUrl!).pathname).toContain(`/orders/${orderId}/images/${imageId}/versions/${all[0]!.id}.thumb.jpg`);
  });

  it('the downloaded pictures say in their XMP how they were edited', async () => {
    const all = await readVersions(admin, imageId);
    const pipelineXmp = await xmpOf(await bytesAt(all[1]!.url!));
    expect(pipelineXmp).toContain(`Iptc4xmpExt:DigitalSourceType="${ENHANCED}"`);
    expect(pipelineXmp).toContain('Digitally edited: resized, enhanced.');
    expect(pipelineXmp).not.toContain(COMPOSITE);
    // QA's replacement is kept byte for byte, with the disclosure spliced in
    const download = (await asDealer.get(`/api/images/download/${imageId}`).expect(200)).body.url as string;
    const replacementXmp = await xmpOf(await bytesAt(download));
    expect(replacementXmp).toContain(`Iptc4xmpExt:DigitalSourceType="${HUMAN}"`);
    expect(replacementXmp).toContain('Digitally edited: edited by hand.');
  });

  it('restoring an earlier version brings back its bytes as the optimized picture, on the timeline', async () => {
    const before = await readVersions(qa, imageId);
    const firstOutput = before[1]!;
    const firstBytes = await bytesAt(firstOutput.url!);
    const history = (await qa.post(`/api/images/${imageId}/versions/${firstOutput.id}/restore`).expect(200)).body as ImageVersionView[];
    expect(history).toHaveLength(5);
    expect(history[4]).toMatchObject({ kind: 'restore', reason: 'restore', restoredFromId: firstOutput.id, current: true, createdBy: { displayName: 'Quinn QA' } });
    expect(history.filter((v) => v.current).map((v) => v.id)).toEqual([history[4]!.id]);
    const image = await imageOf(imageId);
    expect(image).toMatchObject({ optimisationStatus: 'completed', optimisedVia: 'enhancer', width: 640, height: 480, fileSize: firstBytes.length });
    expect((await bytesAt(image.url!)).equals(firstBytes)).toBe(true);
    expect((await sharp(await bytesAt(image.thumbnailUrl!)).metadata()).width).toBe(400);
    const restored = await waitFor(async () => (await timelineOf(orderId)).find((e) => e.eventName === 'IMAGE_VERSION_RESTORED') ?? null, 'IMAGE_VERSION_RESTORED on the timeline');
    expect(restored.payload).toMatchObject({ imageId, restoredFromId: firstOutput.id, kind: 'pipeline' });
    // an unknown version, or one of another image, is not found
    expect((await qa.post(`/api/images/${imageId}/versions/6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11/restore`)).body).toEqual({
      statusCode: 404,
      message: 'Image version not found',
    });
  });

  it('a dealership reads the history of its own pictures, not of another tenant, and cannot restore', async () => {
    const own = await readVersions(asDealer, imageId);
    expect(own.map((v) => v.kind)).toEqual(['original', 'pipeline', 'pipeline', 'replacement', 'restore']);
    // the picture it uploaded, to open: its shared copy (without private metadata) and thumbnail
    expect(own[0]!.url).toMatch(/^http/);
    expect(own[0]!.thumbnailUrl).toMatch(/^http/);
    expect(own[4]!.url).toMatch(/^http/);
    expect((await asDealer2.get(`/api/images/${imageId}/versions`)).body).toEqual({ statusCode: 404, message: 'Image not found' });
    expect((await asDealer.post(`/api/images/${imageId}/versions/${own[1]!.id}/restore`)).status).toBe(403);
    expect((await asDealer2.post(`/api/images/${imageId}/versions/${own[1]!.id}/restore`)).status).toBe(403);
    expect((await readVersions(admin, imageId)).filter((v) => v.current).map((v) => v.kind)).toEqual(['restore']);
  });

  it('the test pipeline keeps its output as a version beside the current picture, which QA may restore', async () => {
    const shown = await bytesAt((await imageOf(imageId)).url!);
    expect((await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: [] })).status).toBe(400);
    expect((await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: Array.from({ length: 101 }, () => imageId) })).status).toBe(400);
    expect((await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: ['6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11'] })).status).toBe(404);
    expect((await qa.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: [imageId] })).status).toBe(403);
    expect((await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: [imageId] }).expect(200)).body).toEqual({ queued: 1 });
    const withTest = await versionsWhen(imageId, (v) => v.some((x) => x.kind === 'test'), 'the test output');
    const test = withTest.find((v) => v.kind === 'test')!;
    expect(test).toMatchObject({ reason: 'test-pipeline', createdBy: { displayName: 'Ada Admin' }, current: false, route: 'enhancer' });
    expect(new URL(test.url!).pathname).toContain(`/versions/${test.id}.jpg`);
    // the current picture did not change, nor its state
    const image = await imageOf(imageId);
    expect((await bytesAt(image.url!)).equals(shown)).toBe(true);
    expect(image.optimisationStatus).toBe('completed');
    expect(withTest.filter((v) => v.current).map((v) => v.kind)).toEqual(['restore']);
    // the dealership does not see QA's test outputs
    expect((await readVersions(asDealer, imageId)).some((v) => v.kind === 'test')).toBe(false);
    // QA restores it: it becomes the picture
    const history = (await qa.post(`/api/images/${imageId}/versions/${test.id}/restore`).expect(200)).body as ImageVersionView[];
    expect(history.at(-1)).toMatchObject({ kind: 'restore', restoredFromId: test.id, current: true });
    expect((await bytesAt((await imageOf(imageId)).url!)).equals(await bytesAt(test.url!))).toBe(true);
  });

  it('the account setting edited-image label puts a visible mark in the corner of its pictures only', async () => {
    await admin.put(`/api/users/${dealer2Id}`).send({ editedImageLabel: true }).expect(200);
    expect((await admin.get(`/api/users/${dealer2Id}`).expect(200)).body.editedImageLabel).toBe(true);
    expect((await admin.get(`/api/users/${dealerId}`).expect(200)).body.editedImageLabel).toBe(false);
    const photo = await testJpeg(800, 600);
    const [plainId, markedId] = await Promise.all([uploadProcessed(asDealer, salesId, photo), uploadProcessed(asDealer2, sales2Id, photo)]);
    const decode = async (id: string) => sharp(await bytesAt((await imageOf(id)).url!)).raw().toBuffer({ resolveWithObject: true });
    const [plain, marked] = await Promise.all([decode(plainId), decode(markedId)]);
    const meanDiff = (x0: number, y0: number, w: number, h: number) => {
      let sum = 0;
      for (let y = y0; y < y0 + h; y++) {
        for (let x = x0; x < x0 + w; x++) {
          const i = (y * plain.info.width + x) * 3;
          for (let c = 0; c < 3; c++) sum += Math.abs(plain.data[i + c]! - marked.data[i + c]!);
        }
      }
      return sum / (w * h * 3);
    };
    // bottom-left (inset 2% = 10 px, 4.5% = 22 px high): the mark darkens the corner; top-right: the same picture
    expect(meanDiff(14, 452, 60, 14)).toBeGreaterThan(20);
    expect(meanDiff(640 - 100, 10, 90, 60)).toBeLessThan(3);
    const xmp = await xmpOf(await bytesAt((await imageOf(markedId)).url!));
    expect(xmp).toContain('digitally edited label added');
  });

  it('a deleted QA account leaves no trace in the versions it made, which stay', async () => {
    const before = await readVersions(admin, imageId);
    expect(before.filter((v) => v.createdBy?.id === qaId).length).toBeGreaterThan(2);
    const hash = (await admin.get(`/api/users/${qaId}`).expect(200)).body.deleteConfirmationHash;
    await admin.post('/api/users/delete-user-account').send({ userId: qaId, hash }).expect(200);
    await waitFor(async () => (await rowsNaming(stack.db, qaId)).length === 0, 'no row naming the deleted QA account', 60_000, 300);
    const after = await readVersions(admin, imageId);
    expect(after.map((v) => v.id)).toEqual(before.map((v) => v.id));
    expect(after.filter((v) => v.createdBy?.displayName === 'Quinn QA')).toEqual([]);
  });
});
