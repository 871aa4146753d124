import { OrdersEvents, StyleGuidesEvents, UsersEvents, type EventDef, type OrderEventView, type TagView } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  createStyleGuide,
  eventsOn,
  signIn,
  startTestStack,
  waitForEvents,
  type TestAccount,
  type TestStack,
  type UserSession,
} from '../support';

const NEW_PASSWORD = 'Chosen-Pass-2026!';
const HOUR = 3_600_000;

/**
 * The events the statistics service counts, published by their owning services as people use
 * the product: read off the EVENTS stream, the way the statistics service sees them.
 */
describe('events for the statistics: accounts, sign-ins, sales people, style guides, timeline lines', () => {
  jest.setTimeout(120_000);
  let stack: TestStack;
  let adminAccount: TestAccount;
  let admin: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;

  /** how many events of a kind match, right now */
  const count = async <P>(def: EventDef<P>, match: (p: P) => boolean): Promise<number> => (await eventsOn(stack, def)).filter((e) => match(e.payload)).length;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'stat_events', services: ['users', 'style-guides', 'orders'] });
    adminAccount = await createAccount(stack, { role: 'Admin', displayName: 'Stats Admin' });
    admin = await signIn(stack, adminAccount.email);
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Stats Motors', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS', 'CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN'], enabledQa: true });
    asDealer = await signIn(stack, dealer.email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  describe('accountSaved', () => {
    it('is published for an account the seeding made (the demo data path), with its name, e-mail and role', async () => {
      const [e] = await waitForEvents(stack, UsersEvents.accountSaved, (p) => p.userId === dealer.id);
      expect(e.payload).toEqual({ userId: dealer.id, userRole: 'Dealership', displayName: 'Stats Motors', email: dealer.email, createdAt: expect.any(String), at: expect.any(String) });
    });

    it('is published when the admin creates an account, and again on each change of name, e-mail or role, not on other changes', async () => {
      const email = `fjord-${randomUUID().slice(0, 8)}@example.test`;
      const created = await admin
        .post('/api/users/createAccountWithoutCognito')
        .send({
          email,
          displayName: 'Fjord Cars',
          address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK1' },
          contactPerson: { name: 'Mette', email: 'mette@fjord.test', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
        })
        .expect(201);
      const id = created.body.id as string;
      const [first] = await waitForEvents(stack, UsersEvents.accountSaved, (p) => p.userId === id);
      expect(first.payload).toMatchObject({ userId: id, userRole: 'Dealership', displayName: 'Fjord Cars', email });
      expect(new Date(first.payload.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

      await admin.put(`/api/users/${id}`).send({ displayName: 'Fjord Cars Aalborg' }).expect(200);
      await admin.put(`/api/users/${id}`).send({ email: `new-${email}` }).expect(200);
      await admin.put(`/api/users/${id}`).send({ userRole: 'Management' }).expect(200);
      const saved = await waitForEvents(stack, UsersEvents.accountSaved, (p) => p.userId === id, 4);
      expect(saved.map((e) => [e.payload.displayName, e.payload.email, e.payload.userRole])).toEqual([
        ['Fjord Cars', email, 'Dealership'],
        ['Fjord Cars Aalborg', email, 'Dealership'],
        ['Fjord Cars Aalborg', `new-${email}`, 'Dealership'],
        ['Fjord Cars Aalborg', `new-${email}`, 'Management'],
      ]);

      // a change of language or of the same name again tells the statistics nothing
      await admin.put(`/api/users/${id}`).send({ language: 'de', displayName: 'Fjord Cars Aalborg' }).expect(200);
      await admin.put(`/api/users/${id}`).send({ displayName: 'Fjord Final' }).expect(200);
      const after = await waitForEvents(stack, UsersEvents.accountSaved, (p) => p.userId === id, 5);
      expect(after.map((e) => e.payload.displayName)).toEqual(['Fjord Cars', 'Fjord Cars Aalborg', 'Fjord Cars Aalborg', 'Fjord Cars Aalborg', 'Fjord Final']);
    });
  });

  describe('childAccountsChanged', () => {
    it('carries the whole child list after every change, and after a child account is deleted', async () => {
      const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((n) => createAccount(stack, { role: 'Dealership', displayName: `Child ${n}` })));
      const group = await createAccount(stack, { role: 'Management', displayName: 'Stats Group', children: [a.id] });
      // the seeding's own link is published too
      await waitForEvents(stack, UsersEvents.childAccountsChanged, (p) => p.userId === group.id);

      await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [a.id, b.id, c.id] }).expect(200);
      await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [c.id, b.id] }).expect(200);
      // the same list again changes nothing
      await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [b.id, c.id] }).expect(200);
      const { deleteConfirmationHash } = (await admin.get(`/api/users/${b.id}`).expect(200)).body;
      await admin.post('/api/users/delete-user-account').send({ userId: b.id, hash: deleteConfirmationHash }).expect(200);

      const lists = await waitForEvents(stack, UsersEvents.childAccountsChanged, (p) => p.userId === group.id, 4);
      expect(lists.map((e) => [...e.payload.childIds].sort())).toEqual([[a.id], [a.id, b.id, c.id].sort(), [b.id, c.id].sort(), [c.id]]);
    });

    it('is an empty list when a management account stops being one', async () => {
      const child = await createAccount(stack, { role: 'Dealership' });
      const group = await createAccount(stack, { role: 'Management', children: [child.id] });
      await admin.put(`/api/users/${group.id}`).send({ userRole: 'Dealership' }).expect(200);
      const lists = await waitForEvents(stack, UsersEvents.childAccountsChanged, (p) => p.userId === group.id, 2);
      expect(lists.map((e) => e.payload.childIds)).toEqual([[child.id], []]);
    });
  });

  describe('signedIn', () => {
    it('is published on each password sign-in, with the sales person when one signs in, never on a token refresh', async () => {
      const account = await createAccount(stack, { role: 'Dealership' });
      const sp = await createSalesPerson(stack, account.id, { login: true });
      const session = await signIn(stack, account.email);
      await signIn(stack, account.email);
      await stack.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }).expect(200);
      const spSession = await signIn(stack, sp.email);
      await stack.http().post('/api/auth/refresh').send({ refreshToken: spSession.refreshToken }).expect(200);
      // a wrong password is no sign-in
      await stack.http().post('/api/auth/login').send({ email: account.email, password: 'Wrong-Pass-1234!' }).expect(401);

      const signIns = await waitForEvents(stack, UsersEvents.signedIn, (p) => p.userId === account.id, 3);
      // give a stray refresh event time to show, then count again
      await new Promise((r) => setTimeout(r, 1000));
      expect(await count(UsersEvents.signedIn, (p) => p.userId === account.id)).toBe(3);
      expect(signIns.map((e) => e.payload.salesPersonId ?? null)).toEqual([null, null, sp.id]);
      for (const e of signIns) expect(Date.now() - new Date(e.payload.at).getTime()).toBeLessThan(60_000);
      // one message per session: three different ids
      expect(new Set(signIns.map((e) => e.id)).size).toBe(3);
    });

    it('is published when the new-password challenge completes, not when it is asked', async () => {
      const account = await createAccount(stack, { role: 'Dealership', temporary: true });
      const challenge = await stack.http().post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
      expect(challenge.body.challenge).toBe('NEW_PASSWORD_REQUIRED');
      await new Promise((r) => setTimeout(r, 1000));
      expect(await count(UsersEvents.signedIn, (p) => p.userId === account.id)).toBe(0);
      await stack.http().post('/api/auth/new-password').send({ session: challenge.body.session, newPassword: NEW_PASSWORD }).expect(200);
      const [e] = await waitForEvents(stack, UsersEvents.signedIn, (p) => p.userId === account.id);
      expect(e.payload).toMatchObject({ userId: account.id, salesPersonId: null });
    });
  });

  describe('salesPersonSaved and salesPersonDeleted', () => {
    it('tell the name on create and rename (not on other changes), and the delete', async () => {
      const res = await asDealer
        .post('/api/salesman')
        .send({ userId: dealer.id, salesMan: [{ name: 'Jonas Berg', email: `jonas-${randomUUID().slice(0, 6)}@example.test`, phone: '+45 12 34 56 78' }] })
        .expect(201);
      const id = res.body[0].id as string;
      await asDealer.put(`/api/salesman/${id}`).send({ phone: '+45 70 80 90 00' }).expect(200);
      await asDealer.put(`/api/salesman/${id}`).send({ name: 'Jonas Berg-Hansen' }).expect(200);
      await asDealer.delete(`/api/salesman/${id}`).expect(200);

      const saved = await waitForEvents(stack, UsersEvents.salesPersonSaved, (p) => p.salesPersonId === id, 2);
      expect(saved.map((e) => e.payload)).toEqual([
        { salesPersonId: id, accountId: dealer.id, name: 'Jonas Berg', at: expect.any(String) },
        { salesPersonId: id, accountId: dealer.id, name: 'Jonas Berg-Hansen', at: expect.any(String) },
      ]);
      const [deleted] = await waitForEvents(stack, UsersEvents.salesPersonDeleted, (p) => p.salesPersonId === id);
      expect(deleted.payload).toEqual({ salesPersonId: id, accountId: dealer.id, at: expect.any(String) });
      expect(await count(UsersEvents.salesPersonSaved, (p) => p.salesPersonId === id)).toBe(2);
    });

    it('tells the deletion of the sales people of a deleted account', async () => {
      const doomed = await createAccount(stack, { role: 'Dealership' });
      const sp = await createSalesPerson(stack, doomed.id, { name: 'Soon Gone' });
      await waitForEvents(stack, UsersEvents.salesPersonSaved, (p) => p.salesPersonId === sp.id);
      const { deleteConfirmationHash } = (await admin.get(`/api/users/${doomed.id}`).expect(200)).body;
      await admin.post('/api/users/delete-user-account').send({ userId: doomed.id, hash: deleteConfirmationHash }).expect(200);
      const [deleted] = await waitForEvents(stack, UsersEvents.salesPersonDeleted, (p) => p.salesPersonId === sp.id);
      expect(deleted.payload.accountId).toBe(doomed.id);
    });
  });

  describe('StyleGuidesEvents.saved', () => {
    it('tells the name on create, rename and copy, not on other changes', async () => {
      const guide = await createStyleGuide(admin, { name: 'Stats Studio' });
      await admin.put(`/api/style-guides/${guide.id}`).send({ customerNote: 'Daylight only' }).expect(200);
      await admin.put(`/api/style-guides/${guide.id}`).send({ name: 'Stats Studio 2' }).expect(200);
      const copy = (await admin.post(`/api/style-guides/${guide.id}/duplicate`).expect(201)).body.id as string;

      const saved = await waitForEvents(stack, StyleGuidesEvents.saved, (p) => p.styleGuideId === guide.id, 2);
      expect(saved.map((e) => e.payload.name)).toEqual(['Stats Studio', 'Stats Studio 2']);
      const [copied] = await waitForEvents(stack, StyleGuidesEvents.saved, (p) => p.styleGuideId === copy);
      expect(copied.payload).toEqual({ styleGuideId: copy, name: 'Stats Studio 2-COPY', at: expect.any(String) });
      expect(await count(StyleGuidesEvents.saved, (p) => p.styleGuideId === guide.id)).toBe(2);
    });
  });

  describe('OrdersEvents.timelineRecorded', () => {
    const timeline = async (id: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${id}?isHidden=true`).expect(200)).body.items;

    it("publishes every timeline line with the line's id as its event id and message id; the new order names itself", async () => {
      const guide = await createStyleGuide(admin, { assignTo: [dealer.id] });
      const sp = await createSalesPerson(stack, dealer.id);
      const order = await createOrder(asDealer, { styleGuide: guide.id, salesMan: sp.id, orderName: 'Stats Golf' });
      const [created] = await waitForEvents(stack, OrdersEvents.created, (p) => p.orderId === order.id);
      expect(created.payload).toMatchObject({ orderId: order.id, accountId: dealer.id, orderName: 'Stats Golf' });

      await asDealer.put(`/api/orders/${order.id}`).send({ orderName: 'Stats Golf GTI' }).expect(200);
      const lines = await timeline(order.id);
      expect(lines.map((l) => l.eventName).sort()).toEqual(['EDITED', 'NEW']);
      const published = await waitForEvents(stack, OrdersEvents.timelineRecorded, (p) => p.orderId === order.id, 2);
      expect(published.map((e) => e.id).sort()).toEqual(lines.map((l) => l.id).sort());
      for (const e of published) {
        const line = lines.find((l) => l.id === e.id)!;
        expect(e.payload).toEqual({
          eventId: line.id,
          orderId: order.id,
          accountId: dealer.id,
          orderName: line.order.orderName,
          eventName: line.eventName,
          userId: dealer.id,
          userName: 'Stats Motors',
          payload: line.payload,
          at: line.createdAt,
        });
      }
    });

    it('names the QA role and the QA tag of a pick made by tagging the order, and the role of a task change', async () => {
      const qa = await createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'], displayName: 'Edda Editor' });
      const asQa = await signIn(stack, qa.email);
      const { id } = await createOrder(stack, { accountId: dealer.id, status: 'QA stage', QAstatus: 'Waiting For QA', enabledQa: true, createdAt: new Date(Date.now() - HOUR) });
      const tags: TagView[] = (await admin.get('/api/tags?entity=order').expect(200)).body.items;
      const editorTag = tags.find((t) => t.category === 'QA_EDITOR')!;

      await asQa.post(`/api/tags/orders/${id}`).send({ tagId: editorTag.id }).expect(201);
      await asQa.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);

      const [picked] = await waitForEvents(stack, OrdersEvents.timelineRecorded, (p) => p.orderId === id && p.eventName === 'QA_PICKED');
      expect(picked.payload).toMatchObject({
        userId: qa.id,
        userName: 'Edda Editor',
        payload: { role: 'QA_EDITOR', userName: 'Edda Editor', tagId: editorTag.id, tagName: editorTag.name, tagCategory: 'QA_EDITOR' },
      });
      const [task] = await waitForEvents(stack, OrdersEvents.timelineRecorded, (p) => p.orderId === id && p.eventName === 'QA_TASK_UPDATED');
      expect(task.payload.payload).toMatchObject({ role: 'QA_EDITOR', state: 'DONE', from: 'IN_PROGRESS' });
      // the timeline screen reads the same line
      expect((await timeline(id)).find((l) => l.eventName === 'QA_PICKED')).toMatchObject({ id: picked.id, payload: { role: 'QA_EDITOR', tagId: editorTag.id } });
    });
  });
});
