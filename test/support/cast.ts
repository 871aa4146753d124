import { createAccount, createSalesPerson, type AccountSpec, type StackWithUsers, type TestAccount } from './accounts';
import { signedInAs, signIn, type StackWithHttp, type UserSession } from './sessions';

/**
 * The people most end-to-end tests of orders need, each signed in: the admin, QA, a
 * dealership (`dealer`) with a sales person who has a login (`sales`), another dealership
 * (`dealer2`, the foreign tenant) and a management account whose child is `dealer`.
 */
export interface Cast {
  admin: UserSession;
  qa: UserSession;
  dealer: TestAccount;
  asDealer: UserSession;
  dealer2: TestAccount;
  asDealer2: UserSession;
  manager: TestAccount;
  asManager: UserSession;
  sales: { id: string; email: string; password: string };
  asSales: UserSession;
}

/** What a test says of its cast: more of each account (display name, permissions, QA …), the sales person's name. */
export interface CastSpec {
  admin?: Partial<AccountSpec>;
  qa?: Partial<AccountSpec>;
  dealer?: Partial<AccountSpec>;
  dealer2?: Partial<AccountSpec>;
  manager?: Partial<AccountSpec>;
  salesName?: string;
}

/**
 * Makes the cast in a fixed order (the two dealerships, the management account, the sales
 * person), then signs everyone in at once.
 */
export async function createCast(stack: StackWithUsers & StackWithHttp, spec: CastSpec = {}): Promise<Cast> {
  const dealer = await createAccount(stack, { ...spec.dealer, role: 'Dealership' });
  const dealer2 = await createAccount(stack, { ...spec.dealer2, role: 'Dealership' });
  const manager = await createAccount(stack, { ...spec.manager, role: 'Management', children: [dealer.id, ...(spec.manager?.children ?? [])] });
  const sales = await createSalesPerson(stack, dealer.id, { name: spec.salesName, login: true });
  const [admin, qa, asDealer, asDealer2, asManager, asSales] = await Promise.all([
    signedInAs(stack, { ...spec.admin, role: 'Admin' }),
    signedInAs(stack, { ...spec.qa, role: 'QA' }),
    signIn(stack, dealer.email),
    signIn(stack, dealer2.email),
    signIn(stack, manager.email),
    signIn(stack, sales.email),
  ]);
  return { admin, qa, dealer, asDealer, dealer2, asDealer2, manager, asManager, sales, asSales };
}

/**
 * The cast of a `describe`, made in its `beforeAll` (after the stack's): the tests read
 * `cast.admin`, `cast.asDealer`, … once it has run.
 *
 * ```ts
 * const stack = useTestStack({ label: 'orders', services: ['users', 'style-guides', 'orders'] });
 * const cast = useCast(stack, { dealer: { permissions: ['CREATE_ORDERS'] } });
 * ```
 */
export function useCast(stack: StackWithUsers & StackWithHttp, spec: CastSpec = {}): Cast {
  const cast = {} as Cast;
  beforeAll(async () => {
    Object.assign(cast, await createCast(stack, spec));
  });
  return cast;
}

/** A dealership that takes orders, signed in, with a sales person to put on them. */
export interface Dealership {
  account: TestAccount;
  session: UserSession;
  salesPersonId: string;
}

/**
 * Makes a dealership (allowed to create orders unless `spec` says otherwise), its sales
 * person and its session: what a test of one order's life starts from.
 */
export async function createDealership(stack: StackWithUsers & StackWithHttp, spec: Partial<AccountSpec> = {}, salesName?: string): Promise<Dealership> {
  const account = await createAccount(stack, { permissions: ['CREATE_ORDERS'], ...spec, role: 'Dealership' });
  const salesPersonId = (await createSalesPerson(stack, account.id, { name: salesName })).id;
  return { account, session: await signIn(stack, account.email), salesPersonId };
}
