import type { ImageView, OrderView, TestPipelineRunView } from '@app/contracts';
import { testJpeg, waitFor, waitUntil } from '@app/testing';
import { createAccount, createOrder, createSalesPerson, createStyleGuide, readImage, signedInAs, signIn, startTestStack, uploadOrderImage, type TestStack, type UserSession } from '../support';

/**
 * The admin's pipeline tools of the select view, through the API: re-optimising a picture
 * with another method, the test pipeline's runs with their state (queued, completed, failed),
 * and the angle a processed picture was processed as (detectedAngle).
 */
describe('admin pipeline tools', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let qa: UserSession;
  let dealer: UserSession;
  let dealerId: string;
  let salesId: string;
  let photo: Buffer;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'pipeline_tools', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    const account = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], displayName: 'Tools Motors' });
    dealerId = account.id;
    [admin, qa, dealer] = await Promise.all([
      signedInAs(stack, { role: 'Admin' }),
      signedInAs(stack, { role: 'QA', roleTags: ['QA_EDITOR'] }),
      signIn(stack, account.email),
    ]);
    salesId = (await createSalesPerson(stack, dealerId)).id;
    photo = await testJpeg(640, 480);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const imageOf = (id: string): Promise<ImageView> => readImage(admin, id);
  const settled = (id: string, ok: (i: ImageView) => boolean, what: string) => waitUntil(() => imageOf(id), ok, what, 90_000, 300);
  /** a guide of the dealership: free-form pictures on `route`, or positions on one angle */
  const guideFor = async (opts: { frameFreeRouting?: string; positions?: number; route?: string }): Promise<string> => {
    if (opts.positions) return (await createStyleGuide(admin, { assignTo: [dealerId], positions: opts.positions, route: opts.route })).id;
    const guide = await admin
      .post('/api/style-guides')
      .send({ name: `Tools guide ${opts.frameFreeRouting}`, outputWidth: 640, outputHeight: 480, maxImageSize: 400_000, frameFreeRouting: opts.frameFreeRouting })
      .expect(201);
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealerId, styleGuideId: guide.body.id }).expect(200);
    return guide.body.id as string;
  };
  const uploaded = async (guideId: string, position = 1): Promise<{ orderId: string; imageId: string }> => {
    const order: OrderView = await createOrder(dealer, { styleGuide: guideId, salesMan: salesId, takenImagesCount: 1 });
    const image = await uploadOrderImage(dealer, order.id, position, photo);
    return { orderId: order.id, imageId: image.id };
  };
  const runsOf = async (orderId: string): Promise<TestPipelineRunView[]> => (await admin.get(`/api/appSettings/testPipelineResults/${orderId}`).expect(200)).body;

  it('re-optimises a picture with another method: queued, then the new version on that route', async () => {
    const { imageId } = await uploaded(await guideFor({ frameFreeRouting: 'enhancer' }));
    await settled(imageId, (i) => i.optimisationStatus === 'completed', 'the first processing');
    expect((await imageOf(imageId)).optimisedVia).toBe('enhancer');

    const bad = await admin.post('/api/images/invoke-image-optimization').send({ imageId, method: 'sharpen' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('method');
    await dealer.post('/api/images/invoke-image-optimization').send({ imageId, method: 'bypass' }).expect(403);

    const queued = await admin.post('/api/images/invoke-image-optimization').send({ imageId, method: 'bypass' }).expect(202);
    expect(queued.body).toMatchObject({ id: imageId, optimisationStatus: 'queued' });
    const done = await settled(imageId, (i) => i.optimisationStatus === 'completed', 'the re-optimised picture');
    expect(done).toMatchObject({ optimisedVia: 'bypass', types: ['optimized', 'bypassed'] });
    const versions = (await admin.get(`/api/images/${imageId}/versions`).expect(200)).body as Array<{ kind: string; route: string | null; current: boolean }>;
    expect(versions.filter((v) => v.current)).toMatchObject([{ kind: 'pipeline', route: 'bypass' }]);
  });

  it('tells each picture\'s latest test run: queued, then completed with its picture; a failed run with the pipeline\'s reason', async () => {
    const good = await uploaded(await guideFor({ frameFreeRouting: 'bypass' }));
    await settled(good.imageId, (i) => i.optimisationStatus === 'completed', 'the first processing');
    expect(await runsOf(good.orderId)).toEqual([]);

    await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: [good.imageId] }).expect(200);
    const first = await runsOf(good.orderId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ imageId: good.imageId, route: 'bypass' });
    expect(['queued', 'completed']).toContain(first[0]!.state);
    const completed = await waitFor(
      async () => {
        const [run] = await runsOf(good.orderId);
        return run?.state === 'completed' ? run : null;
      },
      'the test run completed',
      90_000,
      300,
    );
    expect(completed).toMatchObject({ versionId: first[0]!.versionId, failureReason: null, width: 640, height: 480 });
    expect(new URL(completed.url!).pathname).toContain(`/versions/${completed.versionId}.jpg`);
    expect((await fetch(completed.thumbnailUrl!)).status).toBe(200);
    // the current picture is the same as before
    expect((await imageOf(good.imageId)).optimisedVia).toBe('bypass');

    // logo only without a logo in the guide: the pipeline refuses it, and the run says why
    const bad = await uploaded(await guideFor({ frameFreeRouting: 'logo_only' }));
    await settled(bad.imageId, (i) => i.optimisationStatus === 'rejected', 'the first processing failed');
    await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: [bad.imageId] }).expect(200);
    const failed = await waitFor(
      async () => {
        const [run] = await runsOf(bad.orderId);
        return run?.state === 'failed' ? run : null;
      },
      'the test run failed',
      90_000,
      300,
    );
    expect(failed).toMatchObject({ imageId: bad.imageId, url: null, thumbnailUrl: null });
    expect(failed.failureReason).toMatch(/logo/i);
    expect(failed.finishedAt).not.toBeNull();
    // a failed run is not a version anyone could restore
    const versions = (await admin.get(`/api/images/${bad.imageId}/versions`).expect(200)).body as Array<{ kind: string }>;
    expect(versions.some((v) => v.kind === 'test')).toBe(false);

    // only the latest run of a picture is told
    await admin.post('/api/appSettings/sendImagesToTestPipeline').send({ imageIds: [good.imageId] }).expect(200);
    const again = await runsOf(good.orderId);
    expect(again).toHaveLength(1);
    expect(again[0]!.versionId).not.toBe(completed.versionId);
  });

  it('only the admin reads the test runs; an unknown order is 404, a malformed id 400', async () => {
    const { orderId } = await uploaded(await guideFor({ frameFreeRouting: 'bypass' }));
    await qa.get(`/api/appSettings/testPipelineResults/${orderId}`).expect(403);
    await dealer.get(`/api/appSettings/testPipelineResults/${orderId}`).expect(403);
    const missing = await admin.get('/api/appSettings/testPipelineResults/6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11').expect(404);
    expect(missing.body.message).toBe('Order not found');
    await admin.get('/api/appSettings/testPipelineResults/not-an-id').expect(400);
  });

  it('a processed picture carries the angle of the style-guide position it was processed as', async () => {
    const { imageId } = await uploaded(await guideFor({ positions: 1, route: 'bypass' }));
    const done = await settled(imageId, (i) => i.optimisationStatus === 'completed', 'the picture processed');
    expect(done.expectedAngle).toMatch(/^Angle /);
    expect(done.detectedAngle).toBe(done.expectedAngle);

    // a free-form picture has no position angle
    const free = await uploaded(await guideFor({ frameFreeRouting: 'bypass' }));
    const freeDone = await settled(free.imageId, (i) => i.optimisationStatus === 'completed', 'the free-form picture processed');
    expect(freeDone.detectedAngle).toBeNull();
  });
});
