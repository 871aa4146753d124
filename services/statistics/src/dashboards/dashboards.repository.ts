import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StatScope } from '../access/statistics-access';
import { READY_WEEK_PROMISE_MINUTES } from '../migrations/1764700000300-daily-totals';
import type { BucketUnit } from './statistics-window';

/** `key` → count, `key` as `bucketKey` makes it (`YYYY-MM-DDTHH` for hours, `YYYY-MM-DD` else). */
export type KeyedCounts = Map<string, number>;

/** the accounts of a scope as a query parameter: null for every account */
const accounts = (scope: StatScope): string[] | null => (scope.kind === 'all' ? null : scope.ids);

/** `YYYY-MM-DD` of a day, the form `stat_daily.day` is compared with */
const day = (d: Date): string => d.toISOString().slice(0, 10);

/** whether [from, to) is whole UTC days, so that per-day totals answer it exactly */
const wholeDays = (from: Date, to: Date): boolean => from.getTime() % 86_400_000 === 0 && to.getTime() % 86_400_000 === 0;

/** the key of the day or month bucket a `YYYY-MM-DD` day falls in */
const dayBucket = (d: string, unit: 'day' | 'month'): string => (unit === 'day' ? d : `${d.slice(0, 7)}-01`);

/** the key of the Monday-first week a `YYYY-MM-DD` day falls in */
function weekBucket(d: string): string {
  const t = new Date(`${d}T00:00:00.000Z`);
  return keyOfStart(new Date(t.getTime() - ((t.getUTCDay() + 6) % 7) * 86_400_000), 'week');
}

/** a row of `stat_daily_all`: one metric's total of one day */
interface AllDailyRow {
  metric: string;
  d: string;
  n: string;
  minutes: number;
}

/** SQL of the start of a fact time's bucket, in UTC whatever the session's time zone */
function truncOf(column: string, unit: BucketUnit | 'week'): string {
  return `date_trunc('${unit}', ${column}, 'UTC')`;
}

/** the key (as `bucketKey` makes it) of a bucket that starts at `t` */
function keyOfStart(t: Date | string, unit: BucketUnit | 'week'): string {
  const iso = new Date(t).toISOString();
  return unit === 'hour' ? iso.slice(0, 13) : iso.slice(0, 10);
}

function keyed(rows: Array<{ t: Date; n: string | number }>, unit: BucketUnit): KeyedCounts {
  return new Map(rows.map((r) => [keyOfStart(r.t, unit), Number(r.n)]));
}

export interface StageRow {
  k: string;
  total: number;
  upload: number | null;
  inProgress: number | null;
  qaStage: number | null;
  delivery: number | null;
}

export interface StatusRow {
  k: string;
  uploading: number;
  inProgress: number;
  qaStage: number;
  finished: number;
}

export interface InactiveRow {
  userId: string;
  displayName: string;
  email: string;
  userRole: string;
  lastSignInAt: Date | null;
  lastOrderAt: Date | null;
}

export interface ServiceLevelRow {
  k: string;
  orders: number;
  median: number | null;
  p90: number | null;
  within: number | null;
}

/** the timeline events whose per-order image ratios `stat_daily_all` keeps (`ratio:<event>:<step>`) */
const RATIO_EVENTS: readonly string[] = ['IMAGE_REPUSHED', 'QA_UPLOADED_PICTURE'];

/** QA's leaving time of an order: the first of the statuses after QA */
const LEFT_QA = 'least(o.delivering_at, o.ready_at, o.completed_at)';

/**
 * The dashboards' questions as SQL over the fact tables (docs/statistics.md, "Questions").
 * Counts over time read `stat_daily` (a few hundred rows a year per account) except by the hour,
 * which reads the facts themselves (a window of hours is a day or a week). Orders of every
 * status count, deleted ones too (`deleted_at` keeps them as uploaded history); deleted accounts
 * are no longer in the tables. Reads only.
 */
