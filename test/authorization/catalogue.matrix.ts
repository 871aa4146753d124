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
