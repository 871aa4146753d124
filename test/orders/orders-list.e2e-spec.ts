import type { OrderListItem, Paged } from '@app/contracts';
import { Client } from 'pg';
import { createOrder, useCast, useTestStack, type UserSession } from '../support';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (d: number, minutes = 0) => new Date(Date.now() - d * DAY - minutes * 60_000);

/** GET /api/orders/get-orders: scope per role, the default date filter, filters, search, sorting, paging. */
describe('the orders list', () => {
  const stack = useTestStack({ label: 'orders_list', services: ['users', 'style-guides', 'orders'] });
  const cast = useCast(stack, {
    dealer: { displayName: 'Nordic Cars' },
    dealer2: { displayName: 'Budapest Motors' },
    manager: { displayName: 'Group HQ' },
    salesName: 'Anna Sales',
  });

  type Query = Record<string, string | number>;
  const qs = (query: Query) => new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const list = async (session: UserSession, query: Query = {}): Promise<Paged<OrderListItem>> =>
    (await session.get(`/api/orders/get-orders?${qs(query)}`).expect(200)).body;
  const names = (p: Paged<OrderListItem>) => p.items.map((o) => o.orderName);
  /** every page of a query, read one after the other */
  const allPages = async (session: UserSession, query: Query): Promise<string[]> => {
    const first = await list(session, { ...query, page: 1 });
    const out = names(first);
    for (let page = 2; page <= Math.ceil(first.total / 10); page++) out.push(...names(await list(session, { ...query, page })));
    return out;
  };
  const utcDay = (daysBack: number, h: number, m: number, s: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack, h, m, s));
  };
  const dateOf = (d: Date) => d.toISOString().slice(0, 10);

  beforeAll(async () => {
    const nordic = { accountId: cast.dealer.id, accountName: 'Nordic Cars' };
    // 25 recent orders of the dealership, one a minute, "Golf 01" the oldest
    for (let i = 1; i <= 25; i++) {
      await createOrder(stack, {
        ...nordic,
        orderName: `Golf ${String(i).padStart(2, '0')}`,
        createdAt: daysAgo(0, 120 - i),
        status: i % 5 === 0 ? 'Completed' : 'Uploading',
        QAstatus: i % 5 === 0 ? 'Approved' : 'Waiting For QA',
        videoCount: i % 4 === 0 ? 1 : 0,
        salesPersonId: i % 2 === 0 ? cast.sales.id : null,
        salesPersonName: i % 2 === 0 ? 'Anna Sales' : null,
      });
    }
    await createOrder(stack, { ...nordic, orderName: 'Old Volvo', createdAt: daysAgo(20) });
    // either side of a midnight (UTC) two days ago
    await createOrder(stack, { ...nordic, orderName: 'Late Friday', createdAt: utcDay(2, 23, 59, 30) });
    await createOrder(stack, { ...nordic, orderName: 'Early Saturday', createdAt: utcDay(1, 0, 0, 30) });
    await createOrder(stack, { ...nordic, orderName: 'Noted Saab', createdAt: daysAgo(1), note: 'n'.repeat(59) + '€xyz' });
    await createOrder(stack, { ...nordic, orderName: 'Short note', createdAt: daysAgo(1), note: 'Exactly sixty? No, much shorter.' });
    await createOrder(stack, { accountId: cast.dealer2.id, accountName: 'Budapest Motors', orderName: 'Peugeot 208', createdAt: daysAgo(2) });
    await createOrder(stack, { accountId: cast.dealer2.id, accountName: 'Budapest Motors', orderName: 'Old Dacia', createdAt: daysAgo(30) });
    await createOrder(stack, { accountId: cast.manager.id, accountName: 'Group HQ', orderName: '100% Fleet car_1', createdAt: daysAgo(3) });
  });

  describe('who sees what', () => {
    it('a dealership and its sales person see the account only; another dealership sees its own', async () => {
      for (const s of [cast.asDealer, cast.asSales]) {
        const p = await list(s);
        expect(p.total).toBe(30);
        expect(p.items.every((o) => o.user.id === cast.dealer.id)).toBe(true);
      }
      const theirs = await list(cast.asDealer2);
      expect(names(theirs).sort()).toEqual(['Old Dacia', 'Peugeot 208']);
      expect((await list(cast.asDealer2, { search: 'golf' })).total).toBe(0);
      // naming another account changes nothing
      expect((await list(cast.asDealer2, { userId: cast.dealer.id })).total).toBe(0);
    });

    it("management sees its own orders and its children's, not other accounts'", async () => {
      const p = await list(cast.asManager);
      expect(p.total).toBe(31);
      expect(new Set(p.items.map((o) => o.user.id))).not.toContain(cast.dealer2.id);
      expect((await list(cast.asManager, { userId: cast.dealer2.id })).total).toBe(0);
      expect(names(await list(cast.asManager, { userId: cast.manager.id }))).toEqual(['100% Fleet car_1']);
    });

    it('admin and QA see every account, from 14 days ago unless told otherwise', async () => {
      for (const s of [cast.admin, cast.qa]) {
        expect((await list(s)).total).toBe(31);
        expect((await list(s, { from: daysAgo(60).toISOString() })).total).toBe(33);
      }
      // dealership and management get no default: the 20-day-old order is there
      expect((await list(cast.asDealer, { search: 'old volvo' })).total).toBe(1);
      expect((await list(cast.asManager, { search: 'old volvo' })).total).toBe(1);
      expect((await list(cast.admin, { search: 'old volvo' })).total).toBe(0);
      expect((await list(cast.admin, { search: 'old volvo', from: dateOf(daysAgo(21)) })).total).toBe(1);
    });
  });

  describe('filters and search', () => {
    it('filters by status, QA status, video and sales person', async () => {
      expect((await list(cast.asDealer, { status: 'Completed' })).total).toBe(5);
      expect((await list(cast.asDealer, { QAstatus: 'Approved' })).total).toBe(5);
      expect((await list(cast.asDealer, { status: 'Completed', QAstatus: 'Waiting For QA' })).total).toBe(0);
      expect((await list(cast.asDealer, { video: 'with' })).total).toBe(6);
      expect((await list(cast.asDealer, { video: 'without' })).total).toBe(24);
      const annas = await list(cast.asDealer, { salesMan: cast.sales.id });
      expect(annas.total).toBe(12);
      expect(annas.items.every((o) => o.salesMan?.name === 'Anna Sales')).toBe(true);
      expect(names(await list(cast.admin, { userId: cast.dealer2.id }))).toEqual(['Peugeot 208']);
    });

    it('filters by date; a date alone as `to` means the whole of that day', async () => {
      const friday = dateOf(utcDay(2, 12, 0, 0));
      expect(names(await list(cast.asDealer, { from: friday, to: friday }))).toEqual(['Late Friday']);
      expect(names(await list(cast.asDealer, { to: friday }))).toEqual(['Late Friday', 'Old Volvo']);
      expect(names(await list(cast.asDealer, { from: utcDay(1, 0, 0, 0).toISOString(), to: utcDay(1, 0, 1, 0).toISOString() }))).toEqual(['Early Saturday']);
      expect(names(await list(cast.asDealer, { from: daysAgo(25).toISOString(), to: daysAgo(15).toISOString() }))).toEqual(['Old Volvo']);
    });

    it('searches order name, dealership and sales person, whatever the case, taking % and _ literally', async () => {
      expect(names(await list(cast.admin, { search: 'PEUGEOT' }))).toEqual(['Peugeot 208']);
      expect((await list(cast.admin, { search: 'budapest' })).total).toBe(1);
      expect((await list(cast.admin, { search: 'nordic cars' })).total).toBe(29);
      expect((await list(cast.admin, { search: 'anna sales' })).total).toBe(12);
      expect((await list(cast.admin, { search: '  golf 1 ' })).total).toBe(10);
      expect(names(await list(cast.admin, { search: '100%' }))).toEqual(['100% Fleet car_1']);
      expect(names(await list(cast.admin, { search: 'car_1' }))).toEqual(['100% Fleet car_1']);
      expect((await list(cast.admin, { search: 'zzz' })).total).toBe(0);
    });

    it("keeps a search's count only while no order changes: totals and pages follow every change at once", async () => {
      const ever = { from: '2000-01-01' };
      const zebras = (query: Query = {}) => list(cast.admin, { ...ever, search: 'zebra', ...query });
      expect((await zebras()).total).toBe(0);
      const made: Array<{ id: string }> = [];
      for (let i = 1; i <= 11; i++) {
        made.push(await createOrder(stack, { accountId: cast.dealer2.id, accountName: 'Budapest Motors', orderName: `Zebra ${String(i).padStart(2, '0')}`, createdAt: daysAgo(4, i) }));
      }
      expect((await zebras()).total).toBe(11);
      expect(names(await zebras({ page: 2 }))).toEqual(['Zebra 11']);
      // renamed through the API: one fewer, and page 2 no longer exists
      await cast.admin.put(`/api/orders/${made[10].id}`).send({ orderName: 'Horse 11' }).expect(200);
      expect(await zebras({ page: 2 })).toMatchObject({ total: 10, page: 1 });
      // a search matches the dealership's name too, changed in the table itself
      await stack.db.query(`UPDATE orders.orders SET account_name = 'Zebra Motors' WHERE order_name = 'Peugeot 208'`);
      expect((await zebras()).total).toBe(11);
      expect((await zebras({ status: 'Completed' })).total).toBe(0);
      await cast.qa.put(`/api/orders/${made[0].id}`).send({ status: 'Completed' }).expect(200);
      expect(names(await zebras({ status: 'Completed' }))).toEqual(['Zebra 01']);
      await cast.admin.delete(`/api/orders/${made[1].id}`).expect(200);
      expect((await zebras()).total).toBe(10);
      // while nothing changes the count is the kept one: a row written with the triggers off (as
      // no code of the service does) is not counted, though its page reads it
      const [{ id: sneaked }] = await stack.db.query<{ id: string }>(
        `WITH quiet AS (SELECT set_config('session_replication_role', 'replica', true))
         INSERT INTO orders.orders (id, account_id, account_name, account_email, order_name, status, qa_status, created_by_id, created_by_name, created_by_role,
                                    style_guide_id, style_guide_name, platform, taken_images_count, enabled_qa, created_at, updated_at)
         SELECT gen_random_uuid(), account_id, account_name, account_email, 'Zebra sneaked', status, qa_status, created_by_id, created_by_name, created_by_role,
                style_guide_id, style_guide_name, platform, taken_images_count, enabled_qa, now(), now()
           FROM orders.orders, quiet WHERE id = $1
         RETURNING id`,
        [made[2].id],
      );
      const kept = await zebras();
      expect(kept.total).toBe(10);
      expect(names(kept)[0]).toBe('Zebra sneaked');
      // (and taken out as quietly, leaving the tallies as they were)
      await stack.db.query(`WITH quiet AS (SELECT set_config('session_replication_role', 'replica', true)) DELETE FROM orders.orders USING quiet WHERE id = $1`, [sneaked]);
      await stack.db.query(`UPDATE orders.orders SET account_name = 'Budapest Motors' WHERE order_name = 'Peugeot 208'`);
      for (const o of made.filter((_, i) => i !== 1)) await stack.db.query('DELETE FROM orders.orders WHERE id = $1', [o.id]);
      expect((await zebras()).total).toBe(0);
    });

    it('answers 400 for a wrong query, never a 500', async () => {
      const wrong: Query[] = [
        { page: 0 },
        { page: 'x' },
        { sort: 'price' },
        { order: 'up' },
        { status: 'Done' },
        { QAstatus: 'ok' },
        { video: 'maybe' },
        { from: 'yesterday' },
        { to: '2024-13-45' },
        { salesMan: 'anna' },
        { userId: 1 },
        { search: 'x'.repeat(101) },
        { colour: 'red' },
      ];
      for (const q of wrong) {
        const res = await cast.admin.get(`/api/orders/get-orders?${qs(q)}`);
        expect([q, res.status]).toEqual([q, 400]);
        expect(res.body.message).toEqual(expect.any(String));
      }
    });
  });

  describe('sorting and paging', () => {
    const golfs = Array.from({ length: 25 }, (_, i) => `Golf ${String(i + 1).padStart(2, '0')}`);

    it('pages 10 at a time, newest first; a page past the last answers the last', async () => {
      const first = await list(cast.asDealer, { search: 'golf' });
      expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
      expect(names(first)).toEqual(golfs.slice(15).reverse());
      const last = await list(cast.asDealer, { search: 'golf', page: 3 });
      expect(names(last)).toEqual(golfs.slice(0, 5).reverse());
      expect(await list(cast.asDealer, { search: 'golf', page: 99 })).toMatchObject({ page: 3, items: last.items });
      expect(await list(cast.asDealer, { search: 'nothing like this', page: 4 })).toMatchObject({ total: 0, page: 1, items: [] });
    });

    it('reads every order exactly once across the pages, in every sort order', async () => {
      expect(await allPages(cast.asDealer, { search: 'golf', sort: 'createdAt', order: 'ASC' })).toEqual(golfs);
      expect(await allPages(cast.asDealer, { search: 'golf', sort: 'orderName', order: 'DESC' })).toEqual([...golfs].reverse());
      expect(await allPages(cast.asDealer, { search: 'golf', sort: 'orderName', order: 'ASC' })).toEqual(golfs);
      const byStatus = await allPages(cast.asDealer, { search: 'golf', sort: 'status', order: 'ASC' });
      expect(byStatus.slice(0, 5).sort()).toEqual(['Golf 05', 'Golf 10', 'Golf 15', 'Golf 20', 'Golf 25']);
      expect(new Set(byStatus).size).toBe(25);
      const byQa = await allPages(cast.asDealer, { search: 'golf', sort: 'QAstatus', order: 'DESC' });
      expect(byQa.slice(0, 20).every((n) => Number(n.slice(5)) % 5 !== 0)).toBe(true);
      expect(new Set(await allPages(cast.asDealer, { search: 'golf', sort: 'updatedAt' }))).toEqual(new Set(golfs));
    });
  });

  describe('counts over all time (kept by a tally, not by counting rows)', () => {
    const ever = { from: '2000-01-01' };
    const sqlCount = async (where: string): Promise<number> => {
      const c = new Client({ connectionString: stack.db.url });
      await c.connect();
      try {
        return Number((await c.query(`SELECT count(*) AS n FROM orders.orders WHERE ${where}`)).rows[0].n);
      } finally {
        await c.end();
      }
    };
    const agree = async () => {
      expect((await list(cast.admin, ever)).total).toBe(await sqlCount('true'));
      expect((await list(cast.admin, { ...ever, to: '2999-12-31' })).total).toBe(await sqlCount('true'));
      expect((await list(cast.admin, { ...ever, status: 'Completed' })).total).toBe(await sqlCount(`status = 'Completed'`));
      expect((await list(cast.admin, { ...ever, QAstatus: 'Approved', status: 'Completed' })).total).toBe(await sqlCount(`status = 'Completed' AND qa_status = 'Approved'`));
      expect((await list(cast.admin, { ...ever, QAstatus: 'Waiting For Edition' })).total).toBe(await sqlCount(`qa_status = 'Waiting For Edition'`));
      expect((await list(cast.admin, { ...ever, video: 'with' })).total).toBe(await sqlCount('video_count > 0'));
      expect((await list(cast.admin, { ...ever, video: 'without', status: 'Uploading' })).total).toBe(await sqlCount(`video_count = 0 AND status = 'Uploading'`));
    };

    it('agree with the orders after creations, status changes, new videos and deletions', async () => {
      await agree();
      const golfs = (await list(cast.admin, { ...ever, search: 'golf', sort: 'orderName', order: 'ASC' })).items;
      await cast.qa.put(`/api/orders/${golfs[0].id}`).send({ QAstatus: 'Waiting For Edition' }).expect(200);
      await cast.qa.put(`/api/orders/${golfs[1].id}`).send({ status: 'Completed' }).expect(200);
      await cast.admin.delete(`/api/orders/${golfs[2].id}`).expect(200);
      const c = new Client({ connectionString: stack.db.url });
      await c.connect();
      await c.query(`UPDATE orders.orders SET video_count = 2 WHERE id = $1`, [golfs[3].id]).finally(() => c.end());
      await agree();
      expect((await list(cast.admin, ever)).total).toBe(32);
      // a window that leaves orders out is counted from the rows
      expect((await list(cast.admin, { from: daysAgo(21).toISOString() })).total).toBe(await sqlCount(`created_at >= now() - interval '21 days'`));
      // and all time is answered by the tally (a stray tally row shows there, and nowhere else)
      const t = new Client({ connectionString: stack.db.url });
      await t.connect();
      try {
        await t.query(`INSERT INTO orders.order_tally VALUES ('Completed', 'Approved', false, 99, 1000)`);
        expect((await list(cast.admin, ever)).total).toBe(1032);
        expect((await list(cast.admin, { from: daysAgo(21).toISOString() })).total).toBeLessThan(1000);
      } finally {
        await t.query('DELETE FROM orders.order_tally WHERE slot = 99');
        await t.end();
      }
    });
  });

  describe('rows', () => {
    it('carry the note preview cut at 60 characters for admin and QA only', async () => {
      expect((await list(cast.admin, { search: 'noted saab' })).items[0].notePreview).toBe('n'.repeat(59) + '€…');
      expect((await list(cast.qa, { search: 'short note' })).items[0].notePreview).toBe('Exactly sixty? No, much shorter.');
      expect((await list(cast.asDealer, { search: 'noted saab' })).items[0].notePreview).toBeNull();
      expect((await list(cast.admin, { search: 'peugeot' })).items[0].notePreview).toBeNull();
    });

    it('carry the account, the sales person, the guide, the counts, tags and a thumbnail (none while the images service is away)', async () => {
      const [row] = (await list(cast.asDealer, { search: 'golf 02' })).items;
      expect(row).toMatchObject({
        orderName: 'Golf 02',
        user: { id: cast.dealer.id, displayName: 'Nordic Cars' },
        salesMan: { id: cast.sales.id, name: 'Anna Sales' },
        styleGuide: { name: 'Test guide' },
        takenImagesCount: 3,
        imageCount: 0,
        videoCount: 0,
        tags: [],
        thumbnailUrl: null,
        pictureUrl: null,
        timeToReadyToDownload: null,
      });
      const tag = (await cast.admin.post('/api/tags').send({ name: 'Rush', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(201)).body;
      await cast.qa.post(`/api/tags/orders/${row.id}`).send({ tagId: tag.id }).expect(201);
      const [tagged] = (await list(cast.asDealer, { search: 'golf 02' })).items;
      expect(tagged.tags).toEqual([expect.objectContaining({ id: tag.id, name: 'Rush', category: 'PRIORITY' })]);
    });
  });
  describe('deep pages over all orders (found from the day they start in)', () => {
    const ever = { from: '2000-01-01' };
    const sql = <T,>(text: string, params: unknown[] = []): Promise<T[]> => stack.db.query<T>(text, params);
    /** the names of a page as the index walk gives them: the reference */
    const expected = (page: number, where = 'true', dir: 'ASC' | 'DESC' = 'DESC') =>
      sql<{ order_name: string }>(
        `SELECT order_name FROM orders.orders WHERE ${where} ORDER BY created_at ${dir}, id ${dir} OFFSET ${(page - 1) * 10} LIMIT 10`,
      ).then((rows) => rows.map((r) => r.order_name));
    const names = async (query: Record<string, string | number>) => (await list(cast.admin, { ...ever, ...query })).items.map((i) => i.orderName);

    it('show the same orders as walking the whole index, also after changes', async () => {
      // 2,400 more orders over 30 days, several a second apart each day, half of them Completed
      const [template] = await sql<{ id: string }>('SELECT id FROM orders.orders LIMIT 1');
      await sql(
        `INSERT INTO orders.orders (id, account_id, account_name, account_email, order_name, status, qa_status, created_by_id, created_by_name,
                                    created_by_role, style_guide_id, style_guide_name, platform, taken_images_count, enabled_qa, created_at, updated_at)
         SELECT gen_random_uuid(), account_id, account_name, account_email, 'Deep ' || lpad(g::text, 4, '0'),
                CASE WHEN g % 2 = 0 THEN 'Completed' ELSE 'QA stage' END, CASE WHEN g % 2 = 0 THEN 'Approved' ELSE 'Waiting For QA' END,
                created_by_id, created_by_name, created_by_role, style_guide_id, style_guide_name, platform, 1, enabled_qa,
                now() - (g % 30) * interval '1 day' - (g / 30) * interval '7 seconds', now()
           FROM orders.orders o, generate_series(1, 2400) g WHERE o.id = $1`,
        [template.id],
      );
      const total = (await list(cast.admin, ever)).total;
      const mid = Math.ceil(total / 20);
      for (const page of [101, 150, mid, mid + 1, Math.ceil(total / 10) - 101]) {
        expect({ page, names: await names({ page }) }).toEqual({ page, names: await expected(page) });
        expect({ page, asc: await names({ page, order: 'ASC' }) }).toEqual({ page, asc: await expected(page, 'true', 'ASC') });
      }
      expect(await names({ page: 110, status: 'Completed' })).toEqual(await expected(110, `status = 'Completed'`));

      // a status change, a deletion and a moved creation date keep the day tally right
      const [a, b, c] = await sql<{ id: string }>(`SELECT id FROM orders.orders WHERE order_name IN ('Deep 0001', 'Deep 0002', 'Deep 0003') ORDER BY order_name`);
      await cast.qa.put(`/api/orders/${a.id}`).send({ status: 'Completed' }).expect(200);
      await cast.admin.delete(`/api/orders/${b.id}`).expect(200);
      await sql(`UPDATE orders.orders SET created_at = created_at - interval '40 days' WHERE id = $1`, [c.id]);
      for (const page of [101, mid, Math.ceil((total - 1) / 10) - 101]) {
        expect({ page, names: await names({ page }) }).toEqual({ page, names: await expected(page) });
      }
      expect(await names({ page: 110, status: 'Completed' })).toEqual(await expected(110, `status = 'Completed'`));
      const drift = await sql<{ day: string }>(
        `SELECT day FROM (SELECT day, sum(n) AS n FROM orders.order_day_tally GROUP BY day) t
          FULL JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM orders.orders GROUP BY 1) o USING (day)
          WHERE coalesce(t.n, 0) <> coalesce(o.n, 0)`,
      );
      expect(drift).toEqual([]);
    });
  });
  describe('search after changes', () => {
    it('finds an order by its new name, status and absence at once (the search copy follows every change)', async () => {
      const ever = { from: '2000-01-01' };
      const [row] = (await list(cast.admin, { ...ever, search: 'golf 07' })).items;
      await cast.qa.put(`/api/orders/${row.id}`).send({ orderName: 'Renamed Zephyr 07' }).expect(200);
      expect((await list(cast.admin, { ...ever, search: 'golf 07' })).total).toBe(0);
      expect((await list(cast.admin, { ...ever, search: 'zephyr' })).items.map((i) => i.id)).toEqual([row.id]);
      await cast.qa.put(`/api/orders/${row.id}`).send({ status: 'Completed' }).expect(200);
      expect((await list(cast.admin, { ...ever, search: 'zephyr', status: 'Completed' })).total).toBe(1);
      expect((await list(cast.admin, { ...ever, search: 'zephyr', status: 'Uploading' })).total).toBe(0);
      await cast.admin.delete(`/api/orders/${row.id}`).expect(200);
      expect((await list(cast.admin, { ...ever, search: 'zephyr' })).total).toBe(0);
    });
  });
});
