import type { MatrixContext, RouteCase } from './matrix';

let counter = 0;
let tagId: Promise<string> | null = null;

function aTag(ctx: MatrixContext): Promise<string> {
  tagId ??= ctx.sessions.admin
    .post('/api/tags')
    .send({ name: 'Matrix tag', category: 'PRIORITY', entity: 'order', color: 'blue' })
    .expect(201)
    .then((res) => res.body.id as string);
  return tagId;
}

const SIGNED_IN = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: status, sales: status, manager: status });
const ADMIN_ONLY = (status: number) => ({ anonymous: 401, admin: status, qa: 403, dealer: 403, sales: 403, manager: 403 });

/** The admin's catalogue beside style guides: tags (app versions, banners and settings join it). */
export const CATALOGUE_ROUTES: RouteCase[] = [
  { route: 'GET /api/tags', request: () => ({ path: '/api/tags?page=1' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/tags/{id}', request: async (ctx) => ({ path: `/api/tags/${await aTag(ctx)}` }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/tags',
    request: () => ({ path: '/api/Tags', body: { name: `Tag ${++counter}`, category: 'IMAGE_ERROR', entity: 'image', color: 'red' } }),
    expect: ADMIN_ONLY(201),
  },
  { route: 'PUT /api/tags/{id}', request: async (ctx) => ({ path: `/api/tags/${await aTag(ctx)}`, body: { color: 'cyan' } }), expect: ADMIN_ONLY(200) },
];

let versionCounter = 0;
let versionId: Promise<string> | null = null;
let bannerId: Promise<string> | null = null;
const PUBLIC = (status: number) => ({ anonymous: status, admin: status, qa: status, dealer: status, sales: status, manager: status });

function aVersion(ctx: MatrixContext): Promise<string> {
  versionId ??= ctx.sessions.admin
    .post('/api/app-versions')
    .send({ versionString: '0.0.1' })
    .expect(201)
    .then((res) => res.body.id as string);
  return versionId;
}

function aBanner(ctx: MatrixContext): Promise<string> {
  bannerId ??= ctx.sessions.admin
    .post('/api/banner')
    .send({ message: 'Matrix banner' })
    .expect(201)
    .then((res) => res.body.id as string);
  return bannerId;
}

CATALOGUE_ROUTES.push(
  { route: 'GET /api/app-versions', request: () => ({ path: '/api/app-versions' }), expect: PUBLIC(200) },
  { route: 'GET /api/app-versions/{id}', request: async (ctx) => ({ path: `/api/app-versions/${await aVersion(ctx)}` }), expect: PUBLIC(200) },
  {
    route: 'POST /api/app-versions',
    request: () => ({ path: '/api/app-versions', body: { versionString: `3.0.${++versionCounter}` } }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: 'PUT /api/app-versions/{id}',
    request: async (ctx) => ({ path: `/api/app-versions/${await aVersion(ctx)}`, body: { needsDatabaseDeleteOnMobile: true } }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'DELETE /api/app-versions/{id}',
    request: async (ctx) => {
      const res = await ctx.sessions.admin.post('/api/app-versions').send({ versionString: `4.0.${++versionCounter}` }).expect(201);
      return { path: `/api/app-versions/${res.body.id}` };
    },
    expect: ADMIN_ONLY(200),
  },
  {
    route: 'PUT /api/appSettings/{name}',
    request: () => ({ path: '/api/appSettings/CONTACT_EMAIL', body: { value: 'support@example.test' } }),
    expect: ADMIN_ONLY(200),
  },
  { route: 'GET /api/banner', request: () => ({ path: '/api/banner' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/banner/by-id/{id}', request: async (ctx) => ({ path: `/api/banner/by-id/${await aBanner(ctx)}` }), expect: SIGNED_IN(200) },
  { route: 'POST /api/banner', request: () => ({ path: '/api/banner', body: { message: 'New banner' } }), expect: ADMIN_ONLY(201) },
  { route: 'PUT /api/banner/{id}', request: async (ctx) => ({ path: `/api/banner/${await aBanner(ctx)}`, body: { isActive: true } }), expect: ADMIN_ONLY(200) },
);
