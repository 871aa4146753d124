import {
  checkPayload,
  BackfillRpc,
  OrdersEvents,
  PipelineEvents,
  StyleGuidesEvents,
  UsersEvents,
  type BackfilledEvent,
  type BackfillPagePayload,
  Namespace,
  type EventDef,
  type OrderEventView,
  type OrderView,
} from '@app/contracts';
import { connectNats, RpcCallError, RpcClient } from '@app/messaging';
import { actorFor, testInfra, testJpeg, waitFor } from '@app/testing';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import {
  createAccount,
  createFreeFormGuide,
  createOrder,
  createSalesPerson,
  eventsOn,
  signedInAs,
  signIn,
  uploadOrderImage,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';

type BackfillDef = (typeof BackfillRpc)[keyof typeof BackfillRpc];

/** every event a backfill may give, by subject, to check each payload against its contract class */
const EVENT_DEFS: Record<string, EventDef<object>> = Object.fromEntries(
  [...Object.values(UsersEvents), ...Object.values(StyleGuidesEvents), ...Object.values(OrdersEvents), ...Object.values(PipelineEvents)].map((d) => [d.subject, d as EventDef<object>]),
);

/**
 * Each owning service's statistics export (`<service>.statistics.backfill`), called over NATS
 * as the statistics service's rebuild calls it: every page until `next` is null, the same ids
 * on a second read whatever the page size, payloads the event contracts take, and nobody but
 * the System actor let in.
 */
describe('the statistics backfill of users, style guides, orders and images', () => {
  jest.setTimeout(180_000);
  const stack = useTestStack({ label: 'stat_backfill', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
  let nc: NatsConnection;
  let rpc: RpcClient;
  let admin: UserSession;
  let dealer: TestAccount;
  let group: TestAccount;
  let salesPersonId: string;
  let guideId: string;
  let order: OrderView;
  let imageId: string;
  let rowOrderId: string;

  const system = () => actorFor('System');

  /** every page of a service's history, `limit` at a time */
  async function readAll(def: BackfillDef, limit: number): Promise<{ events: BackfilledEvent[]; pages: number }> {
    const events: BackfilledEvent[] = [];
    let after: string | undefined;
    for (let pages = 1; pages < 500; pages++) {
      const page = await rpc.send(def, { after, limit } satisfies BackfillPagePayload, system());
      events.push(...page.events);
      if (page.next === null) return { events, pages };
      after = page.next;
    }
    throw new Error(`${def.subject} never ended`);
  }

  /** the history read twice (a row a page, then one large page): the same events with the same ids */
  async function stableHistory(def: BackfillDef): Promise<BackfilledEvent[]> {
    const small = await readAll(def, 1);
    const large = await readAll(def, 5000);
    expect(large.pages).toBe(1);
    expect(small.pages).toBeGreaterThan(1);
    expect(small.events).toEqual(large.events);
    expect(new Set(large.events.map((e) => e.id)).size).toBe(large.events.length);
    for (const e of large.events) {
      const def = EVENT_DEFS[e.subject];
      expect(def).toBeDefined();
      const checked = await checkPayload(def.payload, e.payload, { unknownFields: 'refuse' });
      expect({ subject: e.subject, id: e.id, problem: checked.problem }).toEqual({ subject: e.subject, id: e.id, problem: undefined });
    }
    return large.events;
  }

  const of = <P>(events: BackfilledEvent[], def: EventDef<P>, match: (p: P) => boolean) =>
    events.filter((e) => e.subject === def.subject && match(e.payload as P)) as Array<BackfilledEvent & { payload: P }>;

  beforeAll(async () => {
    nc = await connectNats(testInfra.natsUrl, 'backfill-test');
    rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 10_000);
    admin = await signedInAs(stack, { role: 'Admin' });
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Backfill Motors', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS'] });
    group = await createAccount(stack, { role: 'Management', displayName: 'Backfill Group', children: [dealer.id] });
    salesPersonId = (await createSalesPerson(stack, dealer.id, { name: 'Bea Backfill', login: true })).id;
    const asDealer = await signIn(stack, dealer.email);
    guideId = await createFreeFormGuide(admin, { name: 'Backfill Studio', assignTo: [dealer.id] });
    order = await createOrder(asDealer, { styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 1, orderName: 'Backfill Golf' });
    imageId = (await uploadOrderImage(asDealer, order.id, 1, await testJpeg(640, 480))).id;
    await waitFor(
      async () => (await admin.get(`/api/images/data/${imageId}`).expect(200)).body.optimisationStatus === 'completed',
      'the picture processed',
      90_000,
      300,
    );
    // an order whose timeline holds no status change: it is exported at its current status
    rowOrderId = (await createOrder(stack, { accountId: dealer.id, status: 'Ready to download', QAstatus: 'Approved' })).id;
  });

  afterAll(async () => {
    await nc?.close();
  });

  it('users: every account, child list, sales person and sign-in', async () => {
    const events = await stableHistory(BackfillRpc.users);
    expect(of(events, UsersEvents.accountSaved, (p) => p.userId === dealer.id)).toEqual([
      {
        subject: 'evt.users.account-saved',
        id: `backfill:users:account:${dealer.id}`,
        payload: { userId: dealer.id, userRole: 'Dealership', displayName: 'Backfill Motors', email: dealer.email, createdAt: expect.any(String), at: expect.any(String) },
      },
    ]);
    expect(of(events, UsersEvents.childAccountsChanged, (p) => p.userId === group.id).map((e) => e.payload.childIds)).toEqual([[dealer.id]]);
    expect(of(events, UsersEvents.salesPersonSaved, (p) => p.salesPersonId === salesPersonId).map((e) => e.payload)).toEqual([
      { salesPersonId, accountId: dealer.id, name: 'Bea Backfill', at: expect.any(String) },
    ]);
    // the dealer signed in once: its session is the sign-in, with the id the live event carried
    const signIns = of(events, UsersEvents.signedIn, (p) => p.userId === dealer.id);
    expect(signIns).toHaveLength(1);
    const live = (await eventsOn(stack, UsersEvents.signedIn)).filter((e) => e.payload.userId === dealer.id);
    expect(signIns.map((e) => e.id)).toEqual(live.map((e) => e.id));
  });

  it('style guides: every guide by its name now', async () => {
    const events = await stableHistory(BackfillRpc.styleGuides);
    expect(of(events, StyleGuidesEvents.saved, (p) => p.styleGuideId === guideId)).toEqual([
      { subject: 'evt.style-guides.style-guide-saved', id: `backfill:style-guides:${guideId}`, payload: { styleGuideId: guideId, name: 'Backfill Studio', at: expect.any(String) } },
    ]);
  });

  it("orders: every order created, every timeline line with the live event's id, every status change", async () => {
    const events = await stableHistory(BackfillRpc.orders);
    expect(of(events, OrdersEvents.created, (p) => p.orderId === order.id).map((e) => e.payload)).toEqual([
      expect.objectContaining({ orderId: order.id, accountId: dealer.id, orderName: 'Backfill Golf', styleGuideId: guideId, salesPersonId, takenImagesCount: 1 }),
    ]);

    const lines: OrderEventView[] = (await admin.get(`/api/events/order/${order.id}?isHidden=true`).expect(200)).body.items;
    expect(lines.map((l) => l.eventName)).toEqual(expect.arrayContaining(['NEW', 'UPDATED', 'UPLOAD_COMPLETED']));
    const exported = of(events, OrdersEvents.timelineRecorded, (p) => p.orderId === order.id);
    expect(exported.map((e) => e.id).sort()).toEqual(lines.map((l) => l.id).sort());
    // the same ids as the live events: a rebuild after live events counts nothing twice
    const live = (await eventsOn(stack, OrdersEvents.timelineRecorded)).filter((e) => e.payload.orderId === order.id);
    expect(live.map((e) => e.id).sort()).toEqual(exported.map((e) => e.id).sort());
    for (const e of exported) expect(e.payload).toEqual(live.find((l) => l.id === e.id)!.payload);

    const statuses = of(events, OrdersEvents.statusChanged, (p) => p.orderId === order.id);
    const updated = lines.filter((l) => l.eventName === 'UPDATED');
    expect(statuses.map((e) => e.id).sort()).toEqual(updated.map((l) => `backfill:orders:status:${l.id}`).sort());
    const now = (await admin.get(`/api/orders/${order.id}`).expect(200)).body as OrderView;
    expect(statuses.some((e) => e.payload.status === now.status && e.payload.QAstatus === now.QAstatus)).toBe(true);

    expect(of(events, OrdersEvents.statusChanged, (p) => p.orderId === rowOrderId)).toEqual([
      {
        subject: 'evt.orders.order-status-changed',
        id: `backfill:orders:current-status:${rowOrderId}`,
        payload: expect.objectContaining({ orderId: rowOrderId, status: 'Ready to download', QAstatus: 'Approved' }),
      },
    ]);
  });

  it('images: every processed picture, one stable id per image', async () => {
    const events = await stableHistory(BackfillRpc.images);
    const processed = of(events, PipelineEvents.imageProcessed, (p) => p.imageId === imageId);
    expect(processed).toEqual([
      {
        subject: 'evt.pipeline.image-processed',
        id: `backfill:images:${imageId}`,
        payload: expect.objectContaining({ imageId, orderId: order.id, route: 'bypass', processedAt: expect.any(String) }),
      },
    ]);
    // the job is the one the live event named
    const live = (await eventsOn(stack, PipelineEvents.imageProcessed)).filter((e) => e.payload.imageId === imageId);
    expect(live.map((e) => e.payload.jobId)).toEqual([processed[0].payload.jobId]);
  });

  it('answers nobody but the System actor (403), and refuses a cursor it did not give (400)', async () => {
    for (const def of Object.values(BackfillRpc)) {
      for (const role of ['Admin', 'QA', 'Dealership'] as const) {
        const refused = await rpc.send(def, {}, actorFor(role, { userId: randomUUID() })).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(RpcCallError);
        expect(refused).toMatchObject({ status: 403, message: 'Only the system may export the statistics history' });
      }
      for (const after of ['nowhere:1', 'garbage']) {
        const bad = await rpc.send(def, { after }, system()).catch((e: unknown) => e);
        expect(bad).toMatchObject({ status: 400, message: 'after is not a cursor this service gave (start again without it)' });
      }
      const tooMany = await rpc.send(def, { limit: 5001 }, system()).catch((e: unknown) => e);
      expect(tooMany).toMatchObject({ status: 400 });
    }
  });
});
