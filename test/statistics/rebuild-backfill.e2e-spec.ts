import { STREAMS, type OrderEventView, type OrderView, type TagView } from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { connectNats, RpcClient } from '@app/messaging';
import { openDatabase } from '@app/service-kit';
import { testInfra, testJpeg, waitFor } from '@app/testing';
import type { NatsConnection } from 'nats';
import { FactsApplier } from '../../services/statistics/src/facts/facts.applier';
import { FactsRepository } from '../../services/statistics/src/facts/facts.repository';
import { rebuildFacts } from '../../services/statistics/src/rebuild/rebuild';
import { statisticsApp } from '../../services/statistics/src/statistics.app';
import { StatisticsConfig } from '../../services/statistics/src/statistics.config';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  signIn,
  uploadOrderImage,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';

const QA_LISTS = ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST', 'READ_ADMIN_STATISTICS'];
const EVENT_NAMES = ['IMAGE_REPUSHED', 'IMAGE_DECLINED', 'IMAGE_APPROVED', 'QA_UPLOADED_PICTURE', 'RE_EDIT_REQUESTED', 'DELIVERED', 'DOWNLOADED'];

/**
 * The rebuild end to end, from the real services' backfill: people use the product (accounts,
 * sales people, a style guide, orders whose pictures the pipeline processes, QA picking,
 * declining with a tag, repushing and approving), the statistics service counts it live, and
 * every dashboard answer is noted. Then the EVENTS stream loses its history (a purge, as after
 * 14 days) and `rebuild --from backfill` makes the facts again from what the users,
 * style-guides, orders and images services export: every dashboard answer must be the same.
 */
