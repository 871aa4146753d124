import { DEMO_ACCOUNTS } from '@app/seeding';
import type { OrderEventView, OrderView, QaWorkLists, TagView } from '@app/contracts';
import { createAccount, createOrder, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

const HOUR = 60 * 60 * 1000;

/**
 * Who picks an order as what, and when (docs/orders.md, "QA work lists"): an editor as editor,
 * a coordinator as coordinator once the editor's task is done or the order was sent back, the
 * admin as either; and the editor's decisions on its own order (send to edit, approve, cancel
 * the edition). The QA accounts are made as the demo's editor and coordinator are.
 */
describe('QA picks by role and stage, and the editor decisions', () => {
  let stack: TestStack;
  let dealer: TestAccount;
  let admin: UserSession;
  let editor: { account: TestAccount; session: UserSession };
  let coordinator: { account: TestAccount; session: UserSession };
  let coordinatorTag: TagView;

  const order = async (id: string): Promise<OrderView> => (await admin.get(`/api/orders/${id}`).expect(200)).body;
  const timeline = async (id: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${id}`).expect(200)).body.items;
  const pick = (who: UserSession, id: string, role: 'editor' | 'coordinator') => who.post(`/api/orders/${id}/qa/pick`).send({ role });
  const decide = (who: UserSession, id: string, decision: string) => who.put(`/api/orders/${id}/qa/decision`).send({ decision });

  async function qaOrder(QAstatus: 'Waiting For QA' | 'Waiting For Edition' = 'Waiting For QA'): Promise<string> {
    const at = new Date(Date.now() - HOUR);
    return (await createOrder(stack, { accountId: dealer.id, accountName: 'Pick Cars', status: 'QA stage', QAstatus, enabledQa: true, createdAt: at, updatedAt: at })).id;
  }

  /** a QA account as the demo's: its role tag and its list permission (with the dashboard's) */
  async function demoLike(which: 'qaEditor' | 'qaCoordinator') {
    const demo = DEMO_ACCOUNTS[which];
    const account = await createAccount(stack, { role: 'QA', displayName: demo.displayName, roleTags: demo.roleTags, permissions: demo.permissions });
    return { account, session: await signIn(stack, account.email) };
  }

  beforeAll(async () => {
    stack = await startTestStack({ label: 'qa_pick_rules', services: ['users', 'orders'] });
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Pick Cars', permissions: ['CREATE_ORDERS'], enabledQa: true });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    editor = await demoLike('qaEditor');
    coordinator = await demoLike('qaCoordinator');
    const tags: TagView[] = (await admin.get('/api/tags?entity=order').expect(200)).body.items;
    coordinatorTag = tags.find((t) => t.category === 'QA_COORDINATOR')!;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses the editor a coordinator pick and the coordinator an editor pick (403), by the route and by the tag', async () => {
    const id = await qaOrder();
    expect((await pick(editor.session, id, 'coordinator').expect(403)).body.message).toBe('Only a QA coordinator may pick an order as its coordinator');
    expect((await editor.session.post(`/api/tags/orders/${id}`).send({ tagId: coordinatorTag.id }).expect(403)).body.message).toBe(
      'Only a QA coordinator may pick an order as its coordinator',
    );
    expect((await pick(coordinator.session, id, 'editor').expect(403)).body.message).toBe('Only a QA editor may pick an order as its editor');
    // a QA account that is neither (no role tag, no list permission) picks nothing
    const neither = await signIn(stack, (await createAccount(stack, { role: 'QA' })).email);
    await pick(neither, id, 'editor').expect(403);
    expect((await order(id)).tags).toEqual([]);
    expect((await timeline(id)).filter((e) => e.eventName === 'QA_PICKED')).toEqual([]);
  });

  it('lets a coordinator pick only once the editor is done or the order was sent back (409 before)', async () => {
    const id = await qaOrder();
    // nobody has edited it yet
    expect((await pick(coordinator.session, id, 'coordinator').expect(409)).body.message).toBe(
      "A coordinator picks an order once its editor's task is done or the order was sent back",
    );
    await pick(editor.session, id, 'editor').expect(200);
    // the editor is still at work
    await pick(coordinator.session, id, 'coordinator').expect(409);
    await pick(admin, id, 'coordinator').expect(409);
    await editor.session.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);
    const picked = (await pick(coordinator.session, id, 'coordinator').expect(200)).body as OrderView;
    expect(picked.tags.map((t) => t.category).sort()).toEqual(['QA_COORDINATOR', 'QA_EDITOR']);

    // sent back: the editor's task REJECTED; a coordinator who released it may pick it again
    await coordinator.session.put(`/api/orders/approval/${id}/false`).expect(200);
    await coordinator.session.delete(`/api/orders/${id}/qa/pick?role=coordinator`).expect(200);
    await pick(coordinator.session, id, 'coordinator').expect(200);
    const lists: QaWorkLists = (await coordinator.session.get(`/api/orders/coordinator/${coordinator.account.id}`).expect(200)).body;
    expect(lists.ownOrders.find((r) => r.id === id)?.editorTask).toMatchObject({ state: 'REJECTED' });
  });

  it('lets the admin pick as either role', async () => {
    const id = await qaOrder();
    await pick(admin, id, 'editor').expect(200);
    await admin.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);
    await pick(admin, id, 'coordinator').expect(200);
    expect((await order(id)).tags.map((t) => t.category).sort()).toEqual(['QA_COORDINATOR', 'QA_EDITOR']);
  });

  it('lets the editor send its order to edit, then cancel the edition, which approves it', async () => {
    const id = await qaOrder();
    await pick(editor.session, id, 'editor').expect(200);
    const sent = (await decide(editor.session, id, 'sendToEdit').expect(200)).body as OrderView;
    expect(sent).toMatchObject({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
    // the editor keeps its task, in its own list
    const mine: QaWorkLists = (await editor.session.get(`/api/orders/editor/${editor.account.id}`).expect(200)).body;
    expect(mine.ownOrders.find((r) => r.id === id)?.task).toMatchObject({ state: 'IN_PROGRESS' });
    expect((await decide(editor.session, id, 'sendToEdit').expect(409)).body.message).toBe('The order is already waiting for edition');

    const cancelled = (await decide(editor.session, id, 'cancelEdition').expect(200)).body as OrderView;
    expect(cancelled).toMatchObject({ status: 'Ready to download', QAstatus: 'Approved', tags: [] });
    const updates = (await timeline(id)).filter((e) => e.eventName === 'UPDATED').map((e) => e.payload);
    expect(updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: { status: 'QA stage', QAstatus: 'Waiting For Edition' } }),
        expect.objectContaining({ to: { status: 'Ready to download', QAstatus: 'Approved' } }),
      ]),
    );
    // no longer in QA stage: nothing more to decide
    expect((await decide(admin, id, 'approve').expect(409)).body.message).toBe('The order is not in QA stage');
  });

  it("lets the editor approve its order; refuses another's order, an order nobody picked, and a wrong decision", async () => {
    const id = await qaOrder();
    expect((await decide(editor.session, id, 'approve').expect(404)).body.message).toBe('Nobody has picked this order for this role');
    await pick(editor.session, id, 'editor').expect(200);
    expect((await decide(editor.session, id, 'cancelEdition').expect(409)).body.message).toBe('The order is not waiting for edition: there is no edition to cancel');
    const other = await demoLike('qaEditor');
    expect((await decide(other.session, id, 'approve').expect(403)).body.message).toBe(`This task is ${DEMO_ACCOUNTS.qaEditor.displayName}'s`);
    await decide(editor.session, id, 'publish').expect(400);
    const asDealer = await signIn(stack, dealer.email);
    await decide(asDealer, id, 'approve').expect(403);

    expect((await decide(editor.session, id, 'approve').expect(200)).body).toMatchObject({ status: 'Ready to download', QAstatus: 'Approved', tags: [] });
  });
});
