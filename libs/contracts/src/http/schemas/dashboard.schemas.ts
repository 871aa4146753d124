import { COUNTED_EVENT_NAMES, QA_ACTIVITY_ROLES, type CountedEventName, type QaActivityRole } from '../../wire/dashboard';
import { REJECTION_SOURCES, type RejectionSource } from '../../wire/re-edit-requests';
import { Field } from '../fields';

/**
 * The dashboards' answers: each class is THE declaration of its shape (the OpenAPI schema, and
 * the type the wire module re-exports for the statistics service and the web app). Field names
 * follow the spec (`salesMan_name`, `totalorders` …) because the mobile app reads them.
 */

/** The profile header's numbers of one account. */
export class UserStatisticsView {
  @Field.int({ description: 'every order of the account, whatever its status or age' }) ordersCount!: number;
  @Field.int({ description: "the account's sales people" }) salesManCount!: number;
}

/** One style guide, source and reason of `GET /dashboard/rejection-reasons`. */
export class RejectionReasonRow {
  @Field.id() styleGuideId!: string;
  @Field.string() styleGuideName!: string;
  @Field.oneOf(REJECTION_SOURCES, 'RejectionSource', { description: "qa: QA declined a picture; dealership: a dealership's re-edit request" }) source!: RejectionSource;
  @Field.string({ description: 'QA: the IMAGE_ERROR tag chosen as the reason; dealership: the re-edit reason (background, cropping, …)' }) reason!: string;
  @Field.int() count!: number;
}

// ---------------------------------------------------------------------------------------
// the statistics service's answers: every one carries `expires`, until when it may be kept

const EXPIRES = { description: 'until when the answer may be kept (a day away; a month for monthly charts)' };
const AVERAGE = { description: 'per day over the last 30 days (one decimal)' };
const PREVIOUS_AVERAGE = { description: 'per day over the 30 days before those (one decimal); the change in percent is (average - previousAverage) / previousAverage' };

/** One bucket of a chart over time. */
export class PeriodCount {
  @Field.dateTime({ description: "the bucket's start: an hour (day), a day (week, month) or a month (year)" }) period!: string;
  @Field.int() count!: number;
}

