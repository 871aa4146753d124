import { ORDER_MESSAGES, QA_MESSAGES, RpcError, UsersRpc, type Actor, type ActorRole } from '@app/contracts';
import type { MessagingHost } from '@app/service-kit';
import { OrderPolicy } from './order-policy';

const DEALER = '00000000-0000-4000-8000-00000000d001';
const OTHER = '00000000-0000-4000-8000-00000000d002';
const GROUP = '00000000-0000-4000-8000-00000000a001';
const STRANGER = '00000000-0000-4000-8000-00000000a002';

const actor = (role: ActorRole, userId: string | null = null, permissions: string[] = []): Actor => ({ role, userId, permissions, requestId: 'req-1' });

/** the users service, as far as the policy asks it: management accounts and their children, QA accounts and their role tags */
function policy(children: Record<string, string[]> = { [GROUP]: [DEALER] }, roleTags: Record<string, string[]> = {}) {
  const calls: Array<{ subject: string; data: unknown; actor: Actor }> = [];
  const host = {
    rpc: {
      send: async (def: { subject: string }, data: { id: string }, caller: Actor) => {
        calls.push({ subject: def.subject, data, actor: caller });
        return { id: data.id, childAccounts: children[data.id] ?? [], roleTags: roleTags[data.id] ?? [] };
      },
    },
  } as unknown as MessagingHost;
  return { policy: new OrderPolicy(host), calls };
}

/** the error thrown, or null */
async function refusal(run: () => Promise<unknown> | unknown): Promise<RpcError | null> {
  try {
    await run();
    return null;
  } catch (err) {
    if (err instanceof RpcError) return err;
    throw err;
  }
}