@Injectable()
export class DashboardsRepository {
  /**
   * `stat_daily` of one metric per bucket of days or months in [from, to): summed per day in SQL
   * (over the index alone), put in buckets here
   */
  async dailyByBucket(m: EntityManager, metric: string, scope: StatScope, from: Date, to: Date, unit: 'day' | 'month'): Promise<KeyedCounts> {
    const rows: Array<{ d: string; n: string }> =
      scope.kind === 'all'
        ? await m.query(`SELECT day::text AS d, count AS n FROM stat_daily_all WHERE metric = $1 AND day >= $2::date AND day < $3::date`, [metric, day(from), day(to)])
        : await m.query(
            `SELECT day::text AS d, sum(count) AS n
               FROM stat_daily
              WHERE metric = $1 AND day >= $2::date AND day < $3::date AND account_id = ANY($4::uuid[])
              GROUP BY day`,
            [metric, day(from), day(to), scope.ids],
          );
    const out: KeyedCounts = new Map();
    for (const r of rows) {
      const k = dayBucket(r.d, unit);
      out.set(k, (out.get(k) ?? 0) + Number(r.n));
    }
    return out;
  }

  /** `stat_daily` of one metric summed over each of the given day ranges [from, to) */
  async dailySums(m: EntityManager, metric: string, scope: StatScope, ranges: Array<[Date, Date]>): Promise<number[]> {
    const lo = ranges.reduce((a, [f]) => (f < a ? f : a), ranges[0][0]);
    const hi = ranges.reduce((a, [, t]) => (t > a ? t : a), ranges[0][1]);
    const params: unknown[] = [metric, day(lo), day(hi), accounts(scope)];
    const sums = ranges.map(([f, t], i) => {
      params.push(day(f), day(t));
      return `coalesce(sum(count) FILTER (WHERE day >= $${params.length - 1}::date AND day < $${params.length}::date), 0) AS s${i}`;
    });
    const [row] = await m.query(
      scope.kind === 'all'
        ? `SELECT ${sums.join(', ')} FROM stat_daily_all WHERE metric = $1 AND day >= $2::date AND day < $3::date AND $4::uuid[] IS NULL`
        : `SELECT ${sums.join(', ')} FROM stat_daily
            WHERE metric = $1 AND day >= $2::date AND day < $3::date AND account_id = ANY($4::uuid[])`,
      params,
    );
    return ranges.map((_, i) => Number(row[`s${i}`]));
  }

  /** orders created per hour in [from, to) */
  async ordersByHour(m: EntityManager, scope: StatScope, from: Date, to: Date): Promise<KeyedCounts> {
    const rows = await m.query(
      `SELECT ${truncOf('created_at', 'hour')} AS t, count(*) AS n FROM stat_order
        WHERE created_at >= $1 AND created_at < $2 AND ($3::uuid[] IS NULL OR account_id = ANY($3::uuid[]))
        GROUP BY 1`,
      [from, to, accounts(scope)],
    );
    return keyed(rows, 'hour');
  }

  /** images processed per hour in [from, to) (every account) */
  async imagesByHour(m: EntityManager, from: Date, to: Date): Promise<KeyedCounts> {
    const rows = await m.query(
      `SELECT ${truncOf('processed_at', 'hour')} AS t, count(*) AS n FROM stat_image_processed
        WHERE processed_at >= $1 AND processed_at < $2 GROUP BY 1`,
      [from, to],
    );
    return keyed(rows, 'hour');
  }

  /** the most orders the accounts made in one week (Monday first), ever */
  async bestWeek(m: EntityManager, scope: StatScope): Promise<number> {
    if (scope.kind === 'all') {
      const [all] = await m.query(
        `SELECT coalesce(max(n), 0) AS n FROM (SELECT sum(count) AS n FROM stat_daily_all WHERE metric = 'orders' GROUP BY date_trunc('week', day::timestamp)) w`,
      );
      return Number(all.n);
    }
    const [row] = await m.query(
      `SELECT coalesce(max(n), 0) AS n FROM (
         SELECT sum(count) AS n FROM stat_daily
          WHERE metric = 'orders' AND ($1::uuid[] IS NULL OR account_id = ANY($1::uuid[]))
          GROUP BY date_trunc('week', day::timestamp)) w`,
      [accounts(scope)],
    );
    return Number(row.n);
  }