/** Orders (cars) an account uploaded per bucket; a management account's are its child accounts' together. */
export class DealershipOrderStatisticsView {
  @Field.list(PeriodCount, { description: 'every bucket of the window, empty ones with 0' }) rows!: PeriodCount[];
  @Field.int({ description: 'orders in the window' }) total!: number;
  @Field.number(AVERAGE) average!: number;
  @Field.number(PREVIOUS_AVERAGE) previousAverage!: number;
  @Field.int({ description: 'orders this week (Monday first)' }) currentWeek!: number;
  @Field.int({ description: "orders in the account's best week ever" }) bestWeek!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

export class SalesManOrdersRow {
  @Field.id({ nullable: true, description: 'null for the orders without a sales person (the account\'s own)' }) salesManId!: string | null;
  @Field.string() salesMan_name!: string;
  @Field.int() totalorders!: number;
}

/** Orders per sales person of an account. */
export class OrdersPerSalesManView {
  @Field.list(SalesManOrdersRow, { description: 'most orders first' }) rows!: SalesManOrdersRow[];
  @Field.dateTime(EXPIRES) expires!: string;
}

export class DealershipOrdersRow {
  @Field.id() userId!: string;
  @Field.string() user_displayName!: string;
  @Field.int() totalorders!: number;
}

/** Orders per child account of a management account. */
export class OrdersByDealershipView {
  @Field.list(DealershipOrdersRow, { description: 'one row per account, most orders first' }) rows!: DealershipOrdersRow[];
  @Field.dateTime(EXPIRES) expires!: string;
}

/** Orders by where they were made. */
export class DeviceStatisticsView {
  @Field.int({ description: 'orders made in the mobile app' }) mobile!: number;
  @Field.int({ description: 'orders made in the web app' }) webApp!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

export class AppVersionCount {
  @Field.string({ example: '1.2.34' }) appVersion!: string;
  @Field.int() count!: number;
}

/** Mobile orders by app version. */
export class AppVersionStatisticsView {
  @Field.list(AppVersionCount) rows!: AppVersionCount[];
  @Field.dateTime(EXPIRES) expires!: string;
}

export class QaUserOrdersRow {
  @Field.id() userId!: string;
  @Field.string() user_displayName!: string;
  @Field.oneOf(QA_ACTIVITY_ROLES, 'QaActivityRole') role!: QaActivityRole;
  @Field.int({ description: 'orders the QA user picked in the window' }) totalorders!: number;
}

export class QaTagOrdersRow {
  @Field.id() tagId!: string;
  @Field.string() tags_name!: string;
  @Field.int({ description: 'orders carrying the tag in the window' }) totalorderswithevents!: number;
}

/** What QA did in the window. */
export class QaActivitiesView {
  @Field.list(QaUserOrdersRow) users!: QaUserOrdersRow[];
  @Field.list(QaTagOrdersRow) tags!: QaTagOrdersRow[];
  @Field.number({ nullable: true, description: 'minutes from a QA pick to the order leaving QA, averaged; null without any order' })
  averageMinutesPerOrder!: number | null;
  @Field.dateTime(EXPIRES) expires!: string;
}

/** Orders created per bucket. */
export class OrderStatisticsPerPeriodView {
  @Field.list(PeriodCount) rows!: PeriodCount[];
  @Field.int() total!: number;
  @Field.number(AVERAGE) average!: number;
  @Field.number(PREVIOUS_AVERAGE) previousAverage!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

/** Images processed per bucket. */
export class ImageStatisticsPerPeriodView {
  @Field.list(PeriodCount) rows!: PeriodCount[];
  @Field.int() total!: number;
  @Field.number(AVERAGE) average!: number;
  @Field.number(PREVIOUS_AVERAGE) previousAverage!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

const STAGE_MINUTES = (stage: string) => ({ nullable: true, description: `average minutes of ${stage}; null when no order of the bucket finished it` });

export class OrderTimelineRow {
  @Field.string({ description: "the bucket's start (a day, or a week with timeLineStep=week)" }) period!: string;
  @Field.number(STAGE_MINUTES('the upload')) averageUploadMinutes!: number | null;
  @Field.number(STAGE_MINUTES('the processing (In Progress)')) averageInProgressMinutes!: number | null;
  @Field.number(STAGE_MINUTES('the QA stage')) averageQaStageMinutes!: number | null;
  @Field.number(STAGE_MINUTES('the delivery')) averageDeliveryMinutes!: number | null;
  @Field.int({ description: 'orders created in the bucket' }) totalOrders!: number;
}

/** How long each stage took, for orders created in each of the last 14 days (or weeks). */
export class OrderTimelineView {
  @Field.list(OrderTimelineRow) rows!: OrderTimelineRow[];
  @Field.dateTime(EXPIRES) expires!: string;
}

export class AverageImagesPerCarView {
  @Field.number({ description: 'images per order in the window (one decimal)' }) avg!: number;
  @Field.number({ description: 'images per day over the last 14 days' }) averageImagesPerDay!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

export class OrdersByStatusRow {
  @Field.string({ description: "the bucket's start" }) period!: string;
  @Field.int() uploading!: number;
  @Field.int() inProgress!: number;
  @Field.int() qaStage!: number;
  @Field.int() finished!: number;
}

/** The four counts of the orders-by-status chart, per bucket and over the window. */
export class OrdersByStatusView {
  @Field.list(OrdersByStatusRow) rows!: OrdersByStatusRow[];
  @Field.int() uploading!: number;
  @Field.int() inProgress!: number;
  @Field.int() qaStage!: number;
  @Field.int({ description: 'Ready to download, Delivering or Completed' }) finished!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

export class InactiveUserRow {
  @Field.id() userId!: string;
  @Field.string() displayName!: string;
  @Field.string() email!: string;
  @Field.string({ description: 'Admin, QA, Dealership or Management' }) userRole!: string;
  @Field.dateTime({ nullable: true, description: 'null when the account never signed in' }) lastSignInAt!: string | null;
  @Field.dateTime({ nullable: true, description: 'null when the account never made an order' }) lastOrderAt!: string | null;
}

/** Accounts without a sign-in or an order for 14, 20 or 30 days, 10 a page. */
export class InactiveUsersView {
  @Field.list(InactiveUserRow, { description: 'this page (10 rows)' }) results!: InactiveUserRow[];
  @Field.int({ description: 'how many there are in all' }) count!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

export class StyleGuideOrdersRow {
  @Field.id() styleGuideId!: string;
  @Field.string() style_guide_name!: string;
  @Field.int() total_orders!: number;
}

/** Orders per style guide of an account (a management account: its child accounts'). */
export class OrdersPerStyleGuideView {
  @Field.list(StyleGuideOrdersRow, { description: 'most orders first' }) rows!: StyleGuideOrdersRow[];
  @Field.dateTime(EXPIRES) expires!: string;
}

export class ImageRatioRow {
  @Field.int({ description: 'the lower bound of the step: 0, 10 … 90 (100 % counts in 90)' }) percentage!: number;
  @Field.int() total_orders!: number;
}

/** How many orders of a month had which share of their images repushed (or edited), in steps of 10 %. */
export class ImageRatioView {
  @Field.string({ example: '2026-10', description: 'the month counted, YYYY-MM' }) month!: string;
  @Field.list(ImageRatioRow) rows!: ImageRatioRow[];
  @Field.int({ description: 'orders of the month with at least one such image' }) ordersWithImages!: number;
  @Field.int({ description: 'every order of the month' }) total_orders!: number;
  @Field.dateTime({ description: 'until when the answer may be kept (a month away)' }) expires!: string;
}

export class DayEventsRow {
  @Field.string({ description: 'the day' }) day!: string;
  @Field.int() total_events!: number;
}

/** Timeline events of one name per day over the last 30 days. */
export class TotalEventsView {
  @Field.oneOf(COUNTED_EVENT_NAMES, 'CountedEventName') eventName!: CountedEventName;
  @Field.list(DayEventsRow) rows!: DayEventsRow[];
  @Field.int() total!: number;
  @Field.number(AVERAGE) average!: number;
  @Field.number(PREVIOUS_AVERAGE) previousAverage!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

/** Orders that left QA without any image declined, repushed or re-edit requested, against those with flaws. */
export class FlawlessOrdersView {
  @Field.int() totalFlawlessOrders!: number;
  @Field.int() totalOrdersWithFlaws!: number;
  @Field.dateTime(EXPIRES) expires!: string;
}

export class QaServiceLevelRow {
  @Field.string({ description: "the week's Monday" }) week!: string;
  @Field.int({ description: 'orders that reached Ready to download in the week' }) orders!: number;
  @Field.number({ nullable: true, description: 'median minutes from upload to Ready to download; null without orders' }) medianMinutes!: number | null;
  @Field.number({ nullable: true, description: '90th percentile of the same; null without orders' }) p90Minutes!: number | null;
  @Field.number({ nullable: true, description: 'share (0..1) ready within the promised 24 hours; null without orders' }) withinPromise!: number | null;
}

/** Per week: how long orders took from upload to Ready to download, against the promise. */
export class QaServiceLevelsView {
  @Field.list(QaServiceLevelRow, { description: 'one row per week, oldest first' }) rows!: QaServiceLevelRow[];
  @Field.dateTime(EXPIRES) expires!: string;
}
