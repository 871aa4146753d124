import type { ImageView, OrderEventView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import {
  createAccount,
  createDealership,
  createOrder,
  createSalesPerson,
  createStyleGuide,
  signedInAs,
  temporaryPasswordIn,
  uploadOrderImage,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';
import type { Response } from 'supertest';

/** Parallel requests per row: a double click is two, a retrying client or a busy desk more. */
const PARALLEL = 6;

/**
 * The same delete or state change sent several times at once. A delete or a one-time action
 * succeeds exactly once; the others are told it is gone (404) or already done (409), and what
 * it causes (timeline lines, events to other services, mails) happens once. A change that
 * sets a value ("set the status to Completed") answers every caller with the value, and
 * changes and records it once.
 */
describe('concurrent deletes and state changes', () => {
  const stack = useTestStack({ label: 'races' });
  let admin: UserSession;
  let qa: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;
  let salesPerson: string;
  let guide: string;

  beforeAll(async () => {
    const permissions = ['CREATE_ORDERS', 'UPDATE_ORDERS', 'DELETE_ORDERS', 'DELETE_SALESMAN', 'UPDATE_USER_INTEGRATIONS'];
    ({ account: dealer, session: asDealer, salesPersonId: salesPerson } = await createDealership(stack, { permissions }, 'Race Seller'));
    [admin, qa] = await Promise.all([signedInAs(stack, { role: 'Admin' }), signedInAs(stack, { role: 'QA', roleTags: ['QA_EDITOR'] })]);
    guide = (await createStyleGuide(admin, { assignTo: [dealer.id], positions: 2, route: 'bypass' })).id;
  });

  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await stack.db.query<{ n: string }>(sql, params))[0]!.n);
  const timeline = async (orderId: string): Promise<OrderEventView[]> =>
    (await admin.get(`/api/events/order/${orderId}?isHidden=true`).expect(200)).body.items as OrderEventView[];

  interface Row<T> {
    name: string;
    prepare(): Promise<T>;
    fire(t: T): Promise<Response>;
    /** 'once': one success, the others `others`; 'idempotent': every caller succeeds */
    kind: 'once' | 'idempotent';
    success: number;
    others?: readonly number[];
    /** what a user or another service sees afterwards */
    after(t: T, results: Response[]): Promise<void>;
  }
  const row = <T>(r: Row<T>): Row<unknown> => r as Row<unknown>;

  const rows: Array<Row<unknown>> = [
    row({
      name: 'DELETE /api/salesman/{id} by the dealership',
      prepare: async () => (await createSalesPerson(stack, dealer.id)).id,
      fire: (id) => asDealer.delete(`/api/salesman/${id}`),
      kind: 'once',
      success: 200,
      others: [404],
      after: async (id) => {
        await admin.get(`/api/salesman/${id}`).expect(404);
      },
    }),
    row({
      name: 'PUT /api/salesman/{id}/activate (one login, one mail)',
      prepare: () => createSalesPerson(stack, dealer.id),
      fire: (sp) => admin.put(`/api/salesman/${sp.id}/activate`),
      kind: 'once',
      success: 200,
      others: [409],
      after: async (sp) => {
        expect(await stack.mails(sp.email)).toHaveLength(1);
      },
    }),
    row({
      name: 'POST /api/users/resend-temporary-password (one new password, one mail, and it works)',
      prepare: () => createAccount(stack, { role: 'Dealership', temporary: true }),
      fire: (account) => admin.post('/api/users/resend-temporary-password').send({ email: account.email }),
      kind: 'once',
      success: 200,
      others: [409],
      after: async (account) => {
        const mails = await stack.mails(account.email);
        expect(mails).toHaveLength(1);
        const login = await stack.http().post('/api/auth/login').send({ email: account.email, password: temporaryPasswordIn(mails[0].text) });
        expect(login.body).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED' });
        // a resend right after, not racing, is refused too: one mail however the clicks interleave
        await admin.post('/api/users/resend-temporary-password').send({ email: account.email }).expect(409);
        expect(await stack.mails(account.email)).toHaveLength(1);
      },
    }),
    row({
      name: 'PUT /api/salesman/{id}/resend-password (one new password, one mail, and it works)',
      prepare: () => createSalesPerson(stack, dealer.id, { login: true, temporary: true }),
      fire: (sp) => admin.put(`/api/salesman/${sp.id}/resend-password`),
      kind: 'once',
      success: 200,
      others: [409],
      after: async (sp) => {
        const mails = await stack.mails(sp.email);
        expect(mails).toHaveLength(1);
        const login = await stack.http().post('/api/auth/login').send({ email: sp.email, password: temporaryPasswordIn(mails[0].text) });
        expect(login.body).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED' });
        await admin.put(`/api/salesman/${sp.id}/resend-password`).expect(409);
        expect(await stack.mails(sp.email)).toHaveLength(1);
      },
    }),
    row({
      name: 'DELETE /api/remote-integration/{id}',
      prepare: async () => (await admin.post('/api/remote-integration').send({ provider: 'GENERIC_FTP', isActive: true, userId: dealer.id }).expect(201)).body.id as string,
      fire: (id) => asDealer.delete(`/api/remote-integration/${id}`),
      kind: 'once',
      success: 200,
      others: [404],
      after: async (id) => {
        const left = (await admin.get(`/api/remote-integration/user/${dealer.id}`).expect(200)).body as Array<{ id: string }>;
        expect(left.map((i) => i.id)).not.toContain(id);
      },
    }),
    row({
      name: 'POST /api/users/delete-user-account (the other services are told once)',
      prepare: async () => {
        const doomed = await createAccount(stack, { role: 'Dealership' });
        const hash = (await admin.get(`/api/users/${doomed.id}`).expect(200)).body.deleteConfirmationHash as string;
        return { userId: doomed.id, hash };
      },
      fire: (body) => admin.post('/api/users/delete-user-account').send(body),
      kind: 'once',
      success: 200,
      others: [404],
      after: async ({ userId }) => {
        await admin.get(`/api/users/${userId}`).expect(404);
        expect(await count(`SELECT count(*) AS n FROM users.outbox WHERE subject LIKE '%account-deleted' AND payload->>'userId' = $1`, [userId])).toBe(1);
      },
    }),
    row({
      name: 'DELETE /api/app-versions/{id}',
      prepare: async () => (await admin.post('/api/app-versions').send({ versionString: `9.${Date.now() % 1000}.${Math.floor(Math.random() * 1000)}` }).expect(201)).body.id as string,
      fire: (id) => admin.delete(`/api/app-versions/${id}`),
      kind: 'once',
      success: 200,
      others: [404],
      after: async (id) => {
        await admin.get(`/api/app-versions/${id}`).expect(404);
      },
    }),
    row({
      name: 'DELETE /api/style-guides/delete-style-guide (the other services are told once)',
      prepare: async () => (await createStyleGuide(admin, {})).id,
      fire: (id) => admin.delete('/api/style-guides/delete-style-guide').send({ id }),
      kind: 'once',
      success: 200,
      others: [404],
      after: async (id) => {
        await admin.get(`/api/style-guides/${id}`).expect(404);
        expect(await count(`SELECT count(*) AS n FROM style_guides.outbox WHERE subject LIKE '%deleted' AND payload->>'styleGuideId' = $1`, [id])).toBe(1);
      },
    }),
    row({
      name: 'DELETE /api/style-guide-configurations/{id}',
      prepare: async () => {
        const g = await createStyleGuide(admin, { positions: 1, route: 'bypass' });
        const view = (await admin.get(`/api/style-guides/${g.id}`).expect(200)).body as { configurations: Array<{ id: string }> };
        return { guide: g.id, id: view.configurations[0].id };
      },
      fire: ({ id }) => qa.delete(`/api/style-guide-configurations/${id}`),
      kind: 'once',
      success: 200,
      others: [404],
      after: async ({ guide: g }) => {
        expect((await admin.get(`/api/style-guides/${g}`).expect(200)).body.configurations).toEqual([]);
      },
    }),
    row({
      name: 'POST /api/style-guides/add-style-guide-to-user (added once)',
      prepare: async () => (await createStyleGuide(admin, {})).id,
      fire: (styleGuideId) => admin.post('/api/style-guides/add-style-guide-to-user').send({ styleGuideId, userId: dealer.id }),
      kind: 'idempotent',
      success: 200,
      after: async (styleGuideId, results) => {
        expect(results.filter((r) => r.body.added === true)).toHaveLength(1);
        await asDealer.get(`/api/style-guides/${styleGuideId}`).expect(200);
        expect(await count(`SELECT count(*) AS n FROM style_guides.style_guide_user WHERE style_guide_id = $1`, [styleGuideId])).toBe(1);
      },
    }),
    row({
      name: 'DELETE /api/style-guides/remove-style-guide-to-user (removed once)',
      prepare: async () => (await createStyleGuide(admin, { assignTo: [dealer.id] })).id,
      fire: (styleGuideId) => admin.delete('/api/style-guides/remove-style-guide-to-user').send({ styleGuideId, userId: dealer.id }),
      kind: 'idempotent',
      success: 200,
      after: async (styleGuideId, results) => {
        expect(results.filter((r) => r.body.removed === true)).toHaveLength(1);
        await asDealer.get(`/api/style-guides/${styleGuideId}`).expect(404);
      },
    }),
    row({
      name: 'DELETE /api/orders/{id} (one DELETED line, the images service told once)',
      prepare: async () => (await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson })).id,
      fire: (id) => asDealer.delete(`/api/orders/${id}`),
      kind: 'once',
      success: 200,
      others: [404],
      after: async (id) => {
        await admin.get(`/api/orders/${id}`).expect(404);
        expect(await count(`SELECT count(*) AS n FROM orders.outbox WHERE subject = 'evt.orders.order-deleted' AND payload->>'orderId' = $1`, [id])).toBe(1);
        expect(await count(`SELECT count(*) AS n FROM orders.order_event WHERE order_id = $1 AND event_name = 'DELETED'`, [id])).toBe(1);
      },
    }),
    row({
      name: 'PUT /api/orders/{id} status Completed (one UPDATED line)',
      prepare: async () => (await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson })).id,
      fire: (id) => qa.put(`/api/orders/${id}`).send({ status: 'Completed' }),
      kind: 'idempotent',
      success: 200,
      after: async (id, results) => {
        expect(results.every((r) => r.body.status === 'Completed')).toBe(true);
        expect((await timeline(id)).filter((e) => e.eventName === 'UPDATED')).toHaveLength(1);
      },
    }),
    row({
      name: 'PUT /api/orders/approval/{id}/true (one UPDATED line)',
      prepare: async () => (await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson })).id,
      fire: (id) => qa.put(`/api/orders/approval/${id}/true`),
      kind: 'idempotent',
      success: 200,
      after: async (id, results) => {
        expect(results.every((r) => r.body.status === 'Ready to download')).toBe(true);
        expect((await timeline(id)).filter((e) => e.eventName === 'UPDATED')).toHaveLength(1);
      },
    }),
    row({
      name: 'DELETE /api/images (one DELETED line)',
      prepare: async () => {
        const order = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson });
        const image = await uploadOrderImage(asDealer, order.id, 1, await testJpeg());
        return { order: order.id, image: image.id };
      },
      fire: ({ image }) => qa.delete('/api/images').send({ ids: [image] }),
      kind: 'once',
      success: 200,
      others: [404],
      after: async ({ order, image }) => {
        await qa.get(`/api/images/data/${image}`).expect(404);
        expect(
          await count(`SELECT count(*) AS n FROM images.outbox WHERE payload->>'orderId' = $1 AND payload->>'eventName' = 'DELETED'`, [order]),
        ).toBe(1);
      },
    }),
    row({
      name: 'POST /api/images/invoke-image-optimization (one new job, one IMAGE_REPUSHED line)',
      prepare: async () => {
        const order = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson });
        const image = await uploadOrderImage(asDealer, order.id, 1, await testJpeg());
        await waitFor(async () => ((await qa.get(`/api/images/data/${image.id}`)).body as ImageView).optimisationStatus === 'completed', 'the picture processed', 60_000, 200);
        return { order: order.id, image: image.id };
      },
      fire: ({ image }) => qa.post('/api/images/invoke-image-optimization').send({ imageId: image }),
      kind: 'once',
      success: 202,
      others: [409],
      after: async ({ order }) => {
        expect(
          await count(`SELECT count(*) AS n FROM images.outbox WHERE payload->>'orderId' = $1 AND payload->>'eventName' = 'IMAGE_REPUSHED'`, [order]),
        ).toBe(1);
      },
    }),
    row({
      name: 'PUT /api/images/updateApproval/{id} declined (one IMAGE_DECLINED line)',
      prepare: async () => {
        const order = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPerson });
        const image = await uploadOrderImage(asDealer, order.id, 1, await testJpeg());
        return { order: order.id, image: image.id };
      },
      fire: ({ image }) => qa.put(`/api/images/updateApproval/${image}`).send({ approved: false }),
      kind: 'idempotent',
      success: 200,
      after: async ({ order }, results) => {
        expect(results.every((r) => r.body.needsEdition === true)).toBe(true);
        expect(
          await count(`SELECT count(*) AS n FROM images.outbox WHERE payload->>'orderId' = $1 AND payload->>'eventName' = 'IMAGE_DECLINED'`, [order]),
        ).toBe(1);
      },
    }),
  ];

  for (const r of rows) {
    it(r.name, async () => {
      const prepared = await r.prepare();
      const results = await Promise.all(Array.from({ length: PARALLEL }, () => r.fire(prepared)));
      const statuses = results.map((res) => res.status).sort();
      const unexpected = results.filter((res) => res.status !== r.success && !(r.others ?? []).includes(res.status));
      expect(unexpected.map((res) => `${res.status} ${JSON.stringify(res.body)}`)).toEqual([]);
      if (r.kind === 'once') {
        expect(statuses.filter((s) => s === r.success)).toHaveLength(1);
        for (const res of results.filter((x) => x.status !== r.success)) expect(res.body).toEqual({ statusCode: res.status, message: expect.any(String) });
      } else {
        expect(statuses).toEqual(Array(PARALLEL).fill(r.success));
      }
      await r.after(prepared, results);
    });
  }
});
