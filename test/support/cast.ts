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
