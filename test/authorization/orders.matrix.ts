import type { OrderListItem } from '@app/contracts';
import { createAccount, createOrder, createStyleGuide } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';

interface Fixtures {
  guide: string;
  /** a sales person of each dealership (the matrix's sales login is the dealership's too) */
  dealerSalesPerson: string;
  dealer2SalesPerson: string;
  /** the dealership's order: own for everyone (management's child) */
  ownOrder: string;
  ownOrderName: string;
  /** the other dealership's order */
  otherOrder: string;
  otherOrderName: string;
  orderTag: string;
}

let fixtures: Promise<Fixtures> | null = null;

async function newSalesPerson(ctx: MatrixContext, userId: string): Promise<string> {
  const res = await ctx.sessions.admin.post('/api/salesman').send({ userId, salesMan: [{ name: `Seller ${ctx.unique()}`, email: `seller-${ctx.unique()}@example.test`, phone: '+45 11 22 33 44' }] });
  if (res.status !== 201) throw new Error(`POST /api/salesman answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0].id as string;
}

/** A guide for both dealerships and management, a sales person each, one order each, an order tag; made once. */
function setup(ctx: MatrixContext): Promise<Fixtures> {
  fixtures ??= (async () => {
    const { admin, dealer } = ctx.sessions;
    const { accounts } = ctx;
    const guide = (await createStyleGuide(admin, { name: 'Matrix orders guide', assignTo: [accounts.dealer.id, accounts.dealer2.id, accounts.manager.id] })).id;
    const dealerSalesPerson = await newSalesPerson(ctx, accounts.dealer.id);
    const dealer2SalesPerson = await newSalesPerson(ctx, accounts.dealer2.id);
    const own = await createOrder(dealer, { styleGuide: guide, salesMan: dealerSalesPerson, orderName: `Own order ${ctx.unique()}` });
    const other = await createOrder(admin, { styleGuide: guide, salesMan: dealer2SalesPerson, userId: accounts.dealer2.id, orderName: `Other order ${ctx.unique()}` });
    const tag = await admin.post('/api/tags').send({ name: 'Matrix order tag', category: 'PRIORITY', entity: 'order', color: 'purple' });
    if (tag.status !== 201) throw new Error(`POST /api/tags answered ${tag.status}`);
    return {
      guide,
      dealerSalesPerson,
      dealer2SalesPerson,
      ownOrder: own.id,
      ownOrderName: own.orderName,
      otherOrder: other.id,
      otherOrderName: other.orderName,
      orderTag: tag.body.id as string,
    };
  })();
  return fixtures;
}

const orderOf = (f: Fixtures, tenant: Tenant) => (tenant === 'own' ? f.ownOrder : f.otherOrder);

/** a new order of the tenant's dealership, made by the admin (for deletes) */
async function freshOrder(ctx: MatrixContext, tenant: Tenant): Promise<string> {
  const f = await setup(ctx);
  const [userId, salesPersonId] = tenant === 'own' ? [ctx.accounts.dealer.id, f.dealerSalesPerson] : [ctx.accounts.dealer2.id, f.dealer2SalesPerson];
  return (await createOrder(ctx.sessions.admin, { styleGuide: f.guide, salesMan: salesPersonId, userId, orderName: `Fresh ${ctx.unique()}` })).id;
}

/** a new order of the tenant's dealership in QA stage (written into the orders schema) */
async function freshQaOrder(ctx: MatrixContext, tenant: Tenant): Promise<string> {
  const accountId = tenant === 'own' ? ctx.accounts.dealer.id : ctx.accounts.dealer2.id;
  return (await createOrder(ctx.stack, { accountId, status: 'QA stage', QAstatus: 'Waiting For QA', enabledQa: true, orderName: `QA ${ctx.unique()}` })).id;
}

let otherQa: Promise<string> | null = null;

/** another QA account, whose lists only the admin may read */
function anotherQa(ctx: MatrixContext): Promise<string> {
  otherQa ??= createAccount(ctx.stack, { role: 'QA', roleTags: ['QA_EDITOR', 'QA_COORDINATOR'] }).then((a) => a.id);
  return otherQa;
}

/** whose QA lists a cell asks for: its own account (QA's own), or another QA account's */
async function listOwner(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  if (tenant === 'other') return anotherQa(ctx);
  return who === 'qa' || who === 'anonymous' ? ctx.accounts.qa.id : ctx.ownAccount(who).id;
}

let tagCounter = 0;
let tagId: Promise<string> | null = null;

/** a tag of its own for reading and changing (the fixtures' tag is for putting on orders) */
function aTag(ctx: MatrixContext): Promise<string> {
  tagId ??= ctx.sessions.admin
    .post('/api/tags')
    .send({ name: 'Matrix tag', category: 'PRIORITY', entity: 'order', color: 'blue' })
    .expect(201)
    .then((res) => res.body.id as string);
  return tagId;
}

/** admin and QA see every tenant's orders; the others their own */
const SEES_ALL: readonly Who[] = ['admin', 'qa'];
const READ_SCOPED = { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] } as const;
const STAFF = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: 403, sales: 403, manager: 403 });
const SIGNED_IN = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: status, sales: status, manager: status });
const ADMIN_ONLY = (status: number) => ({ anonymous: 401, admin: status, qa: 403, dealer: 403, sales: 403, manager: 403 });

export const ORDER_ROUTES: RouteCase[] = [
  {
    // admin: for the tenant's dealership (impersonation); dealership, its sales person and
    // management: for itself (own; management has no sales people) or naming the other
    // dealership (403); QA has no order creation
    route: 'POST /api/orders',
    request: async (ctx, who, tenant) => {
      const f = await setup(ctx);
      const body: Record<string, unknown> = { orderName: `Matrix ${ctx.unique()}`, styleGuide: f.guide, takenImagesCount: 2 };
      if (who === 'admin') Object.assign(body, tenant === 'own' ? { userId: ctx.accounts.dealer.id, salesMan: f.dealerSalesPerson } : { userId: ctx.accounts.dealer2.id, salesMan: f.dealer2SalesPerson });
      else if (tenant === 'own') {
        if (who !== 'manager') body.salesMan = f.dealerSalesPerson;
      } else Object.assign(body, { userId: ctx.accounts.dealer2.id, salesMan: f.dealer2SalesPerson });
      return { path: '/api/orders', body };
    },
    expect: { anonymous: 401, admin: 201, qa: 403, dealer: [201, 403], sales: [201, 403], manager: [201, 403] },
  },
  {
    // The cell lists the orders looking for the tenant's order by name: the dealership's order
    // must be listed for everyone who reaches it, the other dealership's only for admin and QA.
    // When the list shows the wrong thing, the cell asks with a query the API refuses, and its
    // 400 names what went wrong.
    route: 'GET /api/orders/get-orders',
    request: async (ctx, who, tenant) => {
      const f = await setup(ctx);
      const name = tenant === 'own' ? f.ownOrderName : f.otherOrderName;
      const path = `/api/orders/get-orders?search=${encodeURIComponent(name)}`;
      if (who === 'anonymous') return { path };
      const res = await ctx.sessions[who].get(path);
      const listed = res.status === 200 && (res.body.items as OrderListItem[]).some((o) => o.id === orderOf(f, tenant));
      const shouldBe = tenant === 'own' || SEES_ALL.includes(who);
      return { path: listed === shouldBe ? path : `/api/orders/get-orders?${listed ? 'other-tenant-order-listed' : 'own-order-missing'}=1` };
    },
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: 200, sales: 200, manager: 200 },
  },
  {
    route: 'GET /api/orders/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/orders/${orderOf(await setup(ctx), tenant)}` }),
    expect: READ_SCOPED,
  },
  {
    // a rename (what an owner with UPDATE_ORDERS may change) of a fresh order: the dealership
    // renames its own; management reads its child's orders but does not change them
    route: 'PUT /api/orders/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/orders/${await freshOrder(ctx, tenant)}`, body: { orderName: `Renamed ${ctx.unique()}` } }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [403, 404] },
  },
  {
    route: 'PUT /api/orders/approval/{id}/{approved}',
    request: async (ctx, _who, tenant) => ({ path: `/api/orders/approval/${orderOf(await setup(ctx), tenant)}/false` }),
    expect: STAFF(200),
  },
  {
    // the owner deletes with DELETE_ORDERS; management may not delete its child's order (403);
    // another tenant's order does not exist for the caller
    route: 'DELETE /api/orders/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/orders/${await freshOrder(ctx, tenant)}` }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [403, 404] },
  },
  {
    route: 'GET /api/events/order/{id}',
    request: async (ctx, _who, tenant) => ({ path: `/api/events/order/${orderOf(await setup(ctx), tenant)}?page=1&isHidden=true` }),
    expect: READ_SCOPED,
  },
  {
    // the account itself, the admin, QA with READ_USER_EVENTS (the matrix's QA has not got it)
    route: 'GET /api/events/user/{id}',
    request: (ctx, who, tenant) => ({ path: `/api/events/user/${tenant === 'own' ? ctx.ownAccount(who).id : ctx.accounts.dealer2.id}` }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
  {
    route: 'GET /api/tags/get/{entity}/{entityId}',
    request: async (ctx, _who, tenant) => ({ path: `/api/tags/get/orders/${orderOf(await setup(ctx), tenant)}` }),
    expect: READ_SCOPED,
  },
  {
    route: 'POST /api/tags/{entity}/{entityId}',
    request: async (ctx, _who, tenant) => {
      const f = await setup(ctx);
      return { path: `/api/tags/orders/${orderOf(f, tenant)}`, body: { tagId: f.orderTag } };
    },
    expect: STAFF(201),
  },
  {
    route: 'DELETE /api/tags',
    request: async (ctx, _who, tenant) => {
      const f = await setup(ctx);
      await ctx.sessions.admin.post(`/api/tags/orders/${orderOf(f, tenant)}`).send({ tagId: f.orderTag });
      return { path: '/api/tags', body: { tagId: f.orderTag, entity: 'orders', entityId: orderOf(f, tenant) } };
    },
    expect: STAFF(200),
  },
  // the QA work lists: admin and QA; QA reads only its own lists (own: its id, other: another QA account's)
  {
    route: 'GET /api/orders/editor/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/orders/editor/${await listOwner(ctx, who, tenant)}` }),
    expect: { anonymous: 401, admin: 200, qa: [200, 403], dealer: 403, sales: 403, manager: 403 },
  },
  {
    route: 'GET /api/orders/coordinator/{id}',
    request: async (ctx, who, tenant) => ({ path: `/api/orders/coordinator/${await listOwner(ctx, who, tenant)}` }),
    expect: { anonymous: 401, admin: 200, qa: [200, 403], dealer: 403, sales: 403, manager: 403 },
  },
  {
    // a fresh QA-stage order each time, so every staff cell is the first pick
    route: 'POST /api/orders/{id}/qa/pick',
    request: async (ctx, _who, tenant) => ({ path: `/api/orders/${await freshQaOrder(ctx, tenant)}/qa/pick`, body: { role: 'editor' } }),
    expect: STAFF(200),
  },
  {
    route: 'DELETE /api/orders/{id}/qa/pick',
    request: async (ctx, who, tenant) => {
      const id = await freshQaOrder(ctx, tenant);
      if (who === 'admin' || who === 'qa') await ctx.sessions[who].post(`/api/orders/${id}/qa/pick`).send({ role: 'editor' }).expect(200);
      return { path: `/api/orders/${id}/qa/pick?role=editor` };
    },
    expect: STAFF(200),
  },
  {
    route: 'PUT /api/orders/{id}/qa/task',
    request: async (ctx, who, tenant) => {
      const id = await freshQaOrder(ctx, tenant);
      if (who === 'admin' || who === 'qa') await ctx.sessions[who].post(`/api/orders/${id}/qa/pick`).send({ role: 'editor' }).expect(200);
      return { path: `/api/orders/${id}/qa/task`, body: { state: 'DONE' } };
    },
    expect: STAFF(200),
  },
  {
    // the caller's own pick of a fresh QA-stage order, so each staff cell is its editor
    route: 'PUT /api/orders/{id}/qa/decision',
    request: async (ctx, who, tenant) => {
      const id = await freshQaOrder(ctx, tenant);
      if (who === 'admin' || who === 'qa') await ctx.sessions[who].post(`/api/orders/${id}/qa/pick`).send({ role: 'editor' }).expect(200);
      return { path: `/api/orders/${id}/qa/decision`, body: { decision: 'sendToEdit' } };
    },
    expect: STAFF(200),
  },
  // tags: everyone signed in reads them (badges), only the admin keeps them
  { route: 'GET /api/tags', request: () => ({ path: '/api/tags?page=1' }), expect: SIGNED_IN(200) },
  { route: 'GET /api/tags/{id}', request: async (ctx) => ({ path: `/api/tags/${await aTag(ctx)}` }), expect: SIGNED_IN(200) },
  {
    route: 'POST /api/tags',
    request: () => ({ path: '/api/Tags', body: { name: `Tag ${++tagCounter}`, category: 'IMAGE_ERROR', entity: 'image', color: 'red' } }),
    expect: ADMIN_ONLY(201),
  },
  { route: 'PUT /api/tags/{id}', request: async (ctx) => ({ path: `/api/tags/${await aTag(ctx)}`, body: { color: 'cyan' } }), expect: ADMIN_ONLY(200) },
];
