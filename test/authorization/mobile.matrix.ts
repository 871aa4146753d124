import { createOrder, signIn, type UserSession } from '../support';
import type { MatrixContext, RouteCase, Tenant, Who } from './matrix';

interface Fixtures {
  /** an order of the dealership and one of the other dealership, each account with a device registered */
  orders: Record<Tenant, string>;
}

let fixtures: Promise<Fixtures> | null = null;

function setup(ctx: MatrixContext): Promise<Fixtures> {
  fixtures ??= (async () => {
    const own = await createOrder(ctx.stack, { accountId: ctx.accounts.dealer.id });
    const other = await createOrder(ctx.stack, { accountId: ctx.accounts.dealer2.id });
    const dealer2 = await signIn(ctx.stack, ctx.accounts.dealer2.email, ctx.accounts.dealer2.password);
    for (const session of [ctx.sessions.dealer, dealer2]) {
      const res = await session.post('/api/mobile/device-tokens').send({ token: `matrix-device-${ctx.unique()}`, platform: 'android' });
      if (res.status !== 200) throw new Error(`POST /api/mobile/device-tokens answered ${res.status}`);
    }
    return { orders: { own: own.id, other: other.id } };
  })();
  return fixtures;
}

/** A token registered by the caller (own) or by another login (other): the dealership's, or the admin's for the dealership itself. */
async function registeredToken(ctx: MatrixContext, who: Who, tenant: Tenant): Promise<string> {
  const token = `matrix-device-${ctx.unique()}`;
  const registrant: UserSession =
    tenant === 'own' && who !== 'anonymous' ? ctx.sessions[who] : who === 'dealer' ? ctx.sessions.admin : ctx.sessions.dealer;
  const res = await registrant.post('/api/mobile/device-tokens').send({ token, platform: 'ios', appVersion: '1.2.34' });
  if (res.status !== 200) throw new Error(`POST /api/mobile/device-tokens answered ${res.status}`);
  return token;
}

const SIGNED_IN = (status: number) => ({ anonymous: 401, admin: status, qa: status, dealer: status, sales: status, manager: status }) as const;

export const MOBILE_ROUTES: RouteCase[] = [
  {
    // every login registers its own device; there is no other tenant's device to name
    route: 'POST /api/mobile/device-tokens',
    request: (ctx) => ({ path: '/api/mobile/device-tokens', body: { token: `matrix-device-${ctx.unique()}`, platform: 'android', appVersion: '2.0.1' } }),
    expect: SIGNED_IN(200),
  },
  {
    // only the token the caller registered: another login's is not found
    route: 'DELETE /api/mobile/device-tokens',
    request: async (ctx, who, tenant) => ({ path: '/api/mobile/device-tokens', body: { token: await registeredToken(ctx, who, tenant) } }),
    expect: { anonymous: 401, admin: [200, 404], qa: [200, 404], dealer: [200, 404], sales: [200, 404], manager: [200, 404] },
  },
  {
    // the admin's, about any account's order
    route: 'POST /api/mobile/send-push-notification',
    request: async (ctx, _who, tenant) => ({
      path: '/api/mobile/send-push-notification',
      body: { title: 'Photos ready', body: 'Your car photos are ready to download', orderId: (await setup(ctx)).orders[tenant], eventPayload: { kind: 'matrix' } },
    }),
    expect: { anonymous: 401, admin: 201, qa: 403, dealer: 403, sales: 403, manager: 403 },
  },
];