describe('statistics rebuild from the services’ backfill', () => {
  jest.setTimeout(300_000);
  const stack = useTestStack({ label: 'stat_rebuild_e2e', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
  let nc: NatsConnection;
  let adminAccount: TestAccount;
  let admin: UserSession;
  let dealer: TestAccount;
  let quick: TestAccount;
  let group: TestAccount;
  let asDealer: UserSession;
  let asGroup: UserSession;
  let qaOrder: OrderView;
  let plainOrder: OrderView;
  let before: Record<string, unknown>;

  const timeline = async (id: string): Promise<OrderEventView[]> => (await admin.get(`/api/events/order/${id}?isHidden=true`).expect(200)).body.items;
  /** waits for a picture's processing (the facts' wait below makes sure a repush's second one is counted) */
  const processed = (session: UserSession, imageId: string) =>
    waitFor(
      async () => ((await session.get(`/api/images/data/${imageId}`).expect(200)).body.optimisationStatus === 'completed' ? true : null),
      `picture ${imageId} processed`,
      90_000,
      300,
    );

  /** every question the statistics service answers from its facts, as the dashboards ask them */
  async function answers(): Promise<Record<string, unknown>> {
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const asked: Array<[UserSession, string]> = [
      [admin, `getDealershipOrderStatistics/${dealer.id}?timeFrame=ALL_TIME`],
      [admin, `getDealershipOrderStatistics/${dealer.id}?timePeriod=day&timeFrame=current`],
      [asDealer, `getDealershipOrderStatistics/${dealer.id}`],
      [asDealer, `getOrdersPerSalesMan/${dealer.id}?timeFrame=ALL_TIME`],
      [asGroup, `getOrdersPerSalesMan/${quick.id}?timeFrame=ALL_TIME`],
      [asGroup, `getDealershipOrderStatistics/${group.id}?timeFrame=ALL_TIME`],
      [asGroup, `get-orders-by-dealership/${group.id}?timeFrame=ALL_TIME`],
      [asGroup, `get-amount-of-orders-per-styleguide-from-child-accounts/${group.id}?timeFrame=ALL_TIME`],
      [admin, `get-amount-of-orders-per-styleguide-from-child-accounts/${adminAccount.id}?timeFrame=ALL_TIME`],
      [admin, 'get-device-statistics?timeFrame=ALL_TIME'],
      [admin, 'get-appVersion-statistics?timeFrame=ALL_TIME'],
      [admin, 'getQAActivitiesByTimePeriod?timePeriod=month&timeFrame=current'],
      [admin, 'getQAActivitiesByTimePeriod?timePeriod=day&timeFrame=current&tagCategoryFromQA=QA_EDITOR'],
      [admin, 'getOrderStatisticsPerMonth?timePeriod=month&timeFrame=current'],
      [admin, 'getImageStatisticsPerMonthTotal?timePeriod=month&timeFrame=current'],
      [admin, 'getImageStatisticsPerMonthTotal?timePeriod=day&timeFrame=current'],
      [admin, 'get-order-timeline-data'],
      [admin, 'get-average-images-per-car?timeFrame=ALL_TIME'],
      [admin, 'get-total-orders-by-status?timeFrame=ALL_TIME'],
      [admin, 'get-inactive-users?timeFrame=14'],
      [admin, 'get-amount-of-flawless-orders?timeFrame=ALL_TIME'],
      [admin, 'get-qa-service-levels'],
      [admin, `get-repushed-images-statistics?timeStamp=${lastMonth}`],
      [admin, `get-edited-images-statistics?timeStamp=${lastMonth}`],
      ...EVENT_NAMES.map((e): [UserSession, string] => [admin, `get-statistics-total-events-last-30-days?eventName=${e}`]),
    ];
    const out: Record<string, unknown> = {};
    for (const [session, path] of asked) {
      const res = await session.get(`/api/dashboard/${path}`);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status} ${JSON.stringify(res.body)}`);
      const { expires: _expires, ...answer } = res.body as Record<string, unknown>;
      out[`${session === admin ? 'admin' : session === asDealer ? 'dealer' : 'group'} ${path}`] = answer;
    }
    return out;
  }

  const facts = async () => {
    const [r] = await stack.db.query<{ orders: number; lines: number; images: number; accounts: number; guides: number; sales: number }>(`
      SELECT (SELECT count(*)::int FROM statistics.stat_order WHERE created_at IS NOT NULL) AS orders,
             (SELECT count(*)::int FROM statistics.stat_timeline_event) AS lines,
             (SELECT count(*)::int FROM statistics.stat_image_processed) AS images,
             (SELECT count(*)::int FROM statistics.stat_account WHERE display_name IS NOT NULL) AS accounts,
             (SELECT count(*)::int FROM statistics.stat_style_guide) AS guides,
             (SELECT count(*)::int FROM statistics.stat_sales_person) AS sales`);
    return r;
  };

  beforeAll(async () => {
    nc = await connectNats(testInfra.natsUrl, 'rebuild-backfill-test');
    adminAccount = await createAccount(stack, { role: 'Admin', displayName: 'Rebuild Admin' });
    admin = await signIn(stack, adminAccount.email);
    const orderPermissions = ['CREATE_ORDERS', 'UPDATE_ORDERS', 'READ_USER_STATISTICS'];
    dealer = await createAccount(stack, { role: 'Dealership', displayName: 'Rebuild Motors', permissions: orderPermissions, enabledQa: true });
    quick = await createAccount(stack, { role: 'Dealership', displayName: 'Quick Cars', permissions: orderPermissions });
    group = await createAccount(stack, { role: 'Management', displayName: 'Rebuild Group', children: [dealer.id, quick.id], permissions: ['READ_USER_STATISTICS'] });
    // an account that never signs in nor orders: the inactive users' table lists it
    await createAccount(stack, { role: 'Dealership', displayName: 'Sleepy Cars' });
    const editor = await createAccount(stack, { role: 'QA', displayName: 'Edda Editor', roleTags: ['QA_EDITOR'], permissions: QA_LISTS });
    const coordinator = await createAccount(stack, { role: 'QA', displayName: 'Cora Coordinator', roleTags: ['QA_COORDINATOR'], permissions: QA_LISTS });
    const [asEditor, asCoordinator, asQuick] = await Promise.all([signIn(stack, editor.email), signIn(stack, coordinator.email), signIn(stack, quick.email)]);
    [asDealer, asGroup] = await Promise.all([signIn(stack, dealer.email), signIn(stack, group.email)]);
    const anna = await createSalesPerson(stack, dealer.id, { name: 'Anna Rebuild', login: true });
    const bo = await createSalesPerson(stack, quick.id, { name: 'Bo Rebuild' });
    await signIn(stack, anna.email);

    const guide = (
      await admin
        .post('/api/style-guides')
        .send({ name: 'Rebuild Studio', outputWidth: 640, outputHeight: 480, maxImageSize: 300_000, frameFreeRouting: 'bypass' })
        .expect(201)
    ).body.id as string;
    for (const userId of [dealer.id, quick.id]) await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId, styleGuideId: guide }).expect(200);
    const photo = await testJpeg(640, 480);

    // the QA account's order: three pictures, processed, then QA's work on it
    qaOrder = await createOrder(asDealer, { styleGuide: guide, salesMan: anna.id, takenImagesCount: 3, orderName: 'Rebuild Golf' });
    const pictures = [];
    for (const position of [1, 2, 3]) pictures.push(await uploadOrderImage(asDealer, qaOrder.id, position, photo));
    for (const p of pictures) await processed(admin, p.id);
    await waitFor(async () => ((await admin.get(`/api/orders/${qaOrder.id}`).expect(200)).body.status === 'QA stage' ? true : null), 'the order in QA stage', 90_000, 300);

    const tags: TagView[] = (await admin.get('/api/tags?entity=image').expect(200)).body.items;
    const glare = tags.find((t) => t.category === 'IMAGE_ERROR') ?? (await admin.post('/api/tags').send({ name: 'Glare', category: 'IMAGE_ERROR', entity: 'image', color: 'red' }).expect(201)).body;
    await asEditor.post(`/api/orders/${qaOrder.id}/qa/pick`).send({ role: 'editor' }).expect(200);
    // a coordinator picks once the editor is done
    await asEditor.put(`/api/orders/${qaOrder.id}/qa/task`).send({ state: 'DONE' }).expect(200);
    await asCoordinator.post(`/api/orders/${qaOrder.id}/qa/pick`).send({ role: 'coordinator' }).expect(200);
    await asCoordinator.post(`/api/images/approval/${pictures[1].id}`).send({ approved: false, errorTagId: glare.id }).expect(200);
    await asEditor.post('/api/images/repush').send({ orderId: qaOrder.id, imageArray: [pictures[1].id], method: 'bypass' }).expect(202);
    await waitFor(async () => ((await timeline(qaOrder.id)).some((l) => l.eventName === 'IMAGE_REPUSHED') ? true : null), 'the repush on the timeline', 30_000, 300);
    await processed(admin, pictures[1].id);
    await asCoordinator.post(`/api/images/approval/${pictures[0].id}`).send({ approved: true }).expect(200);
    await asCoordinator.post(`/api/images/approval/${pictures[2].id}`).send({ approved: true }).expect(200);
    await admin.put(`/api/orders/approval/${qaOrder.id}/true`).expect(200);

    // an account without QA: its order goes straight to Ready to download
    plainOrder = await createOrder(asQuick, { styleGuide: guide, salesMan: bo.id, takenImagesCount: 2, orderName: 'Quick Polo' });
    for (const position of [1, 2]) await processed(asQuick, (await uploadOrderImage(asQuick, plainOrder.id, position, photo)).id);
    await waitFor(async () => ((await admin.get(`/api/orders/${plainOrder.id}`).expect(200)).body.status === 'Ready to download' ? true : null), 'the order ready', 90_000, 300);

    // changes after the orders: an order deleted, a guide and a sales person renamed, a sales person removed
    const gone = await createOrder(asQuick, { styleGuide: guide, salesMan: bo.id, takenImagesCount: 4, orderName: 'Quick Gone' });
    await processed(asQuick, (await uploadOrderImage(asQuick, gone.id, 1, photo)).id);
    await admin.delete(`/api/orders/${gone.id}`).expect(200);
    // the images service removes the deleted order's pictures
    await waitFor(
      async () => ((await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM images.image WHERE order_id = $1', [gone.id]))[0].n === 0 ? true : null),
      "the deleted order's pictures removed",
      30_000,
      300,
    );
    await asDealer.put(`/api/orders/${qaOrder.id}`).send({ orderName: 'Rebuild Golf GTI' }).expect(200);
    await admin.put(`/api/style-guides/${guide}`).send({ name: 'Rebuild Studio North' }).expect(200);
    await admin.put(`/api/salesman/${anna.id}`).send({ name: 'Anna Rebuild-Berg' }).expect(200);
    await admin.delete(`/api/salesman/${bo.id}`).expect(200);

    // the statistics service holds every fact the services published
    const [{ lines }] = await stack.db.query<{ lines: number }>('SELECT count(*)::int AS lines FROM orders.order_event WHERE order_id = ANY($1)', [[qaOrder.id, plainOrder.id, gone.id]]);
    await waitFor(
      async () => {
        const f = await facts();
        const [{ named }] = await stack.db.query<{ named: number }>(
          `SELECT count(*)::int AS named FROM statistics.stat_style_guide WHERE name = 'Rebuild Studio North'`,
        );
        if (f.orders === 3 && f.lines === lines && f.images >= 7 && f.guides === 1 && named === 1 && f.sales === 2) return f;
        throw new Error(`facts so far ${JSON.stringify(f)}, timeline lines ${lines}`);
      },
      'the statistics facts of every event',
      60_000,
      300,
    );
  });

  afterAll(async () => {
    await nc?.close();
  });

  it('gives every dashboard the same answers after a rebuild from the backfill as the live consumer did', async () => {
    before = await answers();
    // the fixture is in the answers: a test of equal empty answers would prove nothing
    expect(before[`admin getDealershipOrderStatistics/${dealer.id}?timeFrame=ALL_TIME`]).toMatchObject({ total: 1 });
    expect(before[`group get-orders-by-dealership/${group.id}?timeFrame=ALL_TIME`]).toMatchObject({
      rows: expect.arrayContaining([
        { userId: dealer.id, user_displayName: 'Rebuild Motors', totalorders: 1 },
        // the deleted order still counts as uploaded
        { userId: quick.id, user_displayName: 'Quick Cars', totalorders: 2 },
      ]),
    });
    expect(before[`dealer getOrdersPerSalesMan/${dealer.id}?timeFrame=ALL_TIME`]).toMatchObject({ rows: [expect.objectContaining({ salesMan_name: 'Anna Rebuild-Berg', totalorders: 1 })] });
    // a removed sales person keeps its name on its orders
    expect(before[`group getOrdersPerSalesMan/${quick.id}?timeFrame=ALL_TIME`]).toMatchObject({ rows: [expect.objectContaining({ salesMan_name: 'Bo Rebuild', totalorders: 2 })] });
    expect(before[`group get-amount-of-orders-per-styleguide-from-child-accounts/${group.id}?timeFrame=ALL_TIME`]).toMatchObject({
      rows: [expect.objectContaining({ style_guide_name: 'Rebuild Studio North', total_orders: 3 })],
    });
    expect(before['admin getQAActivitiesByTimePeriod?timePeriod=month&timeFrame=current']).toMatchObject({
      users: expect.arrayContaining([expect.objectContaining({ user_displayName: 'Edda Editor', totalorders: 1 })]),
      averageMinutesPerOrder: expect.any(Number),
    });
    expect(before['admin get-statistics-total-events-last-30-days?eventName=IMAGE_REPUSHED']).toMatchObject({ total: 1 });
    expect(before['admin get-statistics-total-events-last-30-days?eventName=IMAGE_DECLINED']).toMatchObject({ total: 1 });
    expect(before['admin get-amount-of-flawless-orders?timeFrame=ALL_TIME']).toMatchObject({ totalOrdersWithFlaws: 1 });
    expect(before['admin get-total-orders-by-status?timeFrame=ALL_TIME']).toMatchObject({ finished: 2 });
    expect((before['admin getImageStatisticsPerMonthTotal?timePeriod=month&timeFrame=current'] as { total: number }).total).toBeGreaterThanOrEqual(6);
    const beforeFacts = await facts();

    // the stream loses its history (as after 14 days): it no longer starts at sequence 1
    const jsm = await nc.jetstreamManager();
    const stream = stack.ns.namespace.stream(STREAMS.EVENTS.name);
    await jsm.streams.purge(stream);
    expect((await jsm.streams.info(stream)).state.first_seq).toBeGreaterThan(1);

    const config = loadConfig(StatisticsConfig, stack.env);
    const ds = await openDatabase(statisticsApp.definition, config);
    let report;
    try {
      report = await rebuildFacts({
        applier: new FactsApplier(ds, new FactsRepository()),
        nc,
        namespace: stack.ns.namespace,
        rpc: new RpcClient(nc, stack.ns.namespace, 10_000),
        logger: createLogger('statistics-rebuild', testInfra.logLevel),
        batch: config.STATISTICS_FACTS_BATCH,
        backfillPage: 7,
      });
    } finally {
      await ds.destroy();
    }
    expect(report).toMatchObject({ source: 'backfill', refused: 0 });
    expect(report.events).toBeGreaterThan(20);

    // each answer is worked out from the rebuilt facts
    expect(await answers()).toEqual(before);
    expect(await facts()).toEqual(beforeFacts);
  });
});
