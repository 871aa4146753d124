import { createHash } from 'node:crypto';
import { clampPage, PAGE_SIZE, RpcError, ORDER_MESSAGES, type OrderSortField, type OrderStatus, type QaStatus, type TagView } from '@app/contracts';
import { escapeLike, isUniqueViolation, queryPrepared } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import type { OrderScope } from '../access/order-policy';
import { Order } from './order.entity';
import { orderOfRow, type OrderAccessRow, type OrderListRow, type OrderViewRow } from './order-views';
import { VersionedCache } from './versioned-cache';

export interface OrderListFilter {
  scope: OrderScope;
  /** created at or after */
  from?: Date;
  /** created before (exclusive) */
  toBefore?: Date;
  status?: OrderStatus;
  qaStatus?: QaStatus;
  video?: 'with' | 'without';
  salesPersonId?: string;
  accountId?: string;
  /** lower-cased, trimmed, not empty */
  search?: string;
  sort: OrderSortField;
  dir: 'ASC' | 'DESC';
}

const SORT_KEYS: Record<OrderSortField, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  orderName: 'lower(order_name)',
  status: 'status',
  QAstatus: 'qa_status',
};

/** the version of the orders that a kept answer is good for (`VersionedCache`) */
const VERSION_SQL = `(SELECT last_value || ':' || is_called FROM order_search_version)`;

/** orders created on one day (UTC) */
interface DayCount {
  day: string;
  n: number;
}

/**
 * The day in which the order `skip` places from the start falls, in `dir` order of creation,
 * and how many orders come before that day; null past the end.
 */
export function dayAnchor(days: readonly DayCount[], dir: 'ASC' | 'DESC', skip: number): { day: string; before: number } | null {
  let before = 0;
  for (let i = 0; i < days.length; i++) {
    const d = days[dir === 'ASC' ? i : days.length - 1 - i];
    if (skip < before + d.n) return { day: d.day, before };
    before += d.n;
  }
  return null;
}

/**
 * The filters the tallies (`order_tally`, `order_day_tally`) can answer: status, QA status,
 * video. `param` adds a value to the statement's parameters and answers its placeholder.
 */
function tallyConditions(f: OrderListFilter, param: (v: unknown) => string): string[] {
  const conditions: string[] = [];
  if (f.status) conditions.push(`status = ${param(f.status)}`);
  if (f.qaStatus) conditions.push(`qa_status = ${param(f.qaStatus)}`);
  if (f.video) conditions.push(`with_video = ${f.video === 'with'}`);
  return conditions;
}

/** from how many orders skipped a deep page starts from its day instead of walking the index */
const DAY_SEEK_FROM = 1000;

/** A row of the list query: the order's columns and its tags as JSON. */
export type ListRow = Record<string, unknown> & { tags: Array<Omit<TagView, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string }> };

const iso = (v: unknown) => new Date(v as string).toISOString();

/** the tags of the order `o`, as JSON, by category and name */
export const TAGS_SQL = `COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'category', t.category, 'entity', t.entity,
                                                     'color', t.color, 'createdAt', t.created_at, 'updatedAt', t.updated_at)
                                   ORDER BY t.category, lower(t.name), t.id)
                     FROM tag_assignment a JOIN tag t ON t.id = a.tag_id
                    WHERE a.entity = 'order' AND a.entity_id = o.id), '[]'::json) AS tags`;

/** the columns of a list row (`OrderListRow`): the table without what the list never shows */
const LIST_COLUMNS = `o.id, o.order_name, o.note, o.status, o.qa_status, o.account_id, o.account_name, o.account_email,
       o.sales_person_id, o.sales_person_name, o.style_guide_id, o.style_guide_name, o.taken_images_count, o.image_count,
       o.uploaded_images_count, o.approved_count, o.needs_edition_count, o.re_edit_open_count, o.re_edit_due_at, o.video_count,
       o.time_to_ready_to_download, o.time_to_completed, o.thumbnail_key, o.picture_key, o.created_at, o.updated_at,
       o.delivery_version, o.delivery_queued, o.delivery_delivered, o.delivery_failed, o.delivery_last_error, o.delivery_destinations`;

