import type { OrderEventView, OrderView, QaWorkListRow, QaWorkLists, TagView } from '@app/contracts';
import { waitFor } from '@app/testing';
import {
  createAccount,
  createOrder,
  publishOrderProgress,
  signIn,
  startTestStack,
  type OrderRowSpec,
  type TestAccount,
  type TestStack,
  type UserSession,
} from '../support';

const HOUR = 60 * 60 * 1000;
const QA_LISTS = ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST'];

/**
 * The QA work lists (docs/orders.md, "QA work lists"): what each list holds and in which
 * order, picking (one winner of two at once), releasing, the editor's task, the coordinator's
 * send back and approval, who may read which list, and a re-edit request sending a finished
 * order back to QA.
 */
describe('QA work lists', () => {
  let stack: TestStack;
  let dealer: TestAccount;
  let admin: UserSession;
  let asDealer: UserSession;
  let editor1: { account: TestAccount; name: string; session: UserSession };
  let editor2: { account: TestAccount; name: string; session: UserSession };
  let coordinator: { account: TestAccount; name: string; session: UserSession };
  let editorTag: TagView;
  let coordinatorTag: TagView;
  let priorityTag: TagView;

  const sql = <T,>(text: string, params: unknown[] = []): Promise<T[]> => stack.db.query<T>(text, params);

  async function qaUser(name: string, permissions = QA_LISTS) {
    const account = await createAccount(stack, { role: 'QA', displayName: name, permissions, roleTags: ['QA_EDITOR', 'QA_COORDINATOR'] });
    return { account, name, session: await signIn(stack, account.email) };
  }

  /** an order of the dealership in QA stage that has waited `waitedMs` */
  async function qaOrder(waitedMs = HOUR, spec: Partial<OrderRowSpec> = {}): Promise<string> {
    const at = new Date(Date.now() - waitedMs);
    const { id } = await createOrder(stack, {
      accountId: dealer.id,
      accountName: 'QA Cars',
      status: 'QA stage',
      QAstatus: 'Waiting For QA',
      enabledQa: true,
      createdAt: new Date(at.getTime() - HOUR),
      updatedAt: at,
      ...spec,
    });
    return id;
  }

  const lists = async (who: { account: TestAccount; session: UserSession }, role: 'editor' | 'coordinator'): Promise<QaWorkLists> =>
    (await who.session.get(`/api/orders/${role}/${who.account.id}`).expect(200)).body;
  /** the ids of a list that are among `ids`, in the list's order */
  const among = (rows: QaWorkListRow[], ids: string[]) => rows.map((r) => r.id).filter((id) => ids.includes(id));
  const row = (rows: QaWorkListRow[], id: string) => rows.find((r) => r.id === id);
  const order = async (id: string): Promise<OrderView> => (await admin.get(`/api/orders/${id}`).expect(200)).body;
  const timeline = async (id: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${id}`).expect(200)).body.items;
  const pick = (who: { session: UserSession }, id: string, role: 'editor' | 'coordinator') => who.session.post(`/api/orders/${id}/qa/pick`).send({ role });

  beforeAll(async () => {
    stack = await startTestStack({ label: 'qa_workspace', services: ['users', 'orders'] });
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'QA Cars', permissions: ['CREATE_ORDERS'], enabledQa: true });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    asDealer = await signIn(stack, dealer.email);
    editor1 = await qaUser('Edith Editor');
    editor2 = await qaUser('Eric Editor');
    coordinator = await qaUser('Cora Coordinator');
    const tags: TagView[] = (await admin.get('/api/tags?entity=order').expect(200)).body.items;
    editorTag = tags.find((t) => t.category === 'QA_EDITOR')!;
    coordinatorTag = tags.find((t) => t.category === 'QA_COORDINATOR')!;
    priorityTag = (await admin.post('/api/tags').send({ name: 'Priority', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(201)).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('has an "Editor" and a "Coordinator" order tag from the start', () => {
    expect(editorTag).toMatchObject({ name: 'Editor', entity: 'order' });
    expect(coordinatorTag).toMatchObject({ name: 'Coordinator', entity: 'order' });
  });

  it("shows QA-stage orders in every editor's unassigned list, longest waiting first, with what a row needs", async () => {
    const older = await qaOrder(3 * HOUR, { orderName: 'Older waiting', takenImagesCount: 4 });
    const newer = await qaOrder(HOUR);
    const finished = await qaOrder(5 * HOUR, { status: 'Ready to download', QAstatus: 'Approved' });
    await sql('UPDATE orders.orders SET image_count = 4, uploaded_images_count = 4, approved_count = 1, needs_edition_count = 2 WHERE id = $1', [older]);

    for (const editor of [editor1, editor2]) {
      const { ownOrders, unassignedOrders } = await lists(editor, 'editor');
      expect(among(unassignedOrders, [older, newer, finished])).toEqual([older, newer]);
      expect(among(ownOrders, [older, newer, finished])).toEqual([]);
    }
    const r = row((await lists(editor1, 'editor')).unassignedOrders, older)!;
    expect(r).toMatchObject({
      orderName: 'Older waiting',
      user: { id: dealer.id, displayName: 'QA Cars' },
      styleGuide: { name: 'Test guide' },
      imageCount: 4,
      uploadedImagesCount: 4,
      approvedCount: 1,
      needsEditionCount: 2,
      task: null,
      editorTask: null,
      reEditOpenCount: 0,
      reEditDueAt: null,
      overdue: false,
    });
    expect(Date.now() - new Date(r.waitingSince).getTime()).toBeGreaterThanOrEqual(3 * HOUR - 60_000);
    // nothing is waiting for a coordinator before an editor is done
    expect(among((await lists(coordinator, 'coordinator')).unassignedOrders, [older, newer])).toEqual([]);
  });

  it('puts PRIORITY-tagged orders first, then re-edit requests by due time (overdue marked), then the longest waiting', async () => {
    const oldest = await qaOrder(10 * HOUR);
    const recent = await qaOrder(2 * HOUR);
    const priority = await qaOrder(0.5 * HOUR);
    const dueLater = await qaOrder(0.2 * HOUR);
    const overdue = await qaOrder(0.1 * HOUR);
    await admin.post(`/api/tags/orders/${priority}`).send({ tagId: priorityTag.id }).expect(201);
    await sql('UPDATE orders.orders SET re_edit_open_count = 1, re_edit_due_at = $2 WHERE id = $1', [dueLater, new Date(Date.now() + 2 * HOUR)]);
    await sql('UPDATE orders.orders SET re_edit_open_count = 2, re_edit_due_at = $2 WHERE id = $1', [overdue, new Date(Date.now() - HOUR)]);

    const { unassignedOrders } = await lists(editor1, 'editor');
    expect(among(unassignedOrders, [oldest, recent, priority, dueLater, overdue])).toEqual([priority, overdue, dueLater, oldest, recent]);
    expect(row(unassignedOrders, priority)!.tags.map((t) => t.category)).toEqual(['PRIORITY']);
    expect(row(unassignedOrders, overdue)).toMatchObject({ reEditOpenCount: 2, overdue: true });
    expect(row(unassignedOrders, dueLater)).toMatchObject({ reEditOpenCount: 1, overdue: false });
    expect(row(unassignedOrders, oldest)!.overdue).toBe(false);
  });

  it('picks, finishes, sends back and approves an order through both lists', async () => {
    const id = await qaOrder(4 * HOUR);

    // the editor picks it: the Editor tag, the editor's own list, gone from every unassigned list
    const picked = await pick(editor1, id, 'editor').expect(200);
    expect((picked.body as OrderView).tags.map((t) => t.id)).toEqual([editorTag.id]);
    expect((picked.body as OrderView).assignedEditor).toEqual({ id: editor1.account.id, displayName: editor1.name });
    let mine = await lists(editor1, 'editor');
    expect(row(mine.ownOrders, id)!.task).toMatchObject({ role: 'editor', state: 'IN_PROGRESS', user: { id: editor1.account.id, displayName: editor1.name } });
    expect(among(mine.unassignedOrders, [id])).toEqual([]);
    expect(among((await lists(editor2, 'editor')).unassignedOrders, [id])).toEqual([]);
    expect(among((await lists(editor2, 'editor')).ownOrders, [id])).toEqual([]);
    expect((await timeline(id)).find((e) => e.eventName === 'QA_PICKED')).toMatchObject({
      payload: { role: 'QA_EDITOR', userName: editor1.name },
      user: { id: editor1.account.id },
    });

    // someone else's pick: they are told who has it, and may not change or release it
    const second = await pick(editor2, id, 'editor').expect(409);
    expect(second.body.message).toBe(`${editor1.name} has already picked this order`);
    expect((await editor2.session.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(403)).body.message).toBe(`This task is ${editor1.name}'s`);
    await editor2.session.delete(`/api/orders/${id}/qa/pick?role=editor`).expect(403);
    // picking again what one holds changes nothing
    await pick(editor1, id, 'editor').expect(200);

    // done: it waits for a coordinator, still in the editor's own list as DONE
    await editor1.session.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);
    expect(row((await lists(editor1, 'editor')).ownOrders, id)!.task!.state).toBe('DONE');
    const forCoordinator = row((await lists(coordinator, 'coordinator')).unassignedOrders, id)!;
    expect(forCoordinator.task).toBeNull();
    expect(forCoordinator.editorTask).toMatchObject({ state: 'DONE', user: { displayName: editor1.name } });
    expect((await timeline(id)).find((e) => e.eventName === 'QA_TASK_UPDATED')).toMatchObject({ payload: { role: 'QA_EDITOR', state: 'DONE', from: 'IN_PROGRESS' } });

    // the coordinator picks it, then sends it back: the editor's task REJECTED, in the editor's own list
    await pick(coordinator, id, 'coordinator').expect(200);
    let coordinatorLists = await lists(coordinator, 'coordinator');
    expect(row(coordinatorLists.ownOrders, id)!.task).toMatchObject({ role: 'coordinator', state: 'IN_PROGRESS' });
    expect(among(coordinatorLists.unassignedOrders, [id])).toEqual([]);
    const sentBack = await coordinator.session.put(`/api/orders/approval/${id}/false`).expect(200);
    expect(sentBack.body).toMatchObject({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
    mine = await lists(editor1, 'editor');
    expect(row(mine.ownOrders, id)!.task!.state).toBe('REJECTED');
    expect(row((await lists(coordinator, 'coordinator')).ownOrders, id)!.editorTask!.state).toBe('REJECTED');

    // done again, approved: Ready to download, every task closed, the QA tags off
    await editor1.session.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);
    const approved = await coordinator.session.put(`/api/orders/approval/${id}/true`).expect(200);
    expect(approved.body).toMatchObject({ status: 'Ready to download', QAstatus: 'Approved', assignedEditor: null, tags: [] });
    mine = await lists(editor1, 'editor');
    coordinatorLists = await lists(coordinator, 'coordinator');
    expect(among([...mine.ownOrders, ...mine.unassignedOrders, ...coordinatorLists.ownOrders, ...coordinatorLists.unassignedOrders], [id])).toEqual([]);
    expect(await sql('SELECT role FROM orders.qa_task WHERE order_id = $1 AND closed_at IS NULL', [id])).toEqual([]);
  });

  it('releases an order by the route or by taking the tag off; the tag route picks too', async () => {
    const id = await qaOrder();
    await pick(editor1, id, 'editor').expect(200);
    const released = await editor1.session.delete(`/api/orders/${id}/qa/pick?role=editor`).expect(200);
    expect(released.body).toMatchObject({ tags: [], assignedEditor: null });
    expect(among((await lists(editor2, 'editor')).unassignedOrders, [id])).toEqual([id]);
    expect((await timeline(id)).find((e) => e.eventName === 'QA_TASK_UPDATED')).toMatchObject({ payload: { role: 'QA_EDITOR', state: 'RELEASED' } });

    // the tag on the order is the same pick: the other editor now has it, and the first is told so
    const tagged = await editor2.session.post(`/api/tags/orders/${id}`).send({ tagId: editorTag.id }).expect(201);
    expect((tagged.body as TagView[]).map((t) => t.id)).toEqual([editorTag.id]);
    expect(row((await lists(editor2, 'editor')).ownOrders, id)!.task!.user.displayName).toBe(editor2.name);
    expect((await pick(editor1, id, 'editor').expect(409)).body.message).toBe(`${editor2.name} has already picked this order`);
    expect((await editor1.session.post(`/api/tags/orders/${id}`).send({ tagId: editorTag.id }).expect(409)).body.message).toBe(
      `${editor2.name} has already picked this order`,
    );

    // the tag off: unassigned again
    await editor2.session.delete('/api/tags').send({ tagId: editorTag.id, entity: 'orders', entityId: id }).expect(200);
    expect(among((await lists(editor1, 'editor')).unassignedOrders, [id])).toEqual([id]);
    expect((await order(id)).tags).toEqual([]);
  });

  it('answers an editor task change without a pick with 404, and a bad role or state with 400', async () => {
    const id = await qaOrder();
    expect((await editor1.session.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(404)).body.message).toBe('Nobody has picked this order for this role');
    await pick(editor1, id, 'reviewer' as 'editor').expect(400);
    await editor1.session.put(`/api/orders/${id}/qa/task`).send({ state: 'FINISHED' }).expect(400);
    await editor1.session.delete(`/api/orders/${id}/qa/pick`).expect(400);
    await pick(editor1, '00000000-0000-4000-8000-00000000abcd', 'editor').expect(404);
  });

  it('lets QA read only its own lists, the admin anyone\'s, and keeps dealerships out of every QA route', async () => {
    const id = await qaOrder();
    await editor1.session.get(`/api/orders/editor/${editor2.account.id}`).expect(403);
    await editor1.session.get(`/api/orders/coordinator/${coordinator.account.id}`).expect(403);
    const forAdmin = (await admin.get(`/api/orders/editor/${editor1.account.id}`).expect(200)).body as QaWorkLists;
    expect(among(forAdmin.unassignedOrders, [id])).toEqual([id]);
    await admin.get(`/api/orders/coordinator/${coordinator.account.id}`).expect(200);

    // QA without the list permissions
    const noLists = await qaUser('Nora No-lists', []);
    expect((await noLists.session.get(`/api/orders/editor/${noLists.account.id}`).expect(403)).body.message).toBe('Missing permission READ_QA_EDITOR_LIST');
    expect((await noLists.session.get(`/api/orders/coordinator/${noLists.account.id}`).expect(403)).body.message).toBe('Missing permission READ_QA_COORDINATOR_LIST');

    for (const res of [
      await asDealer.get(`/api/orders/editor/${dealer.id}`),
      await asDealer.get(`/api/orders/coordinator/${dealer.id}`),
      await asDealer.post(`/api/orders/${id}/qa/pick`).send({ role: 'editor' }),
      await asDealer.delete(`/api/orders/${id}/qa/pick?role=editor`),
      await asDealer.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }),
      await asDealer.post(`/api/tags/orders/${id}`).send({ tagId: editorTag.id }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await order(id)).tags).toEqual([]);
  });

  it('gives an order picked by two QA users at the same moment to exactly one of them, 20 times', async () => {
    for (let round = 0; round < 20; round++) {
      const id = await qaOrder();
      const [a, b] = await Promise.all([pick(editor1, id, 'editor'), pick(editor2, id, 'editor')]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const [winner, loser] = a.status === 200 ? [editor1, b] : [editor2, a];
      expect(loser.body.message).toBe(`${winner.name} has already picked this order`);
      const rows = await sql<{ user_id: string }>('SELECT user_id FROM orders.qa_task WHERE order_id = $1', [id]);
      expect(rows).toEqual([{ user_id: winner.account.id }]);
      expect((await order(id)).tags.map((t) => t.id)).toEqual([editorTag.id]);
      expect((await timeline(id)).filter((e) => e.eventName === 'QA_PICKED')).toHaveLength(1);
    }
  });

  it('sends a finished order back to QA, unassigned, when a re-edit request arrives, and keeps the QA counts', async () => {
    const id = await qaOrder();
    await pick(editor1, id, 'editor').expect(200);
    await editor1.session.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);
    await admin.put(`/api/orders/approval/${id}/true`).expect(200);

    await publishOrderProgress(stack, { orderId: id, version: 1, imageCount: 3, uploadedCount: 3, processedCount: 3, approvedCount: 3, needsEditionCount: 0, reEditOpenCount: 0, reEditDueAt: null });
    await waitFor(async () => ((await order(id)).approvedCount === 3 ? true : null), 'the QA counts kept');
    expect((await order(id)).status).toBe('Ready to download');

    const dueAt = new Date(Date.now() + 4 * HOUR).toISOString();
    await publishOrderProgress(stack, { orderId: id, version: 2, imageCount: 3, uploadedCount: 3, processedCount: 3, approvedCount: 2, needsEditionCount: 1, reEditOpenCount: 1, reEditDueAt: dueAt });
    const back = await waitFor(async () => {
      const o = await order(id);
      return o.status === 'QA stage' ? o : null;
    }, 'back in QA stage');
    expect(back).toMatchObject({ QAstatus: 'Waiting For Edition', approvedCount: 2, needsEditionCount: 1, reEditOpenCount: 1, reEditDueAt: dueAt, tags: [] });
    expect(Date.now() - new Date(back.qaStageSince!).getTime()).toBeLessThan(60_000);
    const updated = (await timeline(id)).find((e) => e.eventName === 'UPDATED')!;
    expect(updated).toMatchObject({ user: null, payload: { from: { status: 'Ready to download' }, to: { status: 'QA stage', QAstatus: 'Waiting For Edition' } } });
    const r = row((await lists(editor2, 'editor')).unassignedOrders, id)!;
    expect(r).toMatchObject({ reEditOpenCount: 1, reEditDueAt: dueAt, overdue: false });
    expect(among((await lists(editor1, 'editor')).ownOrders, [id])).toEqual([]);

    // a progress without the QA counts keeps them; the same open count sends nothing anywhere
    await publishOrderProgress(stack, { orderId: id, version: 3, imageCount: 3, uploadedCount: 3, processedCount: 3, videoCount: 1 });
    await waitFor(async () => ((await order(id)).videoCount === 1 ? true : null), 'the next progress applied');
    expect(await order(id)).toMatchObject({ approvedCount: 2, needsEditionCount: 1, reEditOpenCount: 1, reEditDueAt: dueAt, status: 'QA stage' });
  });
});