  /** `stat_daily_all` of the metrics starting with `prefix` summed per metric over [from, to) (`d` empty) */
  private async allSums(m: EntityManager, prefix: string, from: Date, to: Date): Promise<AllDailyRow[]> {
    return m.query(
      `SELECT metric, '' AS d, sum(count) AS n, sum(minutes) AS minutes FROM stat_daily_all
        WHERE metric LIKE $1 AND day >= $2::date AND day < $3::date
        GROUP BY metric HAVING sum(count) <> 0`,
      [`${prefix.replace(/[\\%_]/g, '\\$&')}%`, day(from), day(to)],
    );
  }

  /** `stat_daily_all` rows of the metrics starting with `prefix` (a range of the primary key) in [from, to) */
  private async allDaily(m: EntityManager, prefix: string, from: Date, to: Date): Promise<AllDailyRow[]> {
    return m.query(
      `SELECT metric, day::text AS d, count AS n, minutes FROM stat_daily_all
        WHERE metric LIKE $1 AND day >= $2::date AND day < $3::date AND count <> 0`,
      [`${prefix.replace(/[\\%_]/g, '\\$&')}%`, day(from), day(to)],
    );
  }

  async displayName(m: EntityManager, id: string): Promise<string> {
    const rows: Array<{ n: string }> = await m.query('SELECT display_name AS n FROM stat_account WHERE id = $1', [id]);
    return rows[0]?.n ?? '';
  }

  /** orders per sales person (null: the account's own) */
  async ordersPerSalesPerson(m: EntityManager, ids: string[], from: Date, to: Date): Promise<Array<{ id: string | null; name: string; n: number }>> {
    return m.query(
      `SELECT o.sales_person_id AS id, coalesce(max(sp.name), '') AS name, count(*)::int AS n
         FROM stat_order o LEFT JOIN stat_sales_person sp ON sp.id = o.sales_person_id
        WHERE o.account_id = ANY($1::uuid[]) AND o.created_at >= $2 AND o.created_at < $3
        GROUP BY o.sales_person_id
        ORDER BY n DESC, name, id NULLS LAST`,
      [ids, from, to],
    );
  }

  /** orders of each of these accounts (every one, 0 too), most first */
  async ordersPerAccount(m: EntityManager, ids: string[], from: Date, to: Date): Promise<Array<{ id: string; name: string; n: number }>> {
    return m.query(
      `SELECT a.id, a.display_name AS name, coalesce(sum(d.count), 0)::int AS n
         FROM stat_account a
         LEFT JOIN stat_daily d ON d.account_id = a.id AND d.metric = 'orders' AND d.day >= $2::date AND d.day < $3::date
        WHERE a.id = ANY($1::uuid[])
        GROUP BY a.id, a.display_name
        ORDER BY n DESC, name, a.id`,
      [ids, day(from), day(to)],
    );
  }

  /** orders per style guide (orders without one are left out), most first */
  /** orders per style guide of these accounts (null: every account) */
  async ordersPerStyleGuide(m: EntityManager, ids: string[] | null, from: Date, to: Date): Promise<Array<{ id: string; name: string; n: number }>> {
    return m.query(
      `SELECT o.style_guide_id AS id, coalesce(max(g.name), '') AS name, count(*)::int AS n
         FROM stat_order o LEFT JOIN stat_style_guide g ON g.id = o.style_guide_id
        WHERE ($1::uuid[] IS NULL OR o.account_id = ANY($1::uuid[])) AND o.created_at >= $2 AND o.created_at < $3 AND o.style_guide_id IS NOT NULL
        GROUP BY o.style_guide_id
        ORDER BY n DESC, name, id`,
      [ids, from, to],
    );
  }