/** the columns of the order's detail (`OrderViewRow`) */
const VIEW_COLUMNS = `${LIST_COLUMNS}, o.created_by_id, o.created_by_name, o.created_by_role, o.impersonated_by_id, o.impersonated_by_name,
       o.car_type_id, o.car_type_name, o.platform, o.user_agent, o.device_model, o.os_version, o.app_version,
       o.processed_images_count, o.failed_images_count, o.assigned_editor_id, o.assigned_editor_name, o.qa_stage_since`;

/** A page of the list: its rows (with their tags) in order, the count and the page (kept within 1..max). */
export interface ListPage {
  rows: OrderListRow[];
  total: number;
  page: number;
}

export const listed = (r: ListRow): ListedOrder => ({
  order: orderOfRow(r),
  tags: r.tags.map((t) => ({ ...t, createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt) })),
});

export interface ListedOrder {
  order: Order;
  tags: TagView[];
}

/** Maps the unique index of order names to the order-name-taken message. */
export async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw RpcError.conflict(ORDER_MESSAGES.uniqueName);
    throw err;
  }
}

/**
 * The orders table. A list page is found in two steps: the ids of the page from an
 * index (sort key and id, with the filters), then those rows by primary key. A page past the
 * middle is read from the other end in the opposite order and turned round, so the last page
 * costs what the first does. A deep page over every order by creation date starts from the
 * day it falls in (`order_day_tally`) and walks the index only within that day. A search
 * counts its matches once and keeps the count while no order changes (`VersionedCache`,
 * `order_search_version`), as the orders per day are kept; the pages after the first then
 * read only their rows.
 */
@Injectable()
export class OrdersRepository {
  /** the counts of recent searches */
  private readonly searchCounts = new VersionedCache<number>();
  /** the orders per day under the tally's filters, for deep pages */
  private readonly dayCounts = new VersionedCache<DayCount[]>();

  /** Keeps the ids of the order's images as the images service last published them (`ImagesEvents.orderProgress`). */
  async setImageIds(m: EntityManager, id: string, imageIds: string[]): Promise<void> {
    await m.query('UPDATE orders SET image_ids = $2::uuid[] WHERE id = $1', [id, imageIds]);
  }

  /** The order an image belongs to, as the images service last published it (orders_image_ids_idx); null when none says so. */
  async findByImage(m: EntityManager, imageId: string): Promise<Order | null> {
    const rows: Array<{ id: string }> = await m.query('SELECT id FROM orders WHERE image_ids @> ARRAY[$1::uuid] LIMIT 1', [imageId]);
    return rows.length ? this.findById(m, rows[0].id) : null;
  }

