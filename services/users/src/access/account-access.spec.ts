import { RpcError, type Actor, type ActorRole } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { AccountAccess } from './account-access';
import { actorFor, refusal } from '@app/testing';

const DEALER = '00000000-0000-4000-8000-00000000d001';
const CHILD = '00000000-0000-4000-8000-00000000d003';
const OTHER = '00000000-0000-4000-8000-00000000d002';
const GROUP = '00000000-0000-4000-8000-00000000a001';
const GONE = '00000000-0000-4000-8000-00000000dead';
const SALES_PERSON = '00000000-0000-4000-8000-00000000e001';

const actor = (role: ActorRole, userId: string | null = DEALER, salesPersonId: string | null = null): Actor => actorFor(role, { userId, salesPersonId, requestId: 'req-5' });

/** the transaction the rules are asked in: handed on to the repository as it is */
const m = { name: 'the caller\'s transaction' } as unknown as EntityManager;

/** The accounts repository's accounts and child links, as the rules read them. */
function database() {
  const accounts = new Set([DEALER, CHILD, OTHER, GROUP]);
  const children: Record<string, string[]> = { [GROUP]: [CHILD] };
  const queries: string[] = [];
  const asked = (manager: EntityManager, what: string) => {
    if (manager !== m) throw new Error(`${what} asked outside the caller's transaction`);
    queries.push(what);
  };
  const repository = {
    childIds: async (manager: EntityManager, parentId: string) => {
      asked(manager, `children of ${parentId}`);
      return children[parentId] ?? [];
    },
    exists: async (manager: EntityManager, id: string) => {
      asked(manager, `exists ${id}`);
      return accounts.has(id);
    },
  } as unknown as AccountsRepository;
  return { access: new AccountAccess(repository), queries };
}

