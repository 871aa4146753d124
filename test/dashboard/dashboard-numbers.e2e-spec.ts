import { randomUUID } from 'node:crypto';
import { OrdersEvents, PipelineEvents, pipelineOutputKeys, StyleGuidesEvents, UsersEvents, type OrderStatus, type QaStatus } from '@app/contracts';
import { waitFor } from '@app/testing';
import { createAccount, publishEvent, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The dashboards end to end: domain events go onto the EVENTS stream as the owning services
 * publish them, the statistics service turns them into facts, and the gateway's `/dashboard`
 * routes answer with numbers worked out by hand below. One event arrives twice (a replay), two
 * status changes arrive in the wrong order, and tenants ask for each other's numbers.
 *
 * Windows are ALL_TIME or the current month, and every event is at most a few hours old, so
 * the numbers do not depend on the day the test runs (but in a month's first hours: the
 * per-month questions use events of the last minutes only).
 */
describe('dashboard numbers from events', () => {
  let stack: TestStack;
  let nordic: TestAccount;
  let budapest: TestAccount;
  let oldMotors: TestAccount;
  let manager: TestAccount;
  let adminAccount: TestAccount;
  let admin: UserSession;
  let asNordic: UserSession;
  let asBudapest: UserSession;
  let asManager: UserSession;

  const anna = randomUUID();
  const bo = randomUUID();
  const studio = randomUUID();
  const showroom = randomUUID();
  const editor = randomUUID();
  const coordinator = randomUUID();
  const [o1, o2, o3, o4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();

  beforeAll(async () => {
    stack = await startTestStack({ label: 'dashboard_numbers', services: ['users', 'statistics'] });
    const permissions = ['READ_USER_STATISTICS'];
    nordic = await createAccount(stack, { role: 'Dealership', displayName: 'Nordic Cars', permissions });
    budapest = await createAccount(stack, { role: 'Dealership', displayName: 'Budapest Motors', permissions });
    oldMotors = await createAccount(stack, { role: 'Dealership', displayName: 'Old Motors', permissions });
    manager = await createAccount(stack, { role: 'Management', displayName: 'North Group', children: [nordic.id], permissions });
    adminAccount = await createAccount(stack, { role: 'Admin' });

    // names and links, as the users and style-guides services publish them
    for (const [a, name, role] of [
      [nordic, 'Nordic Cars', 'Dealership'],
      [budapest, 'Budapest Motors', 'Dealership'],
      [oldMotors, 'Old Motors', 'Dealership'],
      [manager, 'North Group', 'Management'],
    ] as const) {
      await publishEvent(stack, UsersEvents.accountSaved, { userId: a.id, userRole: role, displayName: name, email: a.email, createdAt: at(60 * DAY), at: at(60 * DAY) });
    }
    await publishEvent(stack, UsersEvents.childAccountsChanged, { userId: manager.id, childIds: [nordic.id], at: at(59 * DAY) });
    await publishEvent(stack, UsersEvents.salesPersonSaved, { salesPersonId: anna, accountId: nordic.id, name: 'Anna Sales', at: at(50 * DAY) });
    await publishEvent(stack, UsersEvents.salesPersonSaved, { salesPersonId: bo, accountId: nordic.id, name: 'Bo Sales', at: at(50 * DAY) });
    await publishEvent(stack, StyleGuidesEvents.saved, { styleGuideId: studio, name: 'Studio white', at: at(50 * DAY) });
    await publishEvent(stack, StyleGuidesEvents.saved, { styleGuideId: showroom, name: 'Showroom', at: at(50 * DAY) });
    // Old Motors last signed in 25 days ago and never ordered; Nordic signed in yesterday
    await publishEvent(stack, UsersEvents.signedIn, { userId: oldMotors.id, at: at(25 * DAY) });
    await publishEvent(stack, UsersEvents.signedIn, { userId: nordic.id, at: at(DAY) });

    // four orders: Nordic three (two by Anna from the app, one on the web), Budapest one
    const created = (orderId: string, accountId: string, p: { sp?: string; guide: string; platform: 'web' | 'android' | 'ios'; appVersion?: string; images: number; ago: number }) =>
      publishEvent(stack, OrdersEvents.created, {
        orderId,
        accountId,
        styleGuideId: p.guide,
        salesPersonId: p.sp ?? null,
        platform: p.platform,
        appVersion: p.appVersion ?? null,
        takenImagesCount: p.images,
        createdAt: at(p.ago),
      });
    await created(o1, nordic.id, { sp: anna, guide: studio, platform: 'android', appVersion: '3.2.0', images: 10, ago: 3 * 60 * MINUTE });
    // the same order-created again, under another message id (a replay): counted once
    await created(o1, nordic.id, { sp: anna, guide: studio, platform: 'android', appVersion: '3.2.0', images: 10, ago: 3 * 60 * MINUTE });
    await created(o2, nordic.id, { sp: anna, guide: showroom, platform: 'ios', appVersion: '3.2.0', images: 20, ago: 2 * 60 * MINUTE });
    await created(o3, nordic.id, { guide: studio, platform: 'web', images: 30, ago: 60 * MINUTE });
    await created(o4, budapest.id, { guide: showroom, platform: 'web', images: 4, ago: 10 * MINUTE });

    const status = (orderId: string, accountId: string, from: [OrderStatus, QaStatus], to: [OrderStatus, QaStatus], ago: number) =>
      publishEvent(stack, OrdersEvents.statusChanged, {
        orderId,
        accountId,
        previousStatus: from[0],
        previousQAstatus: from[1],
        status: to[0],
        QAstatus: to[1],
        changedBy: 'lifecycle',
        at: at(ago),
      });
    // o1: In Progress, QA stage, then Ready to download
    await status(o1, nordic.id, ['Uploading', 'Waiting For QA'], ['In Progress', 'Waiting For QA'], 170 * MINUTE);
    await status(o1, nordic.id, ['In Progress', 'Waiting For QA'], ['QA stage', 'Waiting For QA'], 160 * MINUTE);
    await status(o1, nordic.id, ['QA stage', 'Waiting For QA'], ['Ready to download', 'Approved'], 100 * MINUTE);
    // o2: the move to Ready to download arrives before the move to QA stage that came first
    await status(o2, nordic.id, ['Uploading', 'Waiting For QA'], ['In Progress', 'Waiting For QA'], 110 * MINUTE);
    await status(o2, nordic.id, ['QA stage', 'Waiting For QA'], ['Ready to download', 'Approved'], 80 * MINUTE);
    await status(o2, nordic.id, ['In Progress', 'Waiting For QA'], ['QA stage', 'Waiting For QA'], 100 * MINUTE);
    // o3 is being processed; o4 is still uploading
    await status(o3, nordic.id, ['Uploading', 'Waiting For QA'], ['In Progress', 'Waiting For QA'], 50 * MINUTE);

    // the timeline: QA picks, a repush (published twice with the same line id) and a decline with its reason on o1; o2 approved
    const line = (orderId: string, accountId: string, eventName: 'QA_PICKED' | 'IMAGE_REPUSHED' | 'IMAGE_DECLINED' | 'IMAGE_APPROVED', user: string | null, payload: Record<string, unknown>, ago: number, eventId = randomUUID()) =>
      publishEvent(stack, OrdersEvents.timelineRecorded, { eventId, orderId, accountId, orderName: 'Car', eventName, userId: user, userName: user === editor ? 'Eva Editor' : user === coordinator ? 'Carl Coordinator' : null, payload, at: at(ago) });
    await line(o1, nordic.id, 'QA_PICKED', editor, { role: 'QA_EDITOR' }, 155 * MINUTE);
    await line(o2, nordic.id, 'QA_PICKED', editor, { role: 'QA_EDITOR' }, 95 * MINUTE);
    await line(o1, nordic.id, 'QA_PICKED', coordinator, { role: 'QA_COORDINATOR' }, 120 * MINUTE);
    const repush = randomUUID();
    const imageA = randomUUID();
    const imageB = randomUUID();
    const badCrop = randomUUID();
    await line(o1, nordic.id, 'IMAGE_REPUSHED', editor, { imageId: imageA }, 150 * MINUTE, repush);
    await line(o1, nordic.id, 'IMAGE_REPUSHED', editor, { imageId: imageA }, 150 * MINUTE, repush);
    await line(o1, nordic.id, 'IMAGE_DECLINED', coordinator, { imageId: imageB, tagId: badCrop, tagName: 'Bad crop', tagCategory: 'QA_COORDINATOR' }, 130 * MINUTE);
    await line(o2, nordic.id, 'IMAGE_APPROVED', coordinator, { imageId: randomUUID() }, 85 * MINUTE);

    // three processed pictures in the last minutes (one reported twice)
    const processed = (orderId: string, jobId: string) =>
      publishEvent(stack, PipelineEvents.imageProcessed, {
        jobId,
        imageId: randomUUID(),
        orderId,
        route: 'bypass',
        lane: 'live',
        keys: pipelineOutputKeys(orderId, randomUUID()),
        width: 800,
        height: 600,
        fileSize: 1000,
        quality: 85,
        thumbWidth: 200,
        thumbHeight: 150,
        attempt: 1,
        durationMs: 100,
        worker: 'test',
        processedAt: at(MINUTE),
      });
    const job = randomUUID();
    await processed(o4, job);
    await processed(o4, job);
    await processed(o4, randomUUID());
    await processed(o3, randomUUID());

    // every fact is in before the first question (answers are kept for the day)
    await waitFor(async () => {
      const [r] = await stack.db.query<{ orders: string; ready: string; lines: string; images: string; signins: string }>(`
        SELECT (SELECT count(*) FROM statistics.stat_order WHERE created_at IS NOT NULL) AS orders,
               (SELECT count(*) FROM statistics.stat_order WHERE status = 'Ready to download' AND qa_stage_at IS NOT NULL) AS ready,
               (SELECT count(*) FROM statistics.stat_timeline_event) AS lines,
               (SELECT count(*) FROM statistics.stat_image_processed) AS images,
               (SELECT count(*) FROM statistics.stat_account WHERE last_sign_in_at IS NOT NULL AND id IN ($1, $2)) AS signins`, [oldMotors.id, nordic.id]);
      return r.orders === '4' && r.ready === '2' && r.lines === '6' && r.images === '3' && r.signins === '2';
    }, 'the statistics service to hold every fact', 30_000);

    [admin, asNordic, asBudapest, asManager] = await Promise.all([
      signIn(stack, adminAccount.email),
      signIn(stack, nordic.email),
      signIn(stack, budapest.email),
      signIn(stack, manager.email),
    ]);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const get = async (session: UserSession, path: string, status = 200) => (await session.get(`/api/dashboard/${path}`).expect(status)).body;

  it("counts a dealership's uploaded cars, once each, for itself, its manager and admin; a management account counts its children", async () => {
    for (const s of [asNordic, asManager, admin]) {
      expect((await get(s, `getDealershipOrderStatistics/${nordic.id}?timeFrame=ALL_TIME`)).total).toBe(3);
    }
    expect((await get(asBudapest, `getDealershipOrderStatistics/${budapest.id}?timeFrame=ALL_TIME`)).total).toBe(1);
    expect((await get(asManager, `getDealershipOrderStatistics/${manager.id}?timeFrame=ALL_TIME`)).total).toBe(3);
    const answer = await get(asNordic, `getDealershipOrderStatistics/${nordic.id}?timePeriod=year&timeFrame=current`);
    expect(answer.rows).toHaveLength(12);
    expect(answer.rows.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(3);
    expect(answer.currentWeek).toBeGreaterThanOrEqual(0);
    expect(Date.parse(answer.expires)).toBeGreaterThan(Date.now());
  });

  it('splits the orders by sales person, and by dealership and style guide for the manager', async () => {
    const perSalesMan = (await get(asNordic, `getOrdersPerSalesMan/${nordic.id}?timeFrame=ALL_TIME`)).rows;
    const bySalesMan = Object.fromEntries(perSalesMan.map((r: { salesManId: string | null; totalorders: number }) => [r.salesManId ?? 'none', r.totalorders]));
    expect(bySalesMan).toEqual({ [anna]: 2, none: 1 });
    expect(perSalesMan.find((r: { salesManId: string }) => r.salesManId === anna).salesMan_name).toBe('Anna Sales');

    const byDealership = (await get(asManager, `get-orders-by-dealership/${manager.id}?timeFrame=ALL_TIME`)).rows;
    expect(byDealership).toEqual([{ userId: nordic.id, user_displayName: 'Nordic Cars', totalorders: 3 }]);

    const perGuide = (await get(asManager, `get-amount-of-orders-per-styleguide-from-child-accounts/${manager.id}?timeFrame=ALL_TIME`)).rows;
    const byGuide = Object.fromEntries(perGuide.map((r: { style_guide_name: string; total_orders: number }) => [r.style_guide_name, r.total_orders]));
    expect(byGuide).toEqual({ 'Studio white': 2, Showroom: 1 });

    // the admin dashboard's card: the admin asking about itself counts every account
    const everyGuide = (await get(admin, `get-amount-of-orders-per-styleguide-from-child-accounts/${adminAccount.id}?timeFrame=ALL_TIME`)).rows;
    expect(Object.fromEntries(everyGuide.map((r: { style_guide_name: string; total_orders: number }) => [r.style_guide_name, r.total_orders]))).toEqual({ 'Studio white': 2, Showroom: 2 });
  });

  it('counts devices, app versions and pictures per car over every order (admin)', async () => {
    expect(await get(admin, 'get-device-statistics?timeFrame=ALL_TIME')).toMatchObject({ mobile: 2, webApp: 2 });
    expect((await get(admin, 'get-appVersion-statistics?timeFrame=ALL_TIME')).rows).toEqual([{ appVersion: '3.2.0', count: 2 }]);
    // (10 + 20 + 30 + 4) / 4
    expect((await get(admin, 'get-average-images-per-car?timeFrame=ALL_TIME')).avg).toBe(16);
  });

  it('tells orders by their status now, with the late status change applied in its place', async () => {
    expect(await get(admin, 'get-total-orders-by-status?timeFrame=ALL_TIME')).toMatchObject({ uploading: 1, inProgress: 1, qaStage: 0, finished: 2 });
    // o1 was repushed and declined in QA; o2 left QA without a flaw; o3 and o4 have not been through QA
    expect(await get(admin, 'get-amount-of-flawless-orders?timeFrame=ALL_TIME')).toMatchObject({ totalFlawlessOrders: 1, totalOrdersWithFlaws: 1 });
  });

  it("counts QA's work: picks per editor and coordinator, the decline's reason, a repush replayed once", async () => {
    const qa = await get(admin, 'getQAActivitiesByTimePeriod?timePeriod=month&timeFrame=current');
    const picks = Object.fromEntries(qa.users.map((u: { userId: string; role: string; totalorders: number }) => [`${u.userId}/${u.role}`, u.totalorders]));
    expect(picks).toEqual({ [`${editor}/QA_EDITOR`]: 2, [`${coordinator}/QA_COORDINATOR`]: 1 });
    expect(qa.tags).toEqual([expect.objectContaining({ tags_name: 'Bad crop', totalorderswithevents: 1 })]);
    const repushes = await get(admin, 'get-statistics-total-events-last-30-days?eventName=IMAGE_REPUSHED');
    expect(repushes.total).toBe(1);
    expect(repushes.rows).toHaveLength(30);
  });

  it('counts processed pictures once per job in the current month', async () => {
    expect((await get(admin, 'getImageStatisticsPerMonthTotal?timePeriod=month&timeFrame=current')).total).toBe(3);
  });

  it('lists an account that has neither signed in nor ordered for 14 and 20 days, not for 30, and not an active one', async () => {
    const ids = async (days: number) => (await get(admin, `get-inactive-users?timeFrame=${days}`)).results.map((r: { userId: string }) => r.userId);
    expect(await ids(14)).toContain(oldMotors.id);
    expect(await ids(20)).toContain(oldMotors.id);
    expect(await ids(30)).not.toContain(oldMotors.id);
    expect(await ids(14)).not.toContain(nordic.id);
    expect(await ids(14)).not.toContain(budapest.id);
  });

  it("never gives a dealership or a manager numbers of an account outside its reach, nor a dealership the admin's", async () => {
    await get(asBudapest, `getDealershipOrderStatistics/${nordic.id}?timeFrame=ALL_TIME`, 404);
    await get(asBudapest, `getOrdersPerSalesMan/${nordic.id}`, 404);
    await get(asManager, `getDealershipOrderStatistics/${budapest.id}`, 404);
    await get(asManager, `get-orders-by-dealership/${budapest.id}`, 404);
    await get(asNordic, 'get-device-statistics', 403);
    await get(asNordic, 'get-inactive-users', 403);
  });
});