  findById(m: EntityManager, id: string, lock = false): Promise<Order | null> {
    return m.findOne(Order, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The order's detail with its tags, in one statement (prepared: a read by key); null when there is no such order. */
  async viewRow(m: EntityManager, id: string): Promise<OrderViewRow | null> {
    const rows = await queryPrepared<OrderViewRow>(m, 'orders.order-view', `SELECT ${VIEW_COLUMNS}, ${TAGS_SQL} FROM orders o WHERE o.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** What `OrdersRpc.access` answers (and the policy needs) of an order; null when there is no such order. */
  async accessRow(m: EntityManager, id: string): Promise<OrderAccessRow | null> {
    const rows = await queryPrepared<OrderAccessRow>(
      m,
      'orders.order-access',
      'SELECT id, order_name, account_id, style_guide_id, status, qa_status, taken_images_count, enabled_qa FROM orders WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  async insert(m: EntityManager, order: Partial<Order>): Promise<Order> {
    return uniqueName(m.save(Order, m.create(Order, order)));
  }

  async save(m: EntityManager, order: Order): Promise<Order> {
    return uniqueName(m.save(Order, order));
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(Order, { id });
  }

  idsOfAccount(m: EntityManager, accountId: string): Promise<string[]> {
    return m
      .query('SELECT id FROM orders WHERE account_id = $1', [accountId])
      .then((rows: Array<{ id: string }>) => rows.map((r) => r.id));
  }

  /** every order of the account (the index on account_id answers it) */
  async countOfAccount(m: EntityManager, accountId: string): Promise<number> {
    const rows: Array<{ n: string }> = await m.query('SELECT count(*) AS n FROM orders WHERE account_id = $1', [accountId]);
    return Number(rows[0]?.n ?? 0);
  }

  /** each account's newest order, by account id after `after` (the account index answers it) */
  async lastOrderDates(m: EntityManager, after: string | null, limit: number): Promise<Array<{ accountId: string; lastOrderAt: Date }>> {
    return m.query(
      `SELECT account_id AS "accountId", max(created_at) AS "lastOrderAt" FROM orders
        WHERE ($1::uuid IS NULL OR account_id > $1::uuid)
        GROUP BY account_id ORDER BY account_id LIMIT $2`,
      [after, limit],
    );
  }

  /** how many orders each account has; an account without orders is left out */
  async countsByAccount(m: EntityManager, accountIds: string[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows: Array<{ account_id: string; n: string }> = await m.query(
      'SELECT account_id, count(*) AS n FROM orders WHERE account_id = ANY($1::uuid[]) GROUP BY account_id',
      [accountIds],
    );
    return new Map(rows.map((r) => [r.account_id, Number(r.n)]));
  }

  async deleteOfAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query('DELETE FROM orders WHERE account_id = $1', [accountId]);
  }

  /** Orders a deleted user created for other accounts stay theirs, without naming who created them. */
  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE orders SET created_by_id = NULL WHERE created_by_id = $1', [userId]);
    await m.query('UPDATE orders SET assigned_editor_id = NULL, assigned_editor_name = NULL WHERE assigned_editor_id = $1', [userId]);
  }

  /**
   * One page of the list, rows read without the entity. The first page (the one nearly every
   * request asks for) is one statement: the count (from the tally when it can answer) and the
   * page (`firstPage`). Another page takes two: the count (with the orders' version over every
   * account, for a deep page's day), then the page from the end that is nearer (`readPage`).
   * A search reads the orders' version first, its count being kept (`searchCounts`), then the
   * page; when its count is not known the count and the page are one statement (`searchPage`).
   */
  async list(m: EntityManager, f: OrderListFilter, requestedPage: number | undefined): Promise<ListPage> {
    if (f.scope.kind === 'accounts' && f.scope.ids.length === 0) return { rows: [], total: 0, page: 1 };
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (f.scope.kind === 'accounts') {
      where.push(f.scope.ids.length === 1 ? `account_id = ${p(f.scope.ids[0])}` : `account_id = ANY(${p(f.scope.ids)}::uuid[])`);
    }
    if (f.accountId) where.push(`account_id = ${p(f.accountId)}`);
    const from = f.from ? p(f.from) : null;
    const toBefore = f.toBefore ? p(f.toBefore) : null;
    if (from) where.push(`created_at >= ${from}`);
    if (toBefore) where.push(`created_at < ${toBefore}`);
    /** what the tally can answer: status, QA status, video */
    const tally = tallyConditions(f, p);
    if (f.video === 'with') where.push('video_count > 0');
    if (f.video === 'without') where.push('video_count = 0');
    where.push(...tally.filter((c) => !c.startsWith('with_video')));
    if (f.salesPersonId) where.push(`sales_person_id = ${p(f.salesPersonId)}`);
    if (f.search) where.push(`search_text LIKE ${p(`%${escapeLike(f.search)}%`)}`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // Over every account, without search: when the dates leave out no order, the tally knows the count.
    const byTally = f.scope.kind === 'all' && !f.accountId && !f.salesPersonId && !f.search;
    /**
     * the count: a sum of tally rows when the dates leave no order out, else the matching rows
     * counted from an index (`OFFSET 0` keeps `covers` computed once, not copied into both uses)
     */
    const countSql = byTally
      ? `SELECT CASE WHEN c.covers THEN (SELECT coalesce(sum(n), 0) FROM order_tally ${tally.length ? `WHERE ${tally.join(' AND ')}` : ''})::int
                     ELSE (SELECT count(*) FROM orders ${whereSql})::int END AS total, c.covers
           FROM (SELECT ${[
             from ? `coalesce(${from}::timestamptz <= (SELECT min(created_at) FROM orders), true)` : 'true',
             toBefore ? `coalesce(${toBefore}::timestamptz > (SELECT max(created_at) FROM orders), true)` : 'true',
           ].join(' AND ')} AS covers OFFSET 0) c`
      : `SELECT count(*)::int AS total, false AS covers FROM orders ${whereSql}`;

    if (f.search) {
      // a search's count visits every match: kept while the orders it depends on are unchanged
      const key = `${whereSql}\u0000${JSON.stringify(params)}`;
      const [{ version }] = (await m.query(`SELECT ${VERSION_SQL} AS version`)) as Array<{ version: string }>;
      const known = this.searchCounts.get(key, version);
      if (known === undefined) {
        const found = await this.searchPage(m, whereSql, params, f, requestedPage);
        this.searchCounts.set(key, version, found.total);
        return found;
      }
      return this.readPage(m, where, params, f, requestedPage, known);
    }
    // The first page is read forwards whatever the count: one statement with its count.
    if ((requestedPage ?? 1) <= 1) return this.firstPage(m, countSql, whereSql, params, f);
    // Another page: its direction (and for a deep page its day) depends on the count, read first.
    const [{ total, covers, version }] = (await m.query(
      byTally ? `SELECT ${VERSION_SQL} AS version, counted.* FROM (${countSql}) counted` : countSql,
      params,
    )) as Array<{ total: number; covers: boolean; version?: string }>;
    return this.readPage(m, where, params, f, requestedPage, total, covers ? version : undefined);
  }

  /**
   * The page of a known count: its ids from an index in the sort order, then those rows with
   * their tags, kept in that order. Past the middle it is read from the other end and turned
   * round. With `daysAt` (the orders' version, when the tally covers the dates), a page more
   * than DAY_SEEK_FROM orders from its end starts from the day it falls in.
   */
  private async readPage(
    m: EntityManager,
    where: readonly string[],
    params: unknown[],
    f: OrderListFilter,
    requestedPage: number | undefined,
    total: number,
    daysAt?: string,
  ): Promise<ListPage> {
    const page = clampPage(requestedPage, total);
    const offset = (page - 1) * PAGE_SIZE;
    const take = Math.min(PAGE_SIZE, total - offset);
    if (take <= 0) return { rows: [], total, page };

    const fromEnd = offset > total / 2;
    const dir = fromEnd ? (f.dir === 'ASC' ? 'DESC' : 'ASC') : f.dir;
    let skip = fromEnd ? total - offset - take : offset;
    let pageWhere = where;
    if (daysAt !== undefined && f.sort === 'createdAt' && skip >= DAY_SEEK_FROM) {
      // a deep page over every order by creation: start from the day it falls in
      const anchor = dayAnchor(await this.daysOf(m, f, daysAt), dir, skip);
      if (anchor) {
        const day = `$${params.push(anchor.day)}::date`;
        const bound = dir === 'DESC' ? `created_at < ((${day} + 1)::timestamp AT TIME ZONE 'UTC')` : `created_at >= (${day}::timestamp AT TIME ZONE 'UTC')`;
        pageWhere = [...where, bound];
        skip -= anchor.before;
      }
    }
    const rows: OrderListRow[] = await m.query(
      `SELECT ${LIST_COLUMNS}, ${TAGS_SQL}
         FROM unnest(ARRAY(SELECT id FROM orders ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
                            ORDER BY ${SORT_KEYS[f.sort]} ${dir}, id ${dir} LIMIT ${take} OFFSET ${skip}))
              WITH ORDINALITY AS page(id, n)
         JOIN orders o ON o.id = page.id
        ORDER BY page.n`,
      params,
    );
    if (fromEnd) rows.reverse();
    return { rows, total, page };
  }

  /**
   * The first page and the count (`countSql`, one row with `total`) in one statement: the ids
   * of the page from an index in the sort order, then those rows with their tags, kept in that
   * order; with no match, one row that only carries the count. The count is materialized so
   * that its expression is planned once.
   */
  private async firstPage(m: EntityManager, countSql: string, whereSql: string, params: unknown[], f: OrderListFilter): Promise<ListPage> {
    const sql = `WITH counted AS MATERIALIZED (${countSql})
       SELECT counted.total, ${LIST_COLUMNS}, ${TAGS_SQL}
         FROM counted
         LEFT JOIN unnest(ARRAY(SELECT id FROM orders ${whereSql} ORDER BY ${SORT_KEYS[f.sort]} ${f.dir}, id ${f.dir} LIMIT ${PAGE_SIZE}))
                   WITH ORDINALITY AS page(id, n) ON true
         LEFT JOIN orders o ON o.id = page.id
        ORDER BY page.n`;
    // Prepared (planning was half of the database's time for it): a first page has no search
    // (searches go `searchPage`), only filters on indexed columns whose plan does not depend on
    // the values; its text varies with the filters and the sort, one statement per text.
    const raw = await queryPrepared<OrderListRow & { total: number }>(m, `orders.first-page.${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`, sql, params);
    return { rows: raw.filter((r) => r.id !== null), total: raw[0].total, page: 1 };
  }

  /**
   * The orders per day (UTC) of creation with the tally's filters (status, QA status, video),
   * oldest day first, from `order_day_tally` (a few rows a day); kept while the orders'
   * version stays `version`.
   */
  private async daysOf(m: EntityManager, f: OrderListFilter, version: string): Promise<DayCount[]> {
    const key = JSON.stringify([f.status ?? null, f.qaStatus ?? null, f.video ?? null]);
    const known = this.dayCounts.get(key, version);
    if (known) return known;
    const params: unknown[] = [];
    const where = tallyConditions(f, (v) => `$${params.push(v)}`);
    const rows: DayCount[] = await m.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(n)::int AS n FROM order_day_tally ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY day HAVING sum(n) > 0 ORDER BY day`,
      params,
    );
    this.dayCounts.set(key, version, rows);
    return rows;
  }

  /**
   * A search whose count is not known: it visits every match anyway (to count them), so the
   * matches are gathered once, and the count, the page (kept within 1..max) and its rows
   * come from them in one statement.
   */
  private async searchPage(
    m: EntityManager,
    whereSql: string,
    params: unknown[],
    f: OrderListFilter,
    requestedPage: number | undefined,
  ): Promise<ListPage> {
    const dir = f.dir;
    const pageParam = `$${params.push(requestedPage ?? 1)}::int`;
    const raw: Array<OrderListRow & { total: number; page: number }> = await m.query(
      `WITH matches AS MATERIALIZED (SELECT id, ${SORT_KEYS[f.sort]} AS k FROM orders ${whereSql}),
            counted AS (SELECT count(*)::int AS total FROM matches),
            paged AS (SELECT total, least(greatest(${pageParam}, 1), greatest(1, ceil(total / ${PAGE_SIZE}.0)::int)) AS page FROM counted),
            picked AS (SELECT id, k FROM matches ORDER BY k ${dir}, id ${dir} LIMIT ${PAGE_SIZE} OFFSET (SELECT (page - 1) * ${PAGE_SIZE} FROM paged))
       SELECT paged.total, paged.page, ${LIST_COLUMNS}, ${TAGS_SQL}
         FROM paged LEFT JOIN picked ON true LEFT JOIN orders o ON o.id = picked.id
        ORDER BY picked.k ${dir}, picked.id ${dir}`,
      params,
    );
    const [{ total, page }] = raw;
    return { rows: raw.filter((r) => r.id !== null), total, page };
  }
}