describe('AccountAccess: who reads and changes accounts', () => {
  it('makes admin and the system admins, and no one else', async () => {
    expect(['Admin', 'System'].map((r) => AccountAccess.isAdmin(actor(r as ActorRole)))).toEqual([true, true]);
    expect(['QA', 'Dealership', 'Management', 'Anonymous'].map((r) => AccountAccess.isAdmin(actor(r as ActorRole)))).toEqual([false, false, false, false]);
    expect(() => AccountAccess.assertAdmin(actor('System'))).not.toThrow();
    expect(await refusal(() => AccountAccess.assertAdmin(actor('QA')))).toMatchObject({ status: 403 });
    expect(await refusal(() => AccountAccess.assertAdmin(actor('Dealership')))).toBeInstanceOf(RpcError);
  });

  it('leaves to the system alone what the product asks on its own behalf, with the caller\'s sentence', async () => {
    expect(() => AccountAccess.assertSystem(actor('System', null))).not.toThrow();
    for (const role of ['Admin', 'QA', 'Dealership', 'Management', 'Anonymous'] as const) {
      const refused = await refusal(() => AccountAccess.assertSystem(actor(role)));
      expect(refused).toBeInstanceOf(RpcError);
      expect(refused).toMatchObject({ status: 403, message: 'You do not have permission to do this.' });
    }
    expect(await refusal(() => AccountAccess.assertSystem(actor('Admin'), 'Only the system seeds accounts'))).toMatchObject({
      status: 403,
      message: 'Only the system seeds accounts',
    });
  });

  it('answers a caller who is not signed in with 401, and lets every signed-in role and the system through', async () => {
    for (const role of ['Admin', 'QA', 'Dealership', 'Management', 'System'] as const) expect(() => AccountAccess.assertSignedIn(actor(role))).not.toThrow();
    const refused = await refusal(() => AccountAccess.assertSignedIn(actor('Anonymous', null)));
    expect(refused).toBeInstanceOf(RpcError);
    expect(refused).toMatchObject({ status: 401 });
  });

  it('gives QA a customers list of dealerships only, and every other role the accounts of its scope', () => {
    expect(AccountAccess.listsDealershipsOnly(actor('QA'))).toBe(true);
    expect(['Admin', 'System', 'Dealership', 'Management', 'Anonymous'].map((r) => AccountAccess.listsDealershipsOnly(actor(r as ActorRole)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('scopes admin, QA and the system to every account, without a query', async () => {
    const { access, queries } = database();
    for (const role of ['Admin', 'QA', 'System'] as const) expect(await access.readScope(m, actor(role, null))).toEqual({ kind: 'all' });
    expect(queries).toEqual([]);
  });

  it('scopes management to itself and its children, a dealership to itself, an account without id to nothing', async () => {
    const { access, queries } = database();
    expect(await access.readScope(m, actor('Management', GROUP))).toEqual({ kind: 'some', ids: [GROUP, CHILD] });
    expect(queries).toHaveLength(1);
    expect(await access.readScope(m, actor('Dealership'))).toEqual({ kind: 'some', ids: [DEALER] });
    expect(await access.readScope(m, actor('Dealership', DEALER, SALES_PERSON))).toEqual({ kind: 'some', ids: [DEALER] });
    expect(await access.readScope(m, actor('Management', null))).toEqual({ kind: 'some', ids: [] });
    expect(await access.readScope(m, actor('Anonymous', null))).toEqual({ kind: 'some', ids: [] });
    expect(queries).toHaveLength(1);
  });

  it('tells who may read an account', async () => {
    const { access } = database();
    expect(await access.canRead(m, actor('QA'), OTHER)).toBe(true);
    expect(await access.canRead(m, actor('Dealership'), DEALER)).toBe(true);
    expect(await access.canRead(m, actor('Dealership'), OTHER)).toBe(false);
    expect(await access.canRead(m, actor('Management', GROUP), CHILD)).toBe(true);
    expect(await access.canRead(m, actor('Management', GROUP), OTHER)).toBe(false);
  });

  it('answers an account out of reach, or gone, with the caller\'s "not found" message', async () => {
    const { access } = database();
    expect(await refusal(() => access.assertCanRead(m, actor('Management', GROUP), CHILD))).toBeNull();
    const foreign = await refusal(() => access.assertCanRead(m, actor('Dealership'), OTHER));
    expect(foreign).toBeInstanceOf(RpcError);
    expect(foreign).toMatchObject({ status: 404, message: 'User not found' });
    expect(await refusal(() => access.assertCanRead(m, actor('Dealership'), OTHER, 'Sales person not found'))).toMatchObject({ message: 'Sales person not found' });
    expect(await refusal(() => access.assertCanRead(m, actor('Admin'), GONE))).toMatchObject({ status: 404, message: 'User not found' });
    expect(await refusal(() => access.assertCanRead(m, actor('Admin'), GONE, 'Integration not found'))).toMatchObject({ message: 'Integration not found' });
  });

  describe('assertCanManageOwn: the account\'s own people and settings', () => {
    it('lets the admin manage any account, even one it cannot find', async () => {
      const { access, queries } = database();
      expect(await refusal(() => access.assertCanManageOwn(m, actor('Admin'), GONE))).toBeNull();
      expect(queries).toEqual([]);
    });

    it('lets the account manage itself', async () => {
      const { access } = database();
      expect(await refusal(() => access.assertCanManageOwn(m, actor('Dealership'), DEALER))).toBeNull();
    });

    it('refuses its sales person, QA and management of the account with 403: they see it but do not manage it', async () => {
      const { access } = database();
      expect(await refusal(() => access.assertCanManageOwn(m, actor('Dealership', DEALER, SALES_PERSON), DEALER))).toMatchObject({ status: 403 });
      expect(await refusal(() => access.assertCanManageOwn(m, actor('QA', GROUP), DEALER))).toMatchObject({ status: 403 });
      expect(await refusal(() => access.assertCanManageOwn(m, actor('Management', GROUP), CHILD))).toMatchObject({ status: 403 });
    });

    it('answers another tenant\'s account with "not found" (the caller\'s message), not 403', async () => {
      const { access } = database();
      expect(await refusal(() => access.assertCanManageOwn(m, actor('Dealership'), OTHER, 'Sales person not found'))).toMatchObject({
        status: 404,
        message: 'Sales person not found',
      });
      expect(await refusal(() => access.assertCanManageOwn(m, actor('Management', GROUP), OTHER))).toMatchObject({ status: 404, message: 'User not found' });
    });
  });
});
