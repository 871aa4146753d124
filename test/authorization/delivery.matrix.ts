import { createAccount, createOrder } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';
import { nextProvider } from './users.matrix';

interface Fixtures {
  /** a dealership of its own whose orders are delivered in these cells (so the other matrices keep their providers) */
  targetId: string;
  /** its integration the admin routes' messages go to */
  queueIntegration: string;
  /** its robot: messages leased to it for the robot routes */
  robotIntegration: string;
  robotKey: string;
  /** another account's robot key: `other` in the robot routes */
  foreignKey: string;
  /** a robot integration whose key the credential route rotates */
  rotatedIntegration: string;
  /** an integration of the matrix's dealership: what it delivers its own orders to */
  dealerIntegration: string;
}

let fixtures: Promise<Fixtures> | null = null;

async function robotIntegration(ctx: MatrixContext, userId: string, provider: string): Promise<string> {
  const res = await ctx.sessions.admin.post('/api/remote-integration').send({ provider, isActive: true, userId });
  if (res.status !== 201) throw new Error(`POST /api/remote-integration answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

async function keyOf(ctx: MatrixContext, integrationId: string): Promise<string> {
  const res = await ctx.sessions.admin.post(`/api/order-delivery-messages/robot-credentials/${integrationId}`);
  if (res.status !== 200) throw new Error(`issuing a robot key answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.key as string;
}

/** Accounts with robot integrations and keys, made once. */
function setup(ctx: MatrixContext): Promise<Fixtures> {
  fixtures ??= (async () => {
    const target = await createAccount(ctx.stack, { role: 'Dealership', email: `delivery-${ctx.unique()}@example.test` });
    const foreign = await createAccount(ctx.stack, { role: 'Dealership', email: `delivery-${ctx.unique()}@example.test` });
    const queueIntegration = await robotIntegration(ctx, target.id, 'CUSTOM_ROBOT');
    const robot = await robotIntegration(ctx, target.id, 'DELIVERY_ROBOT');
    const foreignRobot = await robotIntegration(ctx, foreign.id, 'DELIVERY_ROBOT');
    const rotated = await robotIntegration(ctx, foreign.id, 'CUSTOM_ROBOT');
    return {
      targetId: target.id,
      queueIntegration,
      robotIntegration: robot,
      robotKey: await keyOf(ctx, robot),
      foreignKey: await keyOf(ctx, foreignRobot),
      rotatedIntegration: rotated,
      dealerIntegration: await robotIntegration(ctx, ctx.accounts.dealer.id, nextProvider(ctx.accounts.dealer.id)),
    };
  })();
  return fixtures;
}

/** A new order of the target, ready to deliver. */
async function readyOrder(ctx: MatrixContext, accountId?: string): Promise<string> {
  const f = await setup(ctx);
  return (await createOrder(ctx.stack, { accountId: accountId ?? f.targetId, status: 'Ready to download', QAstatus: 'Approved' })).id;
}

/** A new message on the target's queue integration. */
async function aMessage(ctx: MatrixContext, integrationId?: string): Promise<string> {
  const f = await setup(ctx);
  const orderId = await readyOrder(ctx);
  const res = await ctx.sessions.admin
    .post(`/api/orders/enqueue-order-delivery-by-id/${orderId}`)
    .send({ selectedIntegrations: [{ id: integrationId ?? f.queueIntegration }] });
  if (res.status !== 200) throw new Error(`enqueueing answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0].id as string;
}

/** A new message leased to the target's robot. */
async function aLeasedMessage(ctx: MatrixContext): Promise<string> {
  const f = await setup(ctx);
  const id = await aMessage(ctx, f.robotIntegration);
  const pulled = await ctx.stack.http().post('/api/robot/messages/pull').set('x-robot-key', f.robotKey).send({ max: 50 });
  if (pulled.status !== 200 || !(pulled.body.messages as Array<{ id: string }>).some((m) => m.id === id)) {
    throw new Error(`pulling the message answered ${pulled.status} ${JSON.stringify(pulled.body).slice(0, 300)}`);
  }
  return id;
}

/** The robot routes take a robot key, not a sign-in: nobody sends none (401); every other caller the tenant's robot's. */
async function robotHeaders(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<Record<string, string> | undefined> {
  if (who === 'anonymous') return undefined;
  const f = await setup(ctx);
  return { 'x-robot-key': tenant === 'own' ? f.robotKey : f.foreignKey };
}

/** the order that is the caller's own (management's: its own), or the other dealership's */
async function orderOf(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  return readyOrder(ctx, tenant === 'own' ? ctx.ownAccount(who).id : ctx.accounts.dealer2.id);
}

/** admin and QA, and the dealership with READ_USER_INTEGRATIONS on its own orders (another's: 404); management never */
const DELIVERERS = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: [status, 404] as const, sales: [status, 404] as const, manager: 403 });
/** the queue's permissions: the admin holds them, the matrix's QA does not */
const QUEUE = (status: number) => ({ anonymous: 401, admin: status, qa: 403, dealer: 403, sales: 403, manager: 403 });

export const DELIVERY_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/orders/enqueue-order-delivery-by-id/{orderId}',
    // staff: the target's order to its integration; the dealership (and its sales person, with the
    // account's READ_USER_INTEGRATIONS): its own order to its own integration, or the other's order to that
    request: async (ctx, who, tenant) => {
      const f = await setup(ctx);
      if (who !== 'dealer' && who !== 'sales') {
        return { path: `/api/orders/enqueue-order-delivery-by-id/${await readyOrder(ctx)}`, body: { selectedIntegrations: [{ id: f.queueIntegration }] } };
      }
      return { path: `/api/orders/enqueue-order-delivery-by-id/${await orderOf(ctx, who, tenant)}`, body: { selectedIntegrations: [{ id: f.dealerIntegration }] } };
    },
    expect: DELIVERERS(200),
  },
  {
    route: 'GET /api/orders/{id}/delivery-integrations',
    request: async (ctx, who, tenant) => ({ path: `/api/orders/${await orderOf(ctx, who, tenant)}/delivery-integrations` }),
    expect: DELIVERERS(200),
  },
  {
    route: 'GET /api/orders/{id}/deliveries',
    request: async (ctx, who, tenant) => ({ path: `/api/orders/${await orderOf(ctx, who, tenant)}/deliveries` }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
  { route: 'GET /api/order-delivery-messages', request: () => ({ path: '/api/order-delivery-messages?page=1&state=queued' }), expect: QUEUE(200) },
  {
    route: 'GET /api/order-delivery-messages/get-current-available-count',
    request: () => ({ path: '/api/order-delivery-messages/get-current-available-count' }),
    expect: QUEUE(200),
  },
  {
    route: 'GET /api/order-delivery-messages/reboot-remote-delivery-robot',
    request: () => ({ path: '/api/order-delivery-messages/reboot-remote-delivery-robot' }),
    expect: QUEUE(200),
  },
  {
    route: 'PUT /api/order-delivery-messages/set-visible/{id}',
    request: async (ctx) => ({ path: `/api/order-delivery-messages/set-visible/${await aMessage(ctx)}` }),
    expect: QUEUE(200),
  },
  {
    route: 'DELETE /api/order-delivery-messages/{id}',
    request: async (ctx) => ({ path: `/api/order-delivery-messages/${await aMessage(ctx)}` }),
    expect: QUEUE(200),
  },
  {
    route: 'POST /api/order-delivery-messages/robot-credentials/{integrationId}',
    request: async (ctx) => ({ path: `/api/order-delivery-messages/robot-credentials/${(await setup(ctx)).rotatedIntegration}` }),
    expect: { anonymous: 401, admin: 200, qa: 403, dealer: 403, sales: 403, manager: 403 },
  },
  {
    route: 'POST /api/robot/messages/pull',
    request: async (ctx, who, tenant) => ({ path: '/api/robot/messages/pull', body: { max: 1 }, headers: await robotHeaders(ctx, who, tenant) }),
    expect: { anonymous: 401, admin: 200, qa: 200, dealer: 200, sales: 200, manager: 200 },
  },
  {
    route: 'POST /api/robot/messages/{id}/ack',
    request: async (ctx, who, tenant) => ({
      path: `/api/robot/messages/${await aLeasedMessage(ctx)}/ack`,
      body: { files: [{ name: 'car-1.jpg', location: '/in/car-1.jpg', bytes: 1000, sha256: 'a'.repeat(64) }], answer: 'stored' },
      headers: await robotHeaders(ctx, who, tenant),
    }),
    expect: { anonymous: 401, admin: [200, 404], qa: [200, 404], dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
  {
    route: 'POST /api/robot/messages/{id}/release',
    request: async (ctx, who, tenant) => ({
      path: `/api/robot/messages/${await aLeasedMessage(ctx)}/release`,
      body: { error: 'The portal answered 503' },
      headers: await robotHeaders(ctx, who, tenant),
    }),
    expect: { anonymous: 401, admin: [200, 404], qa: [200, 404], dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
];