describe('OrderPolicy: who sees and changes an order', () => {
  const order = { accountId: DEALER };

  it('counts admin, QA and the system as staff, and no one else', () => {
    expect(['Admin', 'QA', 'System'].map((r) => OrderPolicy.isStaff(actor(r as ActorRole, DEALER)))).toEqual([true, true, true]);
    expect(['Dealership', 'Management', 'Anonymous'].map((r) => OrderPolicy.isStaff(actor(r as ActorRole, DEALER)))).toEqual([false, false, false]);
    expect(['Admin', 'System'].map((r) => OrderPolicy.isAdmin(actor(r as ActorRole)))).toEqual([true, true]);
    expect(['QA', 'Dealership', 'Management'].map((r) => OrderPolicy.isAdmin(actor(r as ActorRole, DEALER)))).toEqual([false, false, false]);
  });

  it('lets staff through assertStaff and refuses the others with 403', async () => {
    expect(() => OrderPolicy.assertStaff(actor('QA'))).not.toThrow();
    const err = await refusal(() => OrderPolicy.assertStaff(actor('Dealership', DEALER)));
    expect(err).toMatchObject({ status: 403 });
  });

  it('calls the owner the account itself, signed in as a dealership or management', () => {
    expect(OrderPolicy.isOwner(actor('Dealership', DEALER), order)).toBe(true);
    expect(OrderPolicy.isOwner(actor('Management', DEALER), order)).toBe(true);
    expect(OrderPolicy.isOwner(actor('Dealership', OTHER), order)).toBe(false);
    expect(OrderPolicy.isOwner(actor('QA', DEALER), order)).toBe(false);
    expect(OrderPolicy.isOwner(actor('Anonymous', DEALER), order)).toBe(false);
    expect(OrderPolicy.isOwner(actor('Dealership', null), { accountId: '' })).toBe(false);
  });

  it('scopes staff to every order, a dealership to its own, management to itself and its children', async () => {
    const { policy: p, calls } = policy();
    expect(await p.scope(actor('QA', STRANGER))).toEqual({ kind: 'all' });
    expect(await p.scope(actor('Dealership', DEALER))).toEqual({ kind: 'accounts', ids: [DEALER] });
    expect(calls).toEqual([]);
    expect(await p.scope(actor('Management', GROUP))).toEqual({ kind: 'accounts', ids: [GROUP, DEALER] });
    // the children are asked of the users service as the system, with the caller's request id
    expect(calls).toEqual([{ subject: UsersRpc.get.subject, data: { id: GROUP }, actor: expect.objectContaining({ role: 'System', requestId: 'req-1' }) }]);
  });

  it('scopes anyone else, or an account without id, to nothing', async () => {
    const { policy: p, calls } = policy();
    expect(await p.scope(actor('Anonymous', DEALER))).toEqual({ kind: 'accounts', ids: [] });
    expect(await p.scope(actor('Dealership', null))).toEqual({ kind: 'accounts', ids: [] });
    expect(await p.scope(actor('Management', null))).toEqual({ kind: 'accounts', ids: [] });
    expect(calls).toEqual([]);
  });

  it('tells whether an account is in a scope', () => {
    expect(OrderPolicy.inScope({ kind: 'all' }, OTHER)).toBe(true);
    expect(OrderPolicy.inScope({ kind: 'accounts', ids: [DEALER] }, DEALER)).toBe(true);
    expect(OrderPolicy.inScope({ kind: 'accounts', ids: [DEALER] }, OTHER)).toBe(false);
  });

  describe('assertCanSee', () => {
    it('answers "not found" for a missing order, whoever asks', async () => {
      const { policy: p } = policy();
      for (const a of [actor('Admin'), actor('Dealership', DEALER)]) {
        expect(await refusal(() => p.assertCanSee(a, null))).toMatchObject({ status: 404, message: ORDER_MESSAGES.notFound });
        expect(await refusal(() => p.assertCanSee(a, undefined))).toMatchObject({ status: 404, message: ORDER_MESSAGES.notFound });
      }
    });

    it('lets staff, the owner and management of the owner see it, without asking the users service when it need not', async () => {
      const { policy: p, calls } = policy();
      expect(await refusal(() => p.assertCanSee(actor('QA', STRANGER), order))).toBeNull();
      expect(await refusal(() => p.assertCanSee(actor('Dealership', DEALER), order))).toBeNull();
      expect(calls).toEqual([]);
      expect(await refusal(() => p.assertCanSee(actor('Management', GROUP), { accountId: GROUP }))).toBeNull();
      expect(calls).toEqual([]);
      expect(await refusal(() => p.assertCanSee(actor('Management', GROUP), order))).toBeNull();
      expect(calls).toHaveLength(1);
    });

    it('answers "not found" to another dealership and to management of other accounts', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanSee(actor('Dealership', OTHER), order))).toMatchObject({ status: 404, message: ORDER_MESSAGES.notFound });
      expect(await refusal(() => p.assertCanSee(actor('Management', STRANGER), order))).toMatchObject({ status: 404, message: ORDER_MESSAGES.notFound });
      expect(await refusal(() => p.assertCanSee(actor('Anonymous'), order))).toMatchObject({ status: 404 });
    });
  });

  describe('assertCanWrite', () => {
    const withPermissions = (role: ActorRole, userId: string) => actor(role, userId, ['UPDATE_ORDERS', 'DELETE_ORDERS']);

    it('lets staff change any order, permission or not', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanWrite(actor('QA', STRANGER), order, 'UPDATE_ORDERS'))).toBeNull();
      expect(await refusal(() => p.assertCanWrite(actor('Admin'), order, 'DELETE_ORDERS'))).toBeNull();
    });

    it('lets the owner change its order with the permission asked for (in any case), or when none is asked', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanWrite(withPermissions('Dealership', DEALER), order, 'UPDATE_ORDERS'))).toBeNull();
      expect(await refusal(() => p.assertCanWrite(actor('Dealership', DEALER, ['delete_orders']), order, 'DELETE_ORDERS'))).toBeNull();
      expect(await refusal(() => p.assertCanWrite(actor('Dealership', DEALER), order))).toBeNull();
    });

    it('refuses the owner without the permission: 403 naming it', async () => {
      const { policy: p } = policy();
      const err = await refusal(() => p.assertCanWrite(actor('Dealership', DEALER, ['UPDATE_ORDERS']), order, 'DELETE_ORDERS'));
      expect(err).toMatchObject({ status: 403, message: 'Missing permission DELETE_ORDERS' });
    });

    it('refuses management on its child\'s order with 403, although it sees it and holds the permission', async () => {
      const { policy: p } = policy();
      const err = await refusal(() => p.assertCanWrite(withPermissions('Management', GROUP), order, 'UPDATE_ORDERS'));
      expect(err).toMatchObject({ status: 403, message: 'You do not have permission to do this.' });
      expect(await refusal(() => p.assertCanWrite(withPermissions('Management', GROUP), order))).toMatchObject({ status: 403 });
    });

    it('answers "not found" to a caller who may not see the order, before any permission', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanWrite(withPermissions('Dealership', OTHER), order, 'UPDATE_ORDERS'))).toMatchObject({ status: 404 });
      expect(await refusal(() => p.assertCanWrite(actor('Dealership', OTHER), order, 'UPDATE_ORDERS'))).toMatchObject({ status: 404 });
      expect(await refusal(() => p.assertCanWrite(withPermissions('Dealership', DEALER), null, 'UPDATE_ORDERS'))).toMatchObject({ status: 404 });
    });
  });

  describe('assertCanUpdate', () => {
    const owner = actor('Dealership', DEALER, ['UPDATE_ORDERS']);

    it('lets staff change any field and the status of any order, without a permission', async () => {
      const { policy: p } = policy();
      for (const who of [actor('Admin'), actor('QA', STRANGER), actor('System')]) {
        expect(await refusal(() => p.assertCanUpdate(who, order, { status: true, fields: ['orderName', 'note', 'carType', 'salesMan'] }))).toBeNull();
      }
    });

    it('lets the owner holding UPDATE_ORDERS rename its order, and nothing more', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanUpdate(owner, order, { status: false, fields: ['orderName'] }))).toBeNull();
      expect(await refusal(() => p.assertCanUpdate(owner, order, { status: true, fields: [] }))).toMatchObject({ status: 403, message: ORDER_MESSAGES.statusChangeForbidden });
      expect(await refusal(() => p.assertCanUpdate(owner, order, { status: false, fields: ['orderName', 'note', 'salesMan'] }))).toMatchObject({
        status: 403,
        message: 'Only admin and QA can change: note, salesMan',
      });
    });

    it('refuses the owner without UPDATE_ORDERS, and management on its child\'s order, with 403', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanUpdate(actor('Dealership', DEALER), order, { status: false, fields: ['orderName'] }))).toMatchObject({
        status: 403,
        message: 'Missing permission UPDATE_ORDERS',
      });
      expect(await refusal(() => p.assertCanUpdate(actor('Management', GROUP, ['UPDATE_ORDERS']), order, { status: false, fields: ['orderName'] }))).toMatchObject({
        status: 403,
        message: 'You do not have permission to do this.',
      });
    });

    it('answers "not found" to another dealership asking to rename', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanUpdate(actor('Dealership', OTHER, ['UPDATE_ORDERS']), order, { status: false, fields: ['orderName'] }))).toMatchObject({ status: 404 });
    });
  });

  describe('assertCanDelete', () => {
    const uploading = { accountId: DEALER, status: 'Uploading' };
    const finished = { accountId: DEALER, status: 'Ready to download' };
    const unfinishedOnly = { status: 403, message: ORDER_MESSAGES.deleteOnlyUnfinished };

    it('lets staff, and the owner holding DELETE_ORDERS, delete any order they may change, finished or not', async () => {
      const { policy: p } = policy();
      for (const who of [actor('Admin'), actor('QA', STRANGER), actor('System'), actor('Dealership', DEALER, ['delete_orders'])]) {
        expect(await refusal(() => p.assertCanDelete(who, finished))).toBeNull();
        expect(await refusal(() => p.assertCanDelete(who, uploading))).toBeNull();
        expect(() => OrderPolicy.assertDeletableNow(who, finished)).not.toThrow();
      }
    });

    it('lets the owner without DELETE_ORDERS delete its own order only while it is still Uploading, asked again on the locked row', async () => {
      const { policy: p } = policy();
      const owner = actor('Dealership', DEALER, ['UPDATE_ORDERS']);
      expect(await refusal(() => p.assertCanDelete(owner, uploading))).toBeNull();
      expect(await refusal(() => p.assertCanDelete(owner, finished))).toMatchObject(unfinishedOnly);
      expect(() => OrderPolicy.assertDeletableNow(owner, uploading)).not.toThrow();
      expect(() => OrderPolicy.assertDeletableNow(owner, finished)).toThrow(ORDER_MESSAGES.deleteOnlyUnfinished);
    });

    it('answers "not found" to another dealership and 403 to management on its child\'s order, unfinished or not', async () => {
      const { policy: p } = policy();
      expect(await refusal(() => p.assertCanDelete(actor('Dealership', OTHER, ['DELETE_ORDERS']), uploading))).toMatchObject({ status: 404 });
      expect(await refusal(() => p.assertCanDelete(actor('Dealership', OTHER), uploading))).toMatchObject({ status: 404 });
      expect(await refusal(() => p.assertCanDelete(actor('Management', GROUP), uploading))).toMatchObject({ status: 403, message: 'You do not have permission to do this.' });
      expect(await refusal(() => p.assertCanDelete(actor('Dealership', DEALER), null))).toMatchObject({ status: 404 });
    });
  });

  describe('beside the orders', () => {
    const ROLES: ActorRole[] = ['Admin', 'QA', 'System', 'Dealership', 'Management', 'Anonymous'];
    const passes = (check: (a: Actor) => void) =>
      ROLES.filter((r) => {
        try {
          check(actor(r, DEALER));
          return true;
        } catch {
          return false;
        }
      });

    it('leaves the tag catalogue to admin and the system (403 for the others)', async () => {
      expect(passes((a) => OrderPolicy.assertAdmin(a))).toEqual(['Admin', 'System']);
      const err = await refusal(() => OrderPolicy.assertAdmin(actor('QA', STRANGER)));
      expect(err).toBeInstanceOf(RpcError);
      expect(err).toMatchObject({ status: 403, message: 'You do not have permission to do this.' });
    });

    it('leaves to the system alone what the product asks on its own behalf, with the caller\'s sentence', async () => {
      expect(passes((a) => OrderPolicy.assertSystem(a))).toEqual(['System']);
      expect(await refusal(() => OrderPolicy.assertSystem(actor('Admin')))).toMatchObject({ status: 403, message: 'You do not have permission to do this.' });
      expect(await refusal(() => OrderPolicy.assertSystem(actor('Admin'), 'Only the system may'))).toMatchObject({ status: 403, message: 'Only the system may' });
    });

    it('calls dealership and management the accounts', () => {
      expect(ROLES.filter((r) => OrderPolicy.isAccount(actor(r, DEALER)))).toEqual(['Dealership', 'Management']);
    });

    it('lets the admin itself, and no one else (not the system), order for any account', () => {
      expect(ROLES.filter((r) => OrderPolicy.ordersForAnyAccount(actor(r, DEALER)))).toEqual(['Admin']);
    });

    it('shows the hidden timeline lines and the note\'s preview in the list to staff only', () => {
      expect(ROLES.filter((r) => OrderPolicy.seesHiddenEvents(actor(r, DEALER)))).toEqual(['Admin', 'QA', 'System']);
      expect(ROLES.filter((r) => OrderPolicy.seesNotePreview(actor(r, DEALER)))).toEqual(['Admin', 'QA', 'System']);
    });

    it('lets an account read its own timeline, staff any, QA only with READ_USER_EVENTS (in any case)', async () => {
      expect(await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('Dealership', DEALER), DEALER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('Management', GROUP), GROUP))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('Admin'), DEALER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('System'), DEALER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('QA', STRANGER, ['read_user_events']), DEALER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('Admin', STRANGER, []), DEALER))).toBeNull();
    });

    it('refuses QA without READ_USER_EVENTS with 403 naming it, even for its own account', async () => {
      for (const accountId of [DEALER, STRANGER]) {
        const err = await refusal(() => OrderPolicy.assertCanReadAccountEvents(actor('QA', STRANGER, ['READ_ORDERS']), accountId));
        expect(err).toMatchObject({ status: 403, message: 'Missing permission READ_USER_EVENTS' });
      }
    });

    it('answers another account\'s timeline with "User not found", child accounts included', async () => {
      for (const a of [actor('Dealership', OTHER, ['READ_USER_EVENTS']), actor('Management', GROUP), actor('Anonymous'), actor('Dealership', null)]) {
        const err = await refusal(() => OrderPolicy.assertCanReadAccountEvents(a, DEALER));
        expect(err).toBeInstanceOf(RpcError);
        expect(err).toMatchObject({ status: 404, message: 'User not found' });
      }
    });

    it('lets QA read its own QA lists and the admin anyone\'s; 403 for the rest', async () => {
      expect(await refusal(() => OrderPolicy.assertCanReadQaLists(actor('QA', STRANGER), STRANGER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadQaLists(actor('Admin'), STRANGER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadQaLists(actor('System'), STRANGER))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertCanReadQaLists(actor('QA', OTHER), STRANGER))).toMatchObject({ status: 403, message: QA_MESSAGES.ownListOnly });
      expect(await refusal(() => OrderPolicy.assertCanReadQaLists(actor('Dealership', STRANGER), STRANGER))).toMatchObject({
        status: 403,
        message: 'You do not have permission to do this.',
      });
    });

    it('lets the holder of a QA task, or the admin, act on it; 403 naming the holder otherwise', async () => {
      const task = { userId: STRANGER, userName: 'Eva Editor' };
      expect(await refusal(() => OrderPolicy.assertHoldsTask(actor('QA', STRANGER), task))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertHoldsTask(actor('Admin', OTHER), task))).toBeNull();
      expect(await refusal(() => OrderPolicy.assertHoldsTask(actor('System'), task))).toBeNull();
      const err = await refusal(() => OrderPolicy.assertHoldsTask(actor('QA', OTHER), task));
      expect(err).toMatchObject({ status: 403, message: QA_MESSAGES.notYourTask('Eva Editor') });
    });
  });

  describe('assertCanPickAs: who picks an order as editor or coordinator', () => {
    const EDITOR = '00000000-0000-4000-8000-0000000000e1';
    const COORDINATOR = '00000000-0000-4000-8000-0000000000c1';
    const tags = { [EDITOR]: ['QA_EDITOR'], [COORDINATOR]: ['QA_COORDINATOR'] };

    it('lets the admin pick as either, and QA holding the list permission, without asking for role tags', async () => {
      const { policy: p, calls } = policy({}, tags);
      expect(await refusal(() => p.assertCanPickAs(actor('Admin', OTHER), 'editor'))).toBeNull();
      expect(await refusal(() => p.assertCanPickAs(actor('Admin', OTHER), 'coordinator'))).toBeNull();
      expect(await refusal(() => p.assertCanPickAs(actor('QA', STRANGER, ['READ_QA_EDITOR_LIST']), 'editor'))).toBeNull();
      expect(await refusal(() => p.assertCanPickAs(actor('QA', STRANGER, ['READ_QA_COORDINATOR_LIST']), 'coordinator'))).toBeNull();
      expect(calls).toEqual([]);
    });

    it('asks the users service, as the system, for a QA account\'s role tags, and lets each tag pick its own role', async () => {
      const { policy: p, calls } = policy({}, tags);
      expect(await refusal(() => p.assertCanPickAs(actor('QA', EDITOR), 'editor'))).toBeNull();
      expect(calls).toEqual([{ subject: UsersRpc.get.subject, data: { id: EDITOR }, actor: expect.objectContaining({ role: 'System', requestId: 'req-1' }) }]);
      expect(await refusal(() => p.assertCanPickAs(actor('QA', COORDINATOR), 'coordinator'))).toBeNull();
      expect(await refusal(() => p.assertCanPickAs(actor('QA', EDITOR), 'coordinator'))).toMatchObject({ status: 403, message: QA_MESSAGES.notCoordinator });
      expect(await refusal(() => p.assertCanPickAs(actor('QA', COORDINATOR), 'editor'))).toMatchObject({ status: 403, message: QA_MESSAGES.notEditor });
    });

    it('refuses QA without a tag or id, and the other roles, with the role\'s sentence, asking only for a QA account with an id', async () => {
      const { policy: p, calls } = policy({}, tags);
      expect(await refusal(() => p.assertCanPickAs(actor('QA', STRANGER), 'editor'))).toMatchObject({ status: 403, message: QA_MESSAGES.notEditor });
      expect(calls).toHaveLength(1);
      expect(await refusal(() => p.assertCanPickAs(actor('QA', null), 'editor'))).toMatchObject({ status: 403, message: QA_MESSAGES.notEditor });
      for (const role of ['Dealership', 'Management', 'System', 'Anonymous'] as const) {
        const err = await refusal(() => p.assertCanPickAs(actor(role, EDITOR, ['READ_QA_EDITOR_LIST']), 'editor'));
        expect(err).toBeInstanceOf(RpcError);
        expect(err).toMatchObject({ status: 403, message: QA_MESSAGES.notEditor });
      }
      expect(calls).toHaveLength(1);
    });
  });
});