  /** orders made in the mobile app (android, ios) and elsewhere (the web app; older orders without a platform) */
  async devices(m: EntityManager, from: Date, to: Date): Promise<{ mobile: number; web: number }> {
    if (wholeDays(from, to)) {
      const out = { mobile: 0, web: 0 };
      for (const r of await this.allSums(m, 'order_platform:', from, to)) out[r.metric === 'order_platform:web' ? 'web' : 'mobile'] += Number(r.n);
      return out;
    }
    const [row] = await m.query(
      `SELECT count(*) FILTER (WHERE platform IN ('android', 'ios'))::int AS mobile,
              count(*) FILTER (WHERE platform IS NULL OR platform NOT IN ('android', 'ios'))::int AS web
         FROM stat_order WHERE created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    return row;
  }

  /** mobile orders per app version (`unknown` without one), most first */
  async appVersions(m: EntityManager, from: Date, to: Date): Promise<Array<{ v: string; n: number }>> {
    if (wholeDays(from, to)) {
      const byVersion = new Map<string, number>();
      for (const r of await this.allSums(m, 'order_platform:mobile:', from, to)) {
        const v = r.metric.slice('order_platform:mobile:'.length);
        byVersion.set(v, (byVersion.get(v) ?? 0) + Number(r.n));
      }
      return [...byVersion]
        .filter(([, n]) => n > 0)
        .map(([v, n]) => ({ v, n }))
        .sort((a, b) => b.n - a.n || (a.v < b.v ? -1 : a.v > b.v ? 1 : 0));
    }
    return m.query(
      `SELECT coalesce(nullif(app_version, ''), 'unknown') AS v, count(*)::int AS n
         FROM stat_order WHERE created_at >= $1 AND created_at < $2 AND platform IN ('android', 'ios')
        GROUP BY 1 ORDER BY n DESC, v`,
      [from, to],
    );
  }

  /**
   * orders each QA user picked in [from, to), by the role it picked them in: the distinct
   * (user, role, order) of the window's picks counted by hash, then named (the account's name,
   * or the name on its latest pick when the account is gone)
   */
  async qaPicks(m: EntityManager, from: Date, to: Date): Promise<Array<{ id: string; name: string; role: 'QA_EDITOR' | 'QA_COORDINATOR'; n: number }>> {
    if (wholeDays(from, to)) {
      // the orders each user picked per day, summed; less the days beyond the first in the window of an order picked on several
      const picks = new Map<string, { id: string; role: string; n: number }>();
      for (const r of await this.allSums(m, 'qa_pick:', from, to)) {
        const [, role, id] = r.metric.split(':');
        const p = picks.get(`${role}:${id}`) ?? { id, role, n: 0 };
        picks.set(`${role}:${id}`, { ...p, n: p.n + Number(r.n) });
      }
      const repeats: Array<{ id: string; role: string; extra: string }> = await m.query(
        `SELECT user_id AS id, role, sum(c - 1) AS extra FROM (
           SELECT user_id, role, order_id, count(*) AS c FROM stat_qa_pick
            WHERE multi AND day >= $1::date AND day < $2::date GROUP BY 1, 2, 3 HAVING count(*) > 1) x
          GROUP BY 1, 2`,
        [day(from), day(to)],
      );
      for (const r of repeats) {
        const p = picks.get(`${r.role}:${r.id}`);
        if (p) p.n -= Number(r.extra);
      }
      const rows = [...picks.values()].filter((p) => p.n > 0);
      if (!rows.length) return [];
      return m.query(
        `SELECT p.id,
                coalesce(a.display_name,
                         (SELECT l.user_name FROM stat_timeline_event l
                           WHERE l.user_id = p.id AND l.event_name = 'QA_PICKED' AND l.user_name IS NOT NULL ORDER BY l.at DESC LIMIT 1),
                         '') AS name,
                p.role, p.n
           FROM unnest($1::uuid[], $2::text[], $3::int[]) AS p(id, role, n)
           LEFT JOIN stat_account a ON a.id = p.id
          ORDER BY p.role DESC, p.n DESC, name, id`,
        [rows.map((r) => r.id), rows.map((r) => r.role), rows.map((r) => r.n)],
      );
    }
    return m.query(
      `SELECT p.user_id AS id,
              coalesce(a.display_name,
                       (SELECT l.user_name FROM stat_timeline_event l
                         WHERE l.user_id = p.user_id AND l.event_name = 'QA_PICKED' AND l.user_name IS NOT NULL ORDER BY l.at DESC LIMIT 1),
                       '') AS name,
              p.role, p.n
         FROM (SELECT d.user_id, d.role, count(*)::int AS n
                 FROM (SELECT DISTINCT e.user_id, e.order_id,
                              CASE WHEN e.qa_role IN ('QA_COORDINATOR', 'coordinator') THEN 'QA_COORDINATOR' ELSE 'QA_EDITOR' END AS role
                         FROM stat_timeline_event e
                        WHERE e.event_name = 'QA_PICKED' AND e.at >= $1 AND e.at < $2 AND e.user_id IS NOT NULL) d
                GROUP BY d.user_id, d.role) p
         LEFT JOIN stat_account a ON a.id = p.user_id
        ORDER BY p.role DESC, p.n DESC, name, id`,
      [from, to],
    );
  }

  /** orders whose timeline got a tag of these categories in [from, to), per tag */
  async qaTags(m: EntityManager, categories: string[], from: Date, to: Date): Promise<Array<{ id: string; name: string; n: number }>> {
    return m.query(
      `SELECT e.tag_id AS id, coalesce(max(e.tag_name), '') AS name, count(DISTINCT e.order_id)::int AS n
         FROM stat_timeline_event e
        WHERE e.tag_id IS NOT NULL AND e.at >= $2 AND e.at < $3 AND e.tag_category = ANY($1::text[])
        GROUP BY e.tag_id
        ORDER BY n DESC, name, id`,
      [categories, from, to],
    );
  }

  /** minutes from the first QA pick to leaving QA, averaged over orders first picked in [from, to) that left */
  async averageQaMinutes(m: EntityManager, from: Date, to: Date): Promise<number | null> {
    if (wholeDays(from, to)) {
      let n = 0;
      let minutes = 0;
      for (const r of await this.allSums(m, 'qa_pick_to_left', from, to)) {
        if (r.metric !== 'qa_pick_to_left') continue;
        n += Number(r.n);
        minutes += Number(r.minutes);
      }
      return n === 0 ? null : minutes / n;
    }
    const [row] = await m.query(
      `SELECT avg(extract(epoch FROM ${LEFT_QA} - o.first_qa_pick_at) / 60) AS v
         FROM stat_order o
        WHERE o.first_qa_pick_at >= $1 AND o.first_qa_pick_at < $2 AND ${LEFT_QA} >= o.first_qa_pick_at`,
      [from, to],
    );
    return row.v === null ? null : Number(row.v);
  }

  /** per bucket of creation: orders, and the average minutes of each stage they finished */
  async stageTimes(m: EntityManager, from: Date, to: Date, unit: 'day' | 'week'): Promise<StageRow[]> {
    if (wholeDays(from, to)) {
      const rows = new Map<string, StageRow>();
      const sums = new Map<string, { n: number; minutes: number }>();
      const bucket = (d: string) => (unit === 'day' ? d : weekBucket(d));
      for (const r of [...(await this.allDaily(m, 'order_status:', from, to)), ...(await this.allDaily(m, 'stage:', from, to))]) {
        const k = bucket(r.d);
        if (!rows.has(k)) rows.set(k, { k, total: 0, upload: null, inProgress: null, qaStage: null, delivery: null });
        if (r.metric.startsWith('order_status:')) rows.get(k)!.total += Number(r.n);
        else {
          const s = sums.get(`${k}|${r.metric}`) ?? { n: 0, minutes: 0 };
          sums.set(`${k}|${r.metric}`, { n: s.n + Number(r.n), minutes: s.minutes + Number(r.minutes) });
        }
      }
      const STAGES = { 'stage:upload': 'upload', 'stage:in_progress': 'inProgress', 'stage:qa_stage': 'qaStage', 'stage:delivery': 'delivery' } as const;
      for (const [key, s] of sums) {
        const [k, metric] = key.split('|') as [string, keyof typeof STAGES];
        const row = rows.get(k)!;
        if (s.n > 0 && STAGES[metric]) row[STAGES[metric]] = s.minutes / s.n;
      }
      return [...rows.values()].filter((r) => r.total > 0);
    }
    const mins = (end: string, start: string) => `avg(extract(epoch FROM ${end} - ${start}) / 60) FILTER (WHERE ${end} >= ${start})`;
    const rows: Array<Record<keyof StageRow, string | number | Date | null>> = await m.query(
      `SELECT ${truncOf('o.created_at', unit)} AS k, count(*)::int AS total,
              ${mins('o.upload_completed_at', 'o.created_at')} AS upload,
              ${mins('least(o.qa_stage_at, o.delivering_at, o.ready_at, o.completed_at)', 'coalesce(o.in_progress_at, o.upload_completed_at)')} AS "inProgress",
              ${mins(LEFT_QA, 'o.qa_stage_at')} AS "qaStage",
              ${mins('least(o.ready_at, o.completed_at)', 'o.delivering_at')} AS delivery
         FROM stat_order o WHERE o.created_at >= $1 AND o.created_at < $2
        GROUP BY 1`,
      [from, to],
    );
    const num = (v: string | number | Date | null) => (v === null ? null : Number(v));
    return rows.map((r) => ({ k: keyOfStart(r.k as Date, unit), total: Number(r.total), upload: num(r.upload), inProgress: num(r.inProgress), qaStage: num(r.qaStage), delivery: num(r.delivery) }));
  }

  /** orders created in [from, to) and the images they were taken with */
  async ordersAndImages(m: EntityManager, scope: StatScope, from: Date, to: Date): Promise<{ orders: number; images: number }> {
    if (scope.kind === 'all' && wholeDays(from, to)) {
      const out = { orders: 0, images: 0 };
      for (const r of await this.allSums(m, 'order_status:', from, to)) out.orders += Number(r.n);
      for (const r of await this.allSums(m, 'taken_images', from, to)) if (r.metric === 'taken_images') out.images += Number(r.n);
      return out;
    }
    const [row] = await m.query(
      `SELECT count(*)::int AS orders, coalesce(sum(taken_images), 0)::bigint AS images FROM stat_order
        WHERE created_at >= $1 AND created_at < $2 AND ($3::uuid[] IS NULL OR account_id = ANY($3::uuid[]))`,
      [from, to, accounts(scope)],
    );
    return { orders: Number(row.orders), images: Number(row.images) };
  }

  /** orders created per bucket by their status now */
  async ordersByStatus(m: EntityManager, from: Date, to: Date, unit: BucketUnit): Promise<StatusRow[]> {
    if (unit !== 'hour' && wholeDays(from, to)) {
      const rows = new Map<string, StatusRow>();
      const FIELD: Record<string, keyof Omit<StatusRow, 'k'>> = {
        'order_status:Uploading': 'uploading',
        'order_status:In Progress': 'inProgress',
        'order_status:QA stage': 'qaStage',
        'order_status:Delivering': 'finished',
        'order_status:Ready to download': 'finished',
        'order_status:Completed': 'finished',
      };
      for (const r of await this.allDaily(m, 'order_status:', from, to)) {
        const k = dayBucket(r.d, unit);
        const row = rows.get(k) ?? { k, uploading: 0, inProgress: 0, qaStage: 0, finished: 0 };
        rows.set(k, row);
        const f = FIELD[r.metric];
        if (f) row[f] += Number(r.n);
      }
      return [...rows.values()];
    }
    const rows: Array<Record<keyof StatusRow, string | number | Date>> = await m.query(
      `SELECT ${truncOf('created_at', unit)} AS k,
              count(*) FILTER (WHERE status = 'Uploading')::int AS uploading,
              count(*) FILTER (WHERE status = 'In Progress')::int AS "inProgress",
              count(*) FILTER (WHERE status = 'QA stage')::int AS "qaStage",
              count(*) FILTER (WHERE status IN ('Delivering', 'Ready to download', 'Completed'))::int AS finished
         FROM stat_order WHERE created_at >= $1 AND created_at < $2
        GROUP BY 1`,
      [from, to],
    );
    return rows.map((r) => ({ k: keyOfStart(r.k as Date, unit), uploading: Number(r.uploading), inProgress: Number(r.inProgress), qaStage: Number(r.qaStage), finished: Number(r.finished) }));
  }

  /** customer accounts (dealerships, management) older than `before` with no sign-in and no order since: a page, and how many */
  async inactiveAccounts(m: EntityManager, before: Date, limit: number, offset: number): Promise<{ rows: InactiveRow[]; count: number }> {
    const where = `user_role IN ('Dealership', 'Management')
        AND (created_at IS NULL OR created_at < $1)
        AND (last_sign_in_at IS NULL OR last_sign_in_at < $1)
        AND (last_order_at IS NULL OR last_order_at < $1)`;
    const [rows, [{ n }]] = await Promise.all([
      m.query(
        `SELECT id AS "userId", display_name AS "displayName", email, user_role AS "userRole",
                last_sign_in_at AS "lastSignInAt", last_order_at AS "lastOrderAt"
           FROM stat_account WHERE ${where}
          ORDER BY greatest(last_sign_in_at, last_order_at) ASC NULLS FIRST, display_name, id
          LIMIT $2 OFFSET $3`,
        [before, limit, offset],
      ) as Promise<InactiveRow[]>,
      m.query(`SELECT count(*)::int AS n FROM stat_account WHERE ${where}`, [before]) as Promise<Array<{ n: number }>>,
    ]);
    return { rows, count: Number(n) };
  }

  /**
   * Orders created in [from, to): how many, and of those with at least one image that had
   * `eventName`, how many per step of 10 % of their images (0 … 90; 100 % counts in 90). An
   * order's images are the ones it was taken with, at least those the events name. The month's
   * orders drive: each looks up its own lines of that event.
   */
  async imageRatios(m: EntityManager, eventName: string, from: Date, to: Date): Promise<{ total: number; steps: Map<number, number> }> {
    if (RATIO_EVENTS.includes(eventName) && wholeDays(from, to)) {
      let total = 0;
      for (const r of await this.allSums(m, 'order_status:', from, to)) total += Number(r.n);
      const steps = new Map<number, number>();
      const prefix = `ratio:${eventName}:`;
      for (const r of await this.allSums(m, prefix, from, to)) {
        const step = Number(r.metric.slice(prefix.length));
        steps.set(step, (steps.get(step) ?? 0) + Number(r.n));
      }
      return { total, steps };
    }
    const rows: Array<{ pct: number | null; n: number }> = await m.query(
      `SELECT CASE WHEN f.n > 0 THEN least(90, floor(10.0 * f.n / greatest(o.taken_images, f.n)) * 10)::int END AS pct, count(*)::int AS n
         FROM stat_order o
         CROSS JOIN LATERAL (SELECT count(DISTINCT e.image_id) AS n FROM stat_timeline_event e
                              WHERE e.order_id = o.id AND e.event_name = $1 AND e.image_id IS NOT NULL) f
        WHERE o.created_at >= $2 AND o.created_at < $3
        GROUP BY 1`,
      [eventName, from, to],
    );
    const steps = new Map<number, number>();
    for (const r of rows) if (r.pct !== null) steps.set(Number(r.pct), Number(r.n));
    return { total: rows.reduce((s, r) => s + Number(r.n), 0), steps };
  }

  /**
   * orders created in [from, to) that went through QA and left it: without any flaw event on
   * their timeline, and with one. The flawed orders are found once (a flaw comes after the
   * order was made, so from `from` on) and joined by hash, not looked up order by order.
   */
  async flawless(m: EntityManager, from: Date, to: Date): Promise<{ flawless: number; flawed: number }> {
    if (wholeDays(from, to)) {
      const out = { flawless: 0, flawed: 0 };
      for (const r of await this.allSums(m, 'left_qa:', from, to)) out[r.metric === 'left_qa:flawed' ? 'flawed' : 'flawless'] += Number(r.n);
      return out;
    }
    const [row] = await m.query(
      `SELECT count(*) FILTER (WHERE f.order_id IS NULL)::int AS flawless, count(*) FILTER (WHERE f.order_id IS NOT NULL)::int AS flawed
         FROM stat_order o
         LEFT JOIN (SELECT DISTINCT e.order_id FROM stat_timeline_event e
                     WHERE e.event_name IN ('IMAGE_DECLINED', 'IMAGE_REPUSHED', 'RE_EDIT_REQUESTED') AND e.at >= $1) f ON f.order_id = o.id
        WHERE o.created_at >= $1 AND o.created_at < $2 AND o.qa_stage_at IS NOT NULL
          AND coalesce(o.delivering_at, o.ready_at, o.completed_at) IS NOT NULL`,
      [from, to],
    );
    return { flawless: Number(row.flawless), flawed: Number(row.flawed) };
  }

  /**
   * per week (Monday first) of creation of the `weeks` weeks from `from`: orders Ready to
   * download, median and p90 minutes until then, share within `promiseMinutes`. Each week is
   * its own small range of the creation index, so no sort runs over the whole span.
   */
  async serviceLevels(m: EntityManager, from: Date, weeks: number, promiseMinutes: number): Promise<ServiceLevelRow[]> {
    if (promiseMinutes === READY_WEEK_PROMISE_MINUTES) {
      const kept: Array<{ k: Date; orders: number; median: number | null; p90: number | null; within: number }> = await m.query(
        `SELECT week AS k, orders, median, p90, within_promise AS within FROM stat_ready_week
          WHERE week >= $1 AND week < $1::timestamptz + $2::int * interval '168 hours'`,
        [from, weeks],
      );
      return kept.map((r) => ({
        k: keyOfStart(r.k, 'week'),
        orders: Number(r.orders),
        median: r.median,
        p90: r.p90,
        within: Number(r.orders) === 0 ? null : Number(r.within) / Number(r.orders),
      }));
    }
    const rows: Array<Record<keyof ServiceLevelRow, string | number | Date | null>> = await m.query(
      `SELECT w.k, x.orders, x.median, x.p90, x.within
         FROM (SELECT $1::timestamptz + n * interval '168 hours' AS k FROM generate_series(0, $2::int - 1) n) w
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS orders,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY s.mins) AS median,
                  percentile_cont(0.9) WITHIN GROUP (ORDER BY s.mins) AS p90,
                  avg((s.mins <= $3)::int) AS within
             FROM (SELECT extract(epoch FROM o.ready_at - o.created_at) / 60 AS mins FROM stat_order o
                    WHERE o.created_at >= w.k AND o.created_at < w.k + interval '168 hours' AND o.ready_at >= o.created_at) s) x`,
      [from, weeks, promiseMinutes],
    );
    const num = (v: string | number | Date | null) => (v === null ? null : Number(v));
    return rows.map((r) => ({ k: keyOfStart(r.k as Date, 'week'), orders: Number(r.orders), median: num(r.median), p90: num(r.p90), within: num(r.within) }));
  }
}
