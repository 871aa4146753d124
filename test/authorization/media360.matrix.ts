import type { Media360SignedUploadResult } from '@app/contracts';
import { createOrder } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';

/** An order still taking uploads, of each account (the dealership, management itself, the other dealership), made once by the admin. */
let fixtures: Promise<Map<string, string>> | null = null;

function uploadingOrders(ctx: MatrixContext): Promise<Map<string, string>> {
  fixtures ??= (async () => {
    const guide = await ctx.sessions.admin.post('/api/style-guides').send({ name: 'Matrix 360', outputWidth: 640, outputHeight: 480, maxImageSize: 200_000, frameFreeRouting: 'bypass' });
    if (guide.status !== 201) throw new Error(`POST /api/style-guides answered ${guide.status}`);
    const byAccount = new Map<string, string>();
    for (const account of [ctx.accounts.dealer, ctx.accounts.manager, ctx.accounts.dealer2]) {
      const order = await createOrder(ctx.stack, { accountId: account.id, styleGuideId: guide.body.id as string, takenImagesCount: 1, status: 'Uploading' });
      byAccount.set(account.id, order.id);
    }
    return byAccount;
  })();
  return fixtures;
}

/** The uploading order of the caller's own account, or of the other dealership. */
async function orderOf(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  const account = tenant === 'own' ? ctx.ownAccount(who) : ctx.accounts.dealer2;
  return (await uploadingOrders(ctx)).get(account.id)!;
}

/** a fresh interior 360 of the tenant's order whose panorama never came (its grant live) */
async function awaited360(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  const res = await ctx.sessions.admin.post('/api/media360/get-signed-urls-for-upload').send({ order: await orderOf(ctx, who, tenant), kind: 'interior360', frames: [{ fileSize: 1000 }] });
  if (res.status !== 201) throw new Error(`media360/get-signed-urls-for-upload answered ${res.status}`);
  return (res.body as Media360SignedUploadResult).media360Id;
}

/** the owner account (a dealership, its sales person, management for its own orders), admin and QA */
const UPLOAD = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: [status, 404], sales: [status, 404], manager: [status, 404] }) as const;
/** everyone who may see the tenant's orders: admin and QA always, the account's own people for their own */
const READ_SCOPED = { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] } as const;

export const MEDIA360_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/media360/get-signed-urls-for-upload',
    request: async (ctx, who, tenant) => ({ path: '/api/media360/get-signed-urls-for-upload', body: { order: await orderOf(ctx, who, tenant), kind: 'interior360', frames: [{ fileSize: 1000 }] } }),
    expect: UPLOAD(201),
  },
  {
    // the panorama never came: 409 for whoever may upload, 404 for another tenant
    route: 'POST /api/media360/upload-complete',
    request: async (ctx, who, tenant) => ({ path: '/api/media360/upload-complete', body: { media360Id: await awaited360(ctx, who, tenant) } }),
    expect: UPLOAD(409),
  },
  {
    route: 'GET /api/media360/order/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/media360/order/${await orderOf(ctx, who, tenant)}` }),
    expect: READ_SCOPED,
  },
];
