import type { ImageVersionView, ImageView, SignedUploadResult, VideoSignedUploadResult } from '@app/contracts';
import { testJpeg, testMp4, waitFor } from '@app/testing';
import { createOrder, signIn, uploadOrderImage, uploadOrderVideo, type UserSession } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';

/** An order of one account: one still uploading (nothing in it), one whose picture is processed. */
interface TenantOrders {
  uploading: string;
  processed: string;
  /** the processed picture of `processed` */
  image: string;
  /** a ready video of `processed` */
  video: string;
  /** an image and a video of `uploading` whose files never came */
  awaitingImage: string;
  awaitingVideo: string;
}

interface Fixtures {
  guideId: string;
  /** by account id: the dealership (own for everyone but management), management itself, the other dealership */
  byAccount: Map<string, TenantOrders>;
}

let fixtures: Promise<Fixtures> | null = null;
let position = 100;

/** A free-form guide (the pipeline's bypass route: quick), and orders of each account, made once by the admin. */
function setup(ctx: MatrixContext): Promise<Fixtures> {
  fixtures ??= (async () => {
    const admin = ctx.sessions.admin;
    const guide = await admin.post('/api/style-guides').send({ name: 'Matrix pictures', outputWidth: 640, outputHeight: 480, maxImageSize: 200_000, frameFreeRouting: 'bypass' });
    if (guide.status !== 201) throw new Error(`POST /api/style-guides answered ${guide.status}`);
    const guideId = guide.body.id as string;
    const photo = await testJpeg(640, 480);
    const mp4 = await testMp4(1);
    const byAccount = new Map<string, TenantOrders>();
    for (const account of [ctx.accounts.dealer, ctx.accounts.manager, ctx.accounts.dealer2]) {
      const order = (takenImagesCount: number) => createOrder(ctx.stack, { accountId: account.id, styleGuideId: guideId, takenImagesCount, status: 'Uploading' });
      const uploading = (await order(5)).id;
      const processed = (await order(1)).id;
      const image = (await uploadOrderImage(admin, processed, 1, photo)).id;
      const video = await uploadOrderVideo(admin, processed, mp4);
      if (video.status !== 200) throw new Error(`the fixture video answered ${video.status}`);
      await waitFor(async () => ((await admin.get(`/api/images/data/${image}`)).body as ImageView).optimisationStatus === 'completed', 'the fixture picture processed', 60_000, 200);
      const awaitingImage = ((await admin.post('/api/images/get-signed-url-for-upload').send({ order: uploading, position: 1, fileSize: 1000, width: 640, height: 480 })).body as SignedUploadResult)
        .imageId;
      const awaitingVideo = ((await admin.post('/api/videos/get-signed-url-for-upload').send({ order: uploading, fileSize: 1000 })).body as VideoSignedUploadResult).videoId;
      byAccount.set(account.id, { uploading, processed, image, video: video.videoId, awaitingImage, awaitingVideo });
    }
    return { guideId, byAccount };
  })();
  return fixtures;
}

