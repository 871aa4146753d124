import type { Actor, ActorRole } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import type { StatAccountsRepository } from '../dashboards/stat-accounts.repository';
import { StatisticsAccess } from './statistics-access';

const GROUP = '00000000-0000-4000-8000-0000000000a1';
const CHILD = '00000000-0000-4000-8000-0000000000d1';
const OTHER = '00000000-0000-4000-8000-0000000000d2';
const GONE = '00000000-0000-4000-8000-0000000000ff';

const actor = (role: ActorRole, userId: string | null = null, salesPersonId: string | null = null): Actor => ({ role, userId, salesPersonId, permissions: [], requestId: 'req-1' });
const m = { name: 'the caller\'s manager' } as unknown as EntityManager;

/** the facts' accounts: a management account with one child, another dealership */
function access() {
  const repo = {
    // asked for no account at all, a careless query could match anything: the rules must never ask so
    childIds: async (_: EntityManager, parent: string | null) => (parent === GROUP || parent == null ? [CHILD] : []),
    exists: async (_: EntityManager, id: string) => [GROUP, CHILD, OTHER].includes(id),
  } as unknown as StatAccountsRepository;
  return new StatisticsAccess(repo);
}

async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (err) {
    const { status, message } = err as { status?: number; message: string };
    // a refusal says what other services say
    if (status === 404) expect(message).toBe('User not found');
    return status;
  }
}

describe('StatisticsAccess: whose numbers an actor may ask for', () => {
  it('admin and the system ask about any known account (with its children); an unknown one is 404', async () => {
    for (const who of [actor('Admin', OTHER), actor('System')]) {
      expect(await outcome(() => access().accountScope(m, who, GROUP))).toEqual([GROUP, CHILD]);
      expect(await outcome(() => access().accountScope(m, who, OTHER))).toEqual([OTHER]);
      expect(await outcome(() => access().accountScope(m, who, GONE))).toBe(404);
    }
  });

  it('management asks about itself (with its children) and each child alone; anything else is 404', async () => {
    const group = actor('Management', GROUP);
    expect(await outcome(() => access().accountScope(m, group, GROUP))).toEqual([GROUP, CHILD]);
    expect(await outcome(() => access().accountScope(m, group, CHILD))).toEqual([CHILD]);
    expect(await outcome(() => access().accountScope(m, group, OTHER))).toBe(404);
    expect(await outcome(() => access().accountScope(m, actor('Management', null), CHILD))).toBe(404);
  });

  it('a dealership and its signed-in sales person ask about the dealership only', async () => {
    for (const who of [actor('Dealership', CHILD), actor('Dealership', CHILD, '00000000-0000-4000-8000-0000000000e1')]) {
      expect(await outcome(() => access().accountScope(m, who, CHILD))).toEqual([CHILD]);
      expect(await outcome(() => access().accountScope(m, who, OTHER))).toBe(404);
      expect(await outcome(() => access().accountScope(m, who, GROUP))).toBe(404);
    }
    // a dealership that somehow names itself a management account's child gets no more
    expect(await outcome(() => access().accountScope(m, actor('Dealership', GROUP), GROUP))).toEqual([GROUP, CHILD]);
    expect(await outcome(() => access().accountScope(m, actor('Dealership', GROUP), CHILD))).toBe(404);
    expect(await outcome(() => access().accountScope(m, actor('Dealership', null), CHILD))).toBe(404);
  });

  it('QA and the anonymous have no account statistics (403)', async () => {
    expect(await outcome(() => access().accountScope(m, actor('QA', OTHER), OTHER))).toBe(403);
    expect(await outcome(() => access().accountScope(m, actor('Anonymous'), OTHER))).toBe(403);
  });

  it('the own scope: everything for admin and QA, itself and its children for management, itself for a dealership', async () => {
    expect(await outcome(() => access().ownScope(m, actor('Admin', OTHER)))).toEqual({ kind: 'all' });
    expect(await outcome(() => access().ownScope(m, actor('QA', OTHER)))).toEqual({ kind: 'all' });
    expect(await outcome(() => access().ownScope(m, actor('Management', GROUP)))).toEqual({ kind: 'accounts', ids: [GROUP, CHILD] });
    expect(await outcome(() => access().ownScope(m, actor('Dealership', CHILD)))).toEqual({ kind: 'accounts', ids: [CHILD] });
    expect(await outcome(() => access().ownScope(m, actor('Dealership', GROUP)))).toEqual({ kind: 'accounts', ids: [GROUP] });
    expect(await outcome(() => access().ownScope(m, actor('Anonymous')))).toBe(403);
    expect(await outcome(() => access().ownScope(m, actor('Anonymous', GROUP)))).toBe(403);
    expect(await outcome(() => access().ownScope(m, actor('Management', null)))).toBe(403);
    expect(await outcome(() => access().ownScope(m, actor('Dealership', null)))).toBe(403);
  });

  it('the admin\'s questions: admin and system only; QA\'s work: QA too', () => {
    const roles: ActorRole[] = ['Admin', 'System', 'QA', 'Management', 'Dealership', 'Anonymous'];
    const passes = (check: (a: Actor) => void) =>
      roles.filter((r) => {
        try {
          check(actor(r, OTHER));
          return true;
        } catch {
          return false;
        }
      });
    expect(passes(StatisticsAccess.assertAdmin)).toEqual(['Admin', 'System']);
    expect(passes(StatisticsAccess.assertAdminOrQa)).toEqual(['Admin', 'System', 'QA']);
  });
});
