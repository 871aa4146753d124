import {
  AVERAGE_WINDOW_DAYS,
  DEFAULT_INACTIVE_USER_DAYS,
  INACTIVE_USERS_PAGE_SIZE,
  ORDER_TIMELINE_DAYS,
  QA_ACTIVITY_ROLES,
  QA_PROMISED_HOURS,
  RpcError,
  STATISTICS_FIRST_MONTH,
  STATISTICS_MESSAGES,
  type AccountWindowPayload,
  type Actor,
  type AppVersionStatisticsView,
  type AverageImagesPerCarView,
  type DealershipOrderStatisticsView,
  type DeviceStatisticsView,
  type Expiring,
  type FlawlessOrdersView,
  type ImageRatioView,
  type ImageStatisticsPerPeriodView,
  type InactiveUsersQuery,
  type InactiveUsersView,
  type MonthQuery,
  type OrdersByDealershipView,
  type OrdersByStatusView,
  type OrderStatisticsPerPeriodView,
  type OrdersPerSalesManView,
  type OrdersPerStyleGuideView,
  type OrderTimelineQuery,
  type OrderTimelineView,
  type PeriodCount,
  type QaActivitiesQuery,
  type QaActivitiesView,
  type QaServiceLevelsView,
  type ServiceLevelsQuery,
  type StatisticsWindowQuery,
  type TotalEventsQuery,
  type TotalEventsView,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { StatisticsAccess, type StatScope } from '../access/statistics-access';
import {
  toAppVersionStatisticsView,
  toAverageImagesPerCarView,
  toDealershipOrderStatisticsView,
  toDeviceStatisticsView,
  toFlawlessOrdersView,
  toImageRatioView,
  toImageStatisticsPerPeriodView,
  toInactiveUsersView,
  toOrdersByDealershipView,
  toOrdersByStatusView,
  toOrderStatisticsPerPeriodView,
  toOrdersPerSalesManView,
  toOrdersPerStyleGuideView,
  toOrderTimelineView,
  toQaActivitiesView,
  toQaServiceLevelsView,
  toTotalEventsView,
  type Answer,
} from './dashboards.wire';
import { AccountOrdersRepository } from './questions/account-orders.repository';
import { CountsOverTimeRepository } from './questions/counts-over-time.repository';
import { DevicesRepository } from './questions/devices.repository';
import { InactiveUsersRepository } from './questions/inactive-users.repository';
import { OrderFlowRepository } from './questions/order-flow.repository';
import { OrderImagesRepository } from './questions/order-images.repository';
import { QaActivityRepository } from './questions/qa-activity.repository';
import { QaOutcomesRepository } from './questions/qa-outcomes.repository';
import { addDays, addMonths, dayKey, endOfDay, endOfMonth, oneDecimal, resolveWindow, startOfDay, startOfMonth, startOfWeek, type StatWindow } from './statistics-window';

type Expiry = 'day' | 'month';

/** the steps of the image-ratio charts: 0, 10 … 90 % */
const RATIO_STEPS = Array.from({ length: 10 }, (_, i) => i * 10);
const FLAW_EVENTS = { repushed: 'IMAGE_REPUSHED', edited: 'QA_UPLOADED_PICTURE' } as const;
const IMAGES_PER_DAY_DAYS = 14;
const MAX_SERVICE_LEVEL_WEEKS = 52;
const DEFAULT_SERVICE_LEVEL_WEEKS = 12;

const total = (buckets: PeriodCount[]) => buckets.reduce((s, b) => s + b.count, 0);

/**
 * The dashboards' questions (docs/statistics.md, "Questions"): who may ask (`StatisticsAccess`),
 * the window, and the answer from the fact tables as they are now (one repository per family of
 * questions, `questions/`), with the time until which the web app may keep it (the end of the UTC
 * day; the monthly charts: the month). Each answer leaves through its mapping to the wire's names
 * (`dashboards.wire.ts`).
 */
@Injectable()
export class DashboardsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly access: StatisticsAccess,
    private readonly countsOverTime: CountsOverTimeRepository,
    private readonly accountOrders: AccountOrdersRepository,
    private readonly devicesRepo: DevicesRepository,
    private readonly qaActivity: QaActivityRepository,
    private readonly orderFlow: OrderFlowRepository,
    private readonly orderImages: OrderImagesRepository,
    private readonly qaOutcomes: QaOutcomesRepository,
    private readonly inactive: InactiveUsersRepository,
  ) {}

  /** now, for the window and the expiry */
  protected now(): Date {
    return new Date();
  }

  private get m(): EntityManager {
    return this.ds.manager;
  }

  /**
   * The answer of a question, worked out now from the facts (a question costs a few ms: nothing
   * is kept on the server, so an event counted a moment ago is in the next answer), with the
   * time until which the web app may keep it: the end of the UTC day (month), as the spec's
   * chart cache says.
   */
  private async answer<T extends Expiring>(expiry: Expiry, compute: (now: Date) => Promise<Answer<T>>): Promise<T> {
    const now = this.now();
    const expires = expiry === 'month' ? endOfMonth(now) : endOfDay(now);
    return { ...(await compute(now)), expires: expires.toISOString() } as T;
  }

  /** one count per bucket of the window, every bucket present */
  private async periodCounts(metric: 'orders' | 'images_processed', scope: StatScope, w: StatWindow): Promise<PeriodCount[]> {
    const counts =
      w.unit !== 'hour'
        ? await this.countsOverTime.dailyByBucket(this.m, metric, scope, w.from, w.to, w.unit)
        : metric === 'orders'
          ? await this.countsOverTime.ordersByHour(this.m, scope, w.from, w.to)
          : await this.countsOverTime.imagesByHour(this.m, w.from, w.to);
    return w.buckets.map((b) => ({ period: b.start.toISOString(), count: counts.get(b.key) ?? 0 }));
  }

  /** per day over the last 30 days (today included) and over the 30 before, one decimal; `extra` ranges summed too */
  private async averages(metric: string, scope: StatScope, now: Date, extra: Array<[Date, Date]> = []): Promise<{ average: number; previousAverage: number; extra: number[] }> {
    const end = addDays(startOfDay(now), 1);
    const mid = addDays(end, -AVERAGE_WINDOW_DAYS);
    const start = addDays(mid, -AVERAGE_WINDOW_DAYS);
    const [last, before, ...rest] = await this.countsOverTime.dailySums(this.m, metric, scope, [[mid, end], [start, mid], ...extra]);
    return { average: oneDecimal(last / AVERAGE_WINDOW_DAYS), previousAverage: oneDecimal(before / AVERAGE_WINDOW_DAYS), extra: rest };
  }

  private window(q: StatisticsWindowQuery, defaultPeriod: 'year' | 'month' | 'week' = 'year'): StatWindow {
    return resolveWindow(this.now(), q.timePeriod ?? defaultPeriod, q.timeFrame ?? 'current');
  }

  // ----------------------------------------------------------------------------------
  // an account's questions

  async dealershipOrders(actor: Actor, q: AccountWindowPayload): Promise<DealershipOrderStatisticsView> {
    const ids = await this.access.accountScope(this.m, actor, q.accountId);
    const w = this.window(q);
    return this.answer<DealershipOrderStatisticsView>('day', async (now) => {
      const scope: StatScope = { kind: 'accounts', ids };
      const buckets = await this.periodCounts('orders', scope, w);
      const week = startOfWeek(now);
      const avg = await this.averages('orders', scope, now, [[week, addDays(week, 7)]]);
      return toDealershipOrderStatisticsView({
        buckets,
        total: total(buckets),
        average: avg.average,
        previousAverage: avg.previousAverage,
        currentWeek: avg.extra[0],
        bestWeek: await this.countsOverTime.bestWeek(this.m, scope),
      });
    });
  }

  async ordersPerSalesMan(actor: Actor, q: AccountWindowPayload): Promise<OrdersPerSalesManView> {
    const ids = await this.access.accountScope(this.m, actor, q.accountId);
    const w = this.window(q);
    return this.answer<OrdersPerSalesManView>('day', async () => {
      const salesPeople = await this.accountOrders.ordersPerSalesPerson(this.m, ids, w.from, w.to);
      // the account's own orders (without a sales person) go by the account's name
      const own = salesPeople.some((s) => s.salesPersonId === null) ? await this.accountOrders.displayName(this.m, q.accountId) : '';
      const named = salesPeople.map((s) => (s.salesPersonId === null ? { ...s, salesPersonName: own } : s));
      // most first, then by name
      named.sort((a, b) => b.totalOrders - a.totalOrders || (a.salesPersonName < b.salesPersonName ? -1 : a.salesPersonName > b.salesPersonName ? 1 : 0));
      return toOrdersPerSalesManView(named);
    });
  }

  async ordersByDealership(actor: Actor, q: AccountWindowPayload): Promise<OrdersByDealershipView> {
    const ids = await this.access.accountScope(this.m, actor, q.accountId);
    const w = this.window(q);
    return this.answer<OrdersByDealershipView>('day', async () =>
      // the child accounts; an account without children is its own one row
      toOrdersByDealershipView(await this.accountOrders.ordersPerAccount(this.m, ids.length > 1 ? ids.slice(1) : ids, w.from, w.to)),
    );
  }

  async ordersPerStyleGuide(actor: Actor, q: AccountWindowPayload): Promise<OrdersPerStyleGuideView> {
    // the admin asking about itself (the admin dashboard's card) counts every account: an admin has no orders of its own
    const scope: StatScope | string[] =
      StatisticsAccess.isAdmin(actor) && actor.userId === q.accountId ? { kind: 'all' } : await this.access.accountScope(this.m, actor, q.accountId);
    const w = this.window(q);
    return this.answer<OrdersPerStyleGuideView>('day', async () =>
      toOrdersPerStyleGuideView(await this.accountOrders.ordersPerStyleGuide(this.m, Array.isArray(scope) ? scope : null, w.from, w.to)),
    );
  }

  /** every role's: the actor's own accounts (admin and QA: every account) */
  async averageImagesPerCar(actor: Actor, q: StatisticsWindowQuery): Promise<AverageImagesPerCarView> {
    const scope = await this.access.ownScope(this.m, actor);
    const w = this.window(q);
    return this.answer<AverageImagesPerCarView>('day', async (now) => {
      const { orders, images } = await this.orderImages.ordersAndImages(this.m, scope, w.from, w.to);
      const end = addDays(startOfDay(now), 1);
      const [processed] = await this.countsOverTime.dailySums(this.m, 'images_processed', scope, [[addDays(end, -IMAGES_PER_DAY_DAYS), end]]);
      return toAverageImagesPerCarView({ perOrder: orders === 0 ? 0 : oneDecimal(images / orders), perDay: oneDecimal(processed / IMAGES_PER_DAY_DAYS) });
    });
  }

  // ----------------------------------------------------------------------------------
  // the admin's questions about the whole product

  async devices(actor: Actor, q: StatisticsWindowQuery): Promise<DeviceStatisticsView> {
    StatisticsAccess.assertAdmin(actor);
    const w = this.window(q);
    return this.answer<DeviceStatisticsView>('day', async () => toDeviceStatisticsView(await this.devicesRepo.devices(this.m, w.from, w.to)));
  }

  async appVersions(actor: Actor, q: StatisticsWindowQuery): Promise<AppVersionStatisticsView> {
    StatisticsAccess.assertAdmin(actor);
    const w = this.window(q);
    return this.answer<AppVersionStatisticsView>('day', async () => toAppVersionStatisticsView(await this.devicesRepo.appVersions(this.m, w.from, w.to)));
  }

  async ordersPerPeriod(actor: Actor, q: StatisticsWindowQuery): Promise<OrderStatisticsPerPeriodView> {
    StatisticsAccess.assertAdmin(actor);
    const w = this.window(q);
    return this.answer<OrderStatisticsPerPeriodView>('day', async (now) => {
      const buckets = await this.periodCounts('orders', { kind: 'all' }, w);
      const { average, previousAverage } = await this.averages('orders', { kind: 'all' }, now);
      return toOrderStatisticsPerPeriodView({ buckets, total: total(buckets), average, previousAverage });
    });
  }

  async imagesPerPeriod(actor: Actor, q: StatisticsWindowQuery): Promise<ImageStatisticsPerPeriodView> {
    StatisticsAccess.assertAdmin(actor);
    const w = this.window(q);
    return this.answer<ImageStatisticsPerPeriodView>('day', async (now) => {
      const buckets = await this.periodCounts('images_processed', { kind: 'all' }, w);
      const { average, previousAverage } = await this.averages('images_processed', { kind: 'all' }, now);
      return toImageStatisticsPerPeriodView({ buckets, total: total(buckets), average, previousAverage });
    });
  }

  async orderTimeline(actor: Actor, q: OrderTimelineQuery): Promise<OrderTimelineView> {
    StatisticsAccess.assertAdmin(actor);
    const step = q.timeLineStep ?? 'day';
    return this.answer<OrderTimelineView>('day', async (now) => {
      const first = step === 'day' ? addDays(startOfDay(now), 1 - ORDER_TIMELINE_DAYS) : addDays(startOfWeek(now), -7 * (ORDER_TIMELINE_DAYS - 1));
      const starts = Array.from({ length: ORDER_TIMELINE_DAYS }, (_, i) => addDays(first, step === 'day' ? i : 7 * i));
      const to = addDays(starts[starts.length - 1], step === 'day' ? 1 : 7);
      const byKey = new Map((await this.orderFlow.stageTimes(this.m, first, to, step)).map((r) => [r.key, r]));
      const avg = (v: number | null | undefined) => (v === null || v === undefined ? null : oneDecimal(v));
      return toOrderTimelineView(
        starts.map((s) => {
          const r = byKey.get(dayKey(s));
          return { start: s.toISOString(), totalOrders: r?.totalOrders ?? 0, upload: avg(r?.upload), inProgress: avg(r?.inProgress), qaStage: avg(r?.qaStage), delivery: avg(r?.delivery) };
        }),
      );
    });
  }

  async ordersByStatus(actor: Actor, q: StatisticsWindowQuery): Promise<OrdersByStatusView> {
    StatisticsAccess.assertAdmin(actor);
    const w = this.window(q, 'week');
    return this.answer<OrdersByStatusView>('day', async () => {
      const byKey = new Map((await this.orderFlow.statusCounts(this.m, w.from, w.to, w.unit)).map((r) => [r.key, r]));
      const buckets = w.buckets.map((b) => {
        const r = byKey.get(b.key);
        return { start: b.start.toISOString(), uploading: r?.uploading ?? 0, inProgress: r?.inProgress ?? 0, qaStage: r?.qaStage ?? 0, finished: r?.finished ?? 0 };
      });
      const sum = (f: 'uploading' | 'inProgress' | 'qaStage' | 'finished') => buckets.reduce((s, b) => s + b[f], 0);
      return toOrdersByStatusView(buckets, { uploading: sum('uploading'), inProgress: sum('inProgress'), qaStage: sum('qaStage'), finished: sum('finished') });
    });
  }

  async inactiveUsers(actor: Actor, q: InactiveUsersQuery): Promise<InactiveUsersView> {
    StatisticsAccess.assertAdmin(actor);
    const days = q.timeFrame ?? DEFAULT_INACTIVE_USER_DAYS;
    const page = q.page ?? 1;
    if (page < 1) throw RpcError.badRequest('page must be at least 1');
    return this.answer<InactiveUsersView>('day', async (now) => {
      const before = addDays(startOfDay(now), -days);
      const { rows, count } = await this.inactive.inactiveAccounts(this.m, before, INACTIVE_USERS_PAGE_SIZE, (page - 1) * INACTIVE_USERS_PAGE_SIZE);
      return toInactiveUsersView(rows, count);
    });
  }

  // ----------------------------------------------------------------------------------
  // QA's work (admin and QA)

  async qaActivities(actor: Actor, q: QaActivitiesQuery): Promise<QaActivitiesView> {
    StatisticsAccess.assertAdminOrQa(actor);
    const w = this.window(q, 'month');
    const categories = q.tagCategoryFromQA ? [q.tagCategoryFromQA] : [...QA_ACTIVITY_ROLES];
    return this.answer<QaActivitiesView>('day', async () => {
      const [users, tags, minutes] = [
        await this.qaActivity.picksPerUser(this.m, w.from, w.to),
        await this.qaActivity.ordersPerTag(this.m, categories, w.from, w.to),
        await this.qaActivity.averageMinutesPerOrder(this.m, w.from, w.to),
      ];
      return toQaActivitiesView(users, tags, minutes === null ? null : oneDecimal(minutes));
    });
  }

  repushedImages(actor: Actor, q: MonthQuery): Promise<ImageRatioView> {
    return this.imageRatio(actor, q, 'repushed');
  }

  editedImages(actor: Actor, q: MonthQuery): Promise<ImageRatioView> {
    return this.imageRatio(actor, q, 'edited');
  }

  private async imageRatio(actor: Actor, q: MonthQuery, which: keyof typeof FLAW_EVENTS): Promise<ImageRatioView> {
    StatisticsAccess.assertAdminOrQa(actor);
    const lastMonth = addMonths(startOfMonth(this.now()), -1).toISOString().slice(0, 7);
    const month = q.timeStamp ?? lastMonth;
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month < STATISTICS_FIRST_MONTH || month > lastMonth) throw RpcError.badRequest(STATISTICS_MESSAGES.badMonth);
    return this.answer<ImageRatioView>('month', async () => {
      const from = new Date(`${month}-01T00:00:00.000Z`);
      const { totalOrders, ordersPerStep } = await this.orderImages.imageRatios(this.m, FLAW_EVENTS[which], from, addMonths(from, 1));
      const steps = RATIO_STEPS.map((percentage) => ({ percentage, orders: ordersPerStep.get(percentage) ?? 0 }));
      return toImageRatioView({ month, steps, ordersWithImages: steps.reduce((s, r) => s + r.orders, 0), totalOrders });
    });
  }

  async totalEvents(actor: Actor, q: TotalEventsQuery): Promise<TotalEventsView> {
    StatisticsAccess.assertAdminOrQa(actor);
    const eventName = q.eventName ?? 'IMAGE_REPUSHED';
    return this.answer<TotalEventsView>('day', async (now) => {
      const metric = `event:${eventName}`;
      const end = addDays(startOfDay(now), 1);
      const from = addDays(end, -AVERAGE_WINDOW_DAYS);
      const counts = await this.countsOverTime.dailyByBucket(this.m, metric, { kind: 'all' }, from, end, 'day');
      const days = Array.from({ length: AVERAGE_WINDOW_DAYS }, (_, i) => {
        const d = dayKey(addDays(from, i));
        return { day: d, events: counts.get(d) ?? 0 };
      });
      const { average, previousAverage } = await this.averages(metric, { kind: 'all' }, now);
      return toTotalEventsView(eventName, days, { total: days.reduce((s, d) => s + d.events, 0), average, previousAverage });
    });
  }

  async flawlessOrders(actor: Actor, q: StatisticsWindowQuery): Promise<FlawlessOrdersView> {
    StatisticsAccess.assertAdminOrQa(actor);
    const w = this.window(q);
    return this.answer<FlawlessOrdersView>('day', async () => toFlawlessOrdersView(await this.qaOutcomes.flawCounts(this.m, w.from, w.to)));
  }

  async qaServiceLevels(actor: Actor, q: ServiceLevelsQuery): Promise<QaServiceLevelsView> {
    StatisticsAccess.assertAdminOrQa(actor);
    const weeks = q.weeks ?? DEFAULT_SERVICE_LEVEL_WEEKS;
    if (weeks < 1 || weeks > MAX_SERVICE_LEVEL_WEEKS) throw RpcError.badRequest(`weeks must be between 1 and ${MAX_SERVICE_LEVEL_WEEKS}`);
    return this.answer<QaServiceLevelsView>('day', async (now) => {
      const first = addDays(startOfWeek(now), -7 * (weeks - 1));
      const byKey = new Map((await this.qaOutcomes.serviceLevels(this.m, first, weeks, QA_PROMISED_HOURS * 60)).map((r) => [r.key, r]));
      return toQaServiceLevelsView(
        Array.from({ length: weeks }, (_, i) => {
          const start = addDays(first, 7 * i);
          const r = byKey.get(dayKey(start));
          return {
            start: start.toISOString(),
            orders: r?.orders ?? 0,
            median: r?.median == null ? null : oneDecimal(r.median),
            p90: r?.p90 == null ? null : oneDecimal(r.p90),
            within: r?.within == null ? null : Math.round(r.within * 1000) / 1000,
          };
        }),
      );
    });
  }
}