/** The orders of the caller's own account, or of the other dealership. */
async function ordersOf(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<TenantOrders> {
  const f = await setup(ctx);
  const account = tenant === 'own' ? ctx.ownAccount(who) : ctx.accounts.dealer2;
  return f.byAccount.get(account.id)!;
}

/** a fresh awaited image of the tenant's uploading order (for deletes) */
async function freshImage(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  const o = await ordersOf(ctx, who, tenant);
  const res = await ctx.sessions.admin.post('/api/images/get-signed-url-for-upload').send({ order: o.uploading, position: position++, fileSize: 1000, width: 640, height: 480 });
  return (res.body as SignedUploadResult).imageId;
}

/**
 * Re-edit requests need a processed picture nothing else in the matrix repushes: one order of
 * the dealership, of management and of the other dealership, each with such a picture, made
 * once by the admin.
 */
let reEditFixtures: Promise<Map<string, { order: string; image: string }>> | null = null;
let dealer2Session: Promise<UserSession> | null = null;

function reEditPictures(ctx: MatrixContext): Promise<Map<string, { order: string; image: string }>> {
  reEditFixtures ??= (async () => {
    const { guideId } = await setup(ctx);
    const admin = ctx.sessions.admin;
    const photo = await testJpeg(640, 480);
    const byAccount = new Map<string, { order: string; image: string }>();
    for (const account of [ctx.accounts.dealer, ctx.accounts.manager, ctx.accounts.dealer2]) {
      const order = (await createOrder(ctx.stack, { accountId: account.id, styleGuideId: guideId, takenImagesCount: 1, status: 'Uploading' })).id;
      const image = (await uploadOrderImage(admin, order, 1, photo)).id;
      await waitFor(async () => ((await admin.get(`/api/images/data/${image}`)).body as ImageView).optimisationStatus === 'completed', 'the re-edit picture processed', 60_000, 200);
      byAccount.set(account.id, { order, image });
    }
    return byAccount;
  })();
  return reEditFixtures;
}

/**
 * The tenant's re-edit picture with no open request (the admin approving it closes the one a
 * previous cell opened), so each cell asks afresh.
 */
async function reEditPicture(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<{ order: string; image: string }> {
  const account = tenant === 'own' ? ctx.ownAccount(who) : ctx.accounts.dealer2;
  const picture = (await reEditPictures(ctx)).get(account.id)!;
  const approved = await ctx.sessions.admin.post(`/api/images/approval/${picture.image}`).send({ approved: true });
  if (approved.status !== 200) throw new Error(`approving the re-edit picture answered ${approved.status}`);
  return picture;
}

/** An open re-edit request of the tenant's picture, asked by its own account (for QA's decline). */
async function openReEditRequest(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  const { image } = await reEditPicture(ctx, who, tenant);
  const owner = tenant === 'own' ? (ctx.ownAccount(who) === ctx.accounts.manager ? ctx.sessions.manager : ctx.sessions.dealer) : await (dealer2Session ??= signIn(ctx.stack, ctx.accounts.dealer2.email));
  const res = await owner.post(`/api/images/${image}/re-edit-requests`).send({ reason: 'background', text: 'Grey patch left of the car' });
  if (res.status !== 201) throw new Error(`asking for a re-edit answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** everyone who may see the tenant's orders: admin and QA always, the account's own people for their own */
const READ_SCOPED = { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] } as const;
/** upload routes: the owner account (a dealership, its sales person, management for its own orders), admin and QA */
const UPLOAD = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: [status, 404], sales: [status, 404], manager: [status, 404] }) as const;
/** QA's tools: admin and QA only */
const QA_TOOLS = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: 403, sales: 403, manager: 403 });
const NO_SUCH_ID = '6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11';

/**
 * a kept version of the tenant's processed picture (its first pipeline output), read by the
 * admin once no job of the picture is in flight (a repush cell may have queued one: a restore
 * waits for its result)
 */
async function aVersion(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<{ image: string; version: string }> {
  const { image } = await ordersOf(ctx, who, tenant);
  const admin = ctx.sessions.admin;
  await waitFor(async () => ((await admin.get(`/api/images/data/${image}`)).body as ImageView).optimisationStatus !== 'queued', 'the fixture picture processed again', 60_000, 200);
  const versions = (await ctx.sessions.admin.get(`/api/images/${image}/versions`)).body as ImageVersionView[];
  const version = versions.find((v) => v.kind === 'pipeline') ?? versions[0];
  if (!version) throw new Error('the fixture picture has no version');
  return { image, version: version.id };
}

export const IMAGE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/images/get-signed-url-for-upload',
    request: async (ctx, who, tenant) => ({
      path: '/api/images/get-signed-url-for-upload',
      body: { order: (await ordersOf(ctx, who, tenant)).uploading, position: position++, fileSize: 1000, width: 640, height: 480 },
    }),
    expect: UPLOAD(201),
  },
  {
    // the file never came: 409 for whoever may complete it
    route: 'POST /api/images/upload-complete',
    request: async (ctx, who, tenant) => ({ path: '/api/images/upload-complete', body: { imageId: (await ordersOf(ctx, who, tenant)).awaitingImage } }),
    expect: UPLOAD(409),
  },
  {
    route: 'POST /api/images/insert-image-on-order',
    request: async (ctx, who, tenant) => ({
      path: '/api/images/insert-image-on-order',
      body: { order: (await ordersOf(ctx, who, tenant)).uploading, position: position++, mediaOrigin: 'optimized' },
    }),
    expect: QA_TOOLS(201),
  },
  {
    route: 'POST /api/images/replace-image/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/replace-image/${(await ordersOf(ctx, who, tenant)).image}`, body: { fileSize: 1000, width: 640, height: 480 } }),
    expect: QA_TOOLS(201),
  },
  {
    // nothing was posted for the replacement: 409 for admin and QA
    route: 'POST /api/images/replace-image/{id}/complete',
    request: async (ctx, who, tenant) => ({ path: `/api/images/replace-image/${(await ordersOf(ctx, who, tenant)).image}/complete` }),
    expect: QA_TOOLS(409),
  },
  {
    route: 'GET /api/images/data/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/data/${(await ordersOf(ctx, who, tenant)).image}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/images/order/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/order/${(await ordersOf(ctx, who, tenant)).processed}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'POST /api/images/approval/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/approval/${(await ordersOf(ctx, who, tenant)).image}`, body: { approved: true } }),
    expect: QA_TOOLS(200),
  },
  {
    route: 'PUT /api/images/updateApproval/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/updateApproval/${(await ordersOf(ctx, who, tenant)).image}`, body: { approved: false } }),
    expect: QA_TOOLS(200),
  },
  {
    route: 'DELETE /api/images',
    request: async (ctx, who, tenant) => ({
      path: '/api/images',
      body: { ids: [who === 'admin' || who === 'qa' ? await freshImage(ctx, who, tenant) : NO_SUCH_ID] },
    }),
    expect: QA_TOOLS(200),
  },
  {
    route: 'POST /api/images/invoke-image-optimization',
    request: async (ctx, who, tenant) => ({ path: '/api/images/invoke-image-optimization', body: { imageId: (await ordersOf(ctx, who, tenant)).image } }),
    expect: QA_TOOLS(202),
  },
  {
    route: 'POST /api/images/repush',
    request: async (ctx, who, tenant) => {
      const o = await ordersOf(ctx, who, tenant);
      return { path: '/api/images/repush', body: { orderId: o.processed, imageArray: [o.image], method: 'bypass', imageCategory: 'exterior' } };
    },
    expect: QA_TOOLS(202),
  },
  {
    route: 'GET /api/images/{id}/versions',
    request: async (ctx, who, tenant) => ({ path: `/api/images/${(await ordersOf(ctx, who, tenant)).image}/versions` }),
    expect: READ_SCOPED,
  },
  {
    route: 'POST /api/images/{id}/versions/{versionId}/restore',
    request: async (ctx, who, tenant) => {
      const { image, version } = await aVersion(ctx, who, tenant);
      return { path: `/api/images/${image}/versions/${version}/restore` };
    },
    expect: QA_TOOLS(200),
  },
  {
    // an app setting's route, answered by the images service
    route: 'POST /api/appSettings/sendImagesToTestPipeline',
    request: async (ctx, who, tenant) => ({ path: '/api/appSettings/sendImagesToTestPipeline', body: { imageIds: [(await ordersOf(ctx, who, tenant)).image] } }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: 403, sales: 403, manager: 403 },
  },
  {
    // the test runs of an order's pictures: the admin's, answered by the images service
    route: 'GET /api/appSettings/testPipelineResults/{orderId}',
    request: async (ctx, who, tenant) => ({ path: `/api/appSettings/testPipelineResults/${(await ordersOf(ctx, who, tenant)).processed}` }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: 403, sales: 403, manager: 403 },
  },
  {
    route: 'POST /api/images/download/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/download/${(await ordersOf(ctx, who, tenant)).processed}`, body: { media: 'original' } }),
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/images/download/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/download/${(await ordersOf(ctx, who, tenant)).image}` }),
    // the picture is being processed again by the rows above: its optimized file stays until the new one replaces it
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/images/downloadMedia/{orderId}/{imageId}',
    request: async (ctx, who, tenant) => {
      const o = await ordersOf(ctx, who, tenant);
      return { path: `/api/images/downloadMedia/${o.processed}/${o.image}?media=original` };
    },
    expect: QA_TOOLS(200),
  },
  {
    route: 'POST /api/videos/get-signed-url-for-upload',
    request: async (ctx, who, tenant) => ({ path: '/api/videos/get-signed-url-for-upload', body: { order: (await ordersOf(ctx, who, tenant)).uploading, fileSize: 1000 } }),
    expect: UPLOAD(201),
  },
  {
    route: 'POST /api/videos/upload-complete',
    request: async (ctx, who, tenant) => ({ path: '/api/videos/upload-complete', body: { videoId: (await ordersOf(ctx, who, tenant)).awaitingVideo } }),
    expect: UPLOAD(409),
  },
  {
    route: 'GET /api/videos/order/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/videos/order/${(await ordersOf(ctx, who, tenant)).processed}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'POST /api/videos/download/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/videos/download/${(await ordersOf(ctx, who, tenant)).video}` }),
    expect: READ_SCOPED,
  },
  {
    // the order's own account asks (management on its own orders); staff mark pictures for editing instead
    route: 'POST /api/images/{imageId}/re-edit-requests',
    request: async (ctx, who, tenant) => ({
      path: `/api/images/${(await reEditPicture(ctx, who, tenant)).image}/re-edit-requests`,
      body: { reason: 'reflections', text: 'Glare on the bonnet' },
    }),
    expect: { anonymous: 401, admin: 403, qa: 403, dealer: [201, 404], sales: [201, 404], manager: [201, 404] },
  },
  {
    route: 'POST /api/images/re-edit-requests/{id}/decline',
    request: async (ctx, who, tenant) => ({
      path: `/api/images/re-edit-requests/${who === 'admin' || who === 'qa' ? await openReEditRequest(ctx, who, tenant) : NO_SUCH_ID}/decline`,
      body: { text: 'The guide asks for this background' },
    }),
    expect: QA_TOOLS(200),
  },
  {
    route: 'GET /api/images/re-edit-requests/order/{orderId}',
    request: async (ctx, who, tenant) => ({ path: `/api/images/re-edit-requests/order/${(await reEditPicture(ctx, who, tenant)).order}` }),
    expect: READ_SCOPED,
  },
];
