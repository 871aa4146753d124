import { RpcError, UsersRpc, type Actor, type ActorRole } from '@app/contracts';
import type { RpcClient } from '@app/messaging';
import type { EntityManager } from 'typeorm';
import type { StyleGuidesRepository } from '../style-guides/style-guides.repository';
import { StyleGuideAccess } from './style-guide-access';
import { refusal } from '@app/testing';

const DEALER = '00000000-0000-4000-8000-00000000d001';
const OTHER = '00000000-0000-4000-8000-00000000d002';
const GUIDE = '00000000-0000-4000-8000-0000000000c1';
const FOREIGN_GUIDE = '00000000-0000-4000-8000-0000000000c2';

const actor = (role: ActorRole, userId: string | null = DEALER): Actor => ({ role, userId, permissions: [], requestId: 'req-3' });

/** the transaction the rules are asked in: handed on to the repository as it is */
const m = { name: 'the caller\'s transaction' } as unknown as EntityManager;

/** The style-guides repository's assignments: which account has which guides. */
function database(assigned: Record<string, string[]> = { [DEALER]: [GUIDE] }) {
  const queries: Array<{ manager: EntityManager; params: unknown[] }> = [];
  const guides = {
    idsAssignedTo: async (manager: EntityManager, userId: string) => {
      queries.push({ manager, params: [userId] });
      return assigned[userId] ?? [];
    },
  } as unknown as StyleGuidesRepository;
  return { access: new StyleGuideAccess(guides), queries };
}

describe('StyleGuideAccess: who reads and keeps style guides', () => {
  it('makes admin and the system admins; admin and QA managers; no one else either', async () => {
    expect(['Admin', 'System'].map((r) => StyleGuideAccess.isAdmin(actor(r as ActorRole)))).toEqual([true, true]);
    expect(['QA', 'Dealership', 'Management', 'Anonymous'].map((r) => StyleGuideAccess.isAdmin(actor(r as ActorRole)))).toEqual([false, false, false, false]);
    expect(['Admin', 'System', 'QA'].map((r) => StyleGuideAccess.isManager(actor(r as ActorRole)))).toEqual([true, true, true]);
    expect(['Dealership', 'Management', 'Anonymous'].map((r) => StyleGuideAccess.isManager(actor(r as ActorRole)))).toEqual([false, false, false]);
    expect(() => StyleGuideAccess.assertAdmin(actor('Admin'))).not.toThrow();
    expect(await refusal(() => StyleGuideAccess.assertAdmin(actor('QA')))).toMatchObject({ status: 403 });
    expect(() => StyleGuideAccess.assertManager(actor('QA'))).not.toThrow();
    // the images service asks for a guide's pipeline settings as the system
    expect(() => StyleGuideAccess.assertManager(actor('System'))).not.toThrow();
    expect(await refusal(() => StyleGuideAccess.assertManager(actor('Dealership')))).toMatchObject({ status: 403 });
    expect(await refusal(() => StyleGuideAccess.assertManager(actor('Management')))).toBeInstanceOf(RpcError);
  });

  it('lets managers read every guide without looking, an account the guides assigned to it, no one else any', async () => {
    const { access, queries } = database();
    expect(await access.readable(m, actor('QA'))).toBe('all');
    expect(queries).toEqual([]);
    expect(await access.readable(m, actor('Dealership'))).toEqual([GUIDE]);
    expect(await access.readable(m, actor('Management', OTHER))).toEqual([]);
    expect(await access.readable(m, actor('Dealership', null))).toEqual([]);
    expect(queries.map((q) => q.params)).toEqual([[DEALER], [OTHER]]);
    expect(queries.every((q) => q.manager === m)).toBe(true);
  });

  it('answers a guide the account may not read with the caller\'s "not found" message', async () => {
    const { access } = database();
    expect(await refusal(() => access.assertCanRead(m, actor('Dealership'), GUIDE, 'Style guide not found'))).toBeNull();
    expect(await refusal(() => access.assertCanRead(m, actor('QA'), FOREIGN_GUIDE, 'Style guide not found'))).toBeNull();
    const err = await refusal(() => access.assertCanRead(m, actor('Dealership'), FOREIGN_GUIDE, 'Configuration not found'));
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ status: 404, message: 'Configuration not found' });
    expect(await refusal(() => access.assertCanRead(m, actor('Dealership', OTHER), GUIDE, 'Style guide not found'))).toMatchObject({ status: 404 });
  });

  it('asks the users service, as the caller, whether it may see another account; not for itself or a manager', async () => {
    const calls: Array<{ subject: string; data: unknown; actor: Actor }> = [];
    const refused = new Error('User not found');
    const rpc = {
      send: async (def: { subject: string }, data: { id: string }, caller: Actor) => {
        calls.push({ subject: def.subject, data, actor: caller });
        if (data.id === OTHER) throw refused;
        return { id: data.id };
      },
    } as unknown as RpcClient;
    await StyleGuideAccess.assertCanSeeUser(rpc, actor('QA'), OTHER);
    await StyleGuideAccess.assertCanSeeUser(rpc, actor('Dealership'), DEALER);
    expect(calls).toEqual([]);
    const caller = actor('Management', '00000000-0000-4000-8000-00000000a001');
    await StyleGuideAccess.assertCanSeeUser(rpc, caller, DEALER);
    expect(calls).toEqual([{ subject: UsersRpc.get.subject, data: { id: DEALER }, actor: caller }]);
    expect(await refusal(() => StyleGuideAccess.assertCanSeeUser(rpc, actor('Dealership'), OTHER))).toBe(refused);
  });
});
