import { mayPickAs, readyForCoordinator } from './qa-workspace';

describe('who picks an order as what', () => {
  const demoEditor = { userRole: 'QA', roleTags: ['QA_EDITOR'], permissions: ['READ_QA_EDITOR_LIST', 'READ_ADMIN_STATISTICS'] };
  const demoCoordinator = { userRole: 'QA', roleTags: ['QA_COORDINATOR'], permissions: ['READ_QA_COORDINATOR_LIST', 'READ_ADMIN_STATISTICS'] };

  it('lets an editor pick as editor only, a coordinator as coordinator only, the admin as either', () => {
    expect([mayPickAs('editor', demoEditor), mayPickAs('coordinator', demoEditor)]).toEqual([true, false]);
    expect([mayPickAs('editor', demoCoordinator), mayPickAs('coordinator', demoCoordinator)]).toEqual([false, true]);
    const admin = { userRole: 'Admin', roleTags: [], permissions: [] };
    expect([mayPickAs('editor', admin), mayPickAs('coordinator', admin)]).toEqual([true, true]);
  });

  it('takes the role tag or the list permission (in any case) as the role, and nothing for other roles', () => {
    expect(mayPickAs('coordinator', { userRole: 'QA', roleTags: ['QA_COORDINATOR'], permissions: [] })).toBe(true);
    expect(mayPickAs('coordinator', { userRole: 'QA', permissions: ['read_qa_coordinator_list'] })).toBe(true);
    expect(mayPickAs('editor', { userRole: 'QA', roleTags: [], permissions: [] })).toBe(false);
    expect(mayPickAs('editor', { userRole: 'Dealership', roleTags: ['QA_EDITOR'], permissions: ['READ_QA_EDITOR_LIST'] })).toBe(false);
  });

  it("lets a coordinator pick once the editor's task is done or was sent back", () => {
    expect([undefined, null, 'IN_PROGRESS', 'DONE', 'REJECTED'].map((s) => readyForCoordinator(s as never))).toEqual([false, false, false, true, true]);
  });
});
