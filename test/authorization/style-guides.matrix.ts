import { uploadMedia } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';

interface Fixtures {
  overlay: string;
  icon: string;
  angleId: string;
  carTypeId: string;
  /** assigned to the dealership and to management: everyone's own */
  ownGuide: string;
  /** assigned to the other dealership only */
  otherGuide: string;
}

let fixtures: Promise<Fixtures> | null = null;
let position = 100;

/** Media, an angle, a car type and two guides, made once by the admin. */
function setup(ctx: MatrixContext): Promise<Fixtures> {
  fixtures ??= (async () => {
    const admin = ctx.sessions.admin;
    const overlay = await uploadMedia(admin, 'angle_overlay');
    const icon = await uploadMedia(admin, 'car_type_icon');
    const angleId = (await admin.post('/api/angle').send({ name: 'Matrix angle', category: 'exterior', defaultAngleOverlayId: overlay }).expect(201)).body.id;
    const carTypeId = (await admin.post('/api/car-types').send({ carTypeName: 'Matrix car', iconMediaId: icon }).expect(201)).body.id;
    const guide = async (name: string, owners: string[]) => {
      const id = (await admin.post('/api/style-guides').send(guideBody(name)).expect(201)).body.id as string;
      for (const userId of owners) await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId, styleGuideId: id }).expect(200);
      return id;
    };
    const ownGuide = await guide('Own guide', [ctx.accounts.dealer.id, ctx.accounts.manager.id]);
    const otherGuide = await guide('Other guide', [ctx.accounts.dealer2.id]);
    return { overlay, icon, angleId, carTypeId, ownGuide, otherGuide };
  })();
  return fixtures;
}

const guideBody = (name: string) => ({ name, outputWidth: 1600, outputHeight: 1200, maxImageSize: 500000 });
const guideOf = (f: Fixtures, tenant: Tenant) => (tenant === 'own' ? f.ownGuide : f.otherGuide);
const target = (ctx: MatrixContext, who: Who, tenant: Tenant) => (tenant === 'own' ? ctx.ownAccount(who) : ctx.accounts.dealer2);

async function configurationOf(ctx: MatrixContext, tenant: Tenant): Promise<string> {
  const f = await setup(ctx);
  const res = await ctx.sessions.admin
    .post('/api/style-guide-configurations')
    .send({ styleGuideId: guideOf(f, tenant), position: position++, angleId: f.angleId })
    .expect(201);
  return res.body.id as string;
}

const SIGNED_IN = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: status, sales: status, manager: status });
const ADMIN_ONLY = (status: number) => ({ anonymous: 401, admin: status, qa: 403, dealer: 403, sales: 403, manager: 403 });
/** the style-guide builders: admin and QA */
const BUILDERS = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: 403, sales: 403, manager: 403 });
const READ_SCOPED = { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] } as const;

export const STYLE_GUIDE_ROUTES: RouteCase[] = [
  { route: 'GET /api/style-guides', request: () => ({ path: '/api/style-guides?page=1' }), expect: SIGNED_IN(200) },
  {
    route: 'GET /api/style-guides/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/style-guides/${guideOf(await setup(ctx), tenant)}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'GET /api/style-guides/user/{id}',
    request: async (ctx, who, tenant) => {
      await setup(ctx);
      return { path: `/api/style-guides/user/${target(ctx, who, tenant).id}` };
    },
    expect: READ_SCOPED,
  },
  { route: 'POST /api/style-guides', request: () => ({ path: '/api/style-guides', body: guideBody('Matrix guide') }), expect: BUILDERS(201) },
  {
    route: 'PUT /api/style-guides/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/style-guides/${guideOf(await setup(ctx), tenant)}`, body: { customerNote: 'Checked' } }),
    expect: BUILDERS(200),
  },
  {
    route: 'POST /api/style-guides/{id}/duplicate',
    request: async (ctx, _who, tenant) => ({ path: `/api/style-guides/${guideOf(await setup(ctx), tenant)}/duplicate` }),
    expect: BUILDERS(201),
  },
  {
    route: 'DELETE /api/style-guides/delete-style-guide',
    request: async (ctx) => {
      const id = (await ctx.sessions.admin.post('/api/style-guides').send(guideBody('Doomed')).expect(201)).body.id;
      return { path: '/api/style-guides/delete-style-guide', body: { id } };
    },
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'POST /api/style-guides/add-style-guide-to-user',
    request: async (ctx, _who, tenant) => ({
      path: '/api/style-guides/add-style-guide-to-user',
      body: { userId: ctx.accounts.dealer2.id, styleGuideId: guideOf(await setup(ctx), tenant) },
    }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'DELETE /api/style-guides/remove-style-guide-to-user',
    request: async (ctx) => {
      const f = await setup(ctx);
      // a guide of its own for each call, so removals never change the fixtures
      const id = (await ctx.sessions.admin.post(`/api/style-guides/${f.otherGuide}/duplicate`).expect(201)).body.id;
      await ctx.sessions.admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: ctx.accounts.dealer2.id, styleGuideId: id }).expect(200);
      return { path: '/api/style-guides/remove-style-guide-to-user', body: { userId: ctx.accounts.dealer2.id, styleGuideId: id } };
    },
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'POST /api/style-guide-configurations',
    request: async (ctx, _who, tenant) => {
      const f = await setup(ctx);
      return { path: '/api/style-guide-configurations', body: { styleGuideId: guideOf(f, tenant), position: position++, angleId: f.angleId } };
    },
    expect: BUILDERS(201),
  },
  {
    route: 'GET /api/style-guide-configurations/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/style-guide-configurations/${await configurationOf(ctx, tenant)}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'PUT /api/style-guide-configurations/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/style-guide-configurations/${await configurationOf(ctx, tenant)}`, body: { withLogo: false } }),
    expect: BUILDERS(200),
  },
  {
    route: 'DELETE /api/style-guide-configurations/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/style-guide-configurations/${await configurationOf(ctx, tenant)}` }),
    expect: BUILDERS(200),
  },
  { route: 'GET /api/angle', request: () => ({ path: '/api/angle?page=1' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/angle/angleNames', request: () => ({ path: '/api/angle/angleNames' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/angle/{id}', request: async (ctx) => ({ path: `/api/angle/${(await setup(ctx)).angleId}` }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/angle',
    request: async (ctx) => ({ path: '/api/angle', body: { name: 'New angle', category: 'interior', defaultAngleOverlayId: (await setup(ctx)).overlay } }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: 'PUT /api/angle/{id}',
    request: async (ctx) => ({ path: `/api/angle/${(await setup(ctx)).angleId}`, body: { needsFlashlight: true } }),
    expect: ADMIN_ONLY(200),
  },
  { route: 'GET /api/car-types', request: () => ({ path: '/api/car-types' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/car-types/{id}', request: async (ctx) => ({ path: `/api/car-types/${(await setup(ctx)).carTypeId}` }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/car-types',
    request: async (ctx) => ({ path: '/api/car-types', body: { carTypeName: 'New type', iconMediaId: (await setup(ctx)).icon } }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: 'PUT /api/car-types/{id}',
    request: async (ctx) => ({ path: `/api/car-types/${(await setup(ctx)).carTypeId}`, body: { needsAngleCorrection: true } }),
    expect: ADMIN_ONLY(200),
  },
  { route: 'GET /api/media', request: () => ({ path: '/api/media' }), expect: BUILDERS(200) },
  { route: 'POST /api/media', request: () => ({ path: '/api/media', body: { fileExtension: 'png', mediaType: 'logo' } }), expect: BUILDERS(201) },
];
