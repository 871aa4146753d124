import { UUID_PATTERN } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type {
  AccountCreatedRow,
  AccountSavedRow,
  ChildListRow,
  ImageProcessedRow,
  OrderCreatedRow,
  OrderDeletedRow,
  OrderSalesPersonRow,
  OrderStatusRow,
  SalesPersonDeletedRow,
  SalesPersonSavedRow,
  SignInRow,
  StyleGuideDeletedRow,
  StyleGuideSavedRow,
  TimelineOrderRow,
  TimelineRow,
} from './fact-rows';

/** `stat_daily`'s account for images whose order the service does not know (yet). */
export const UNKNOWN_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** Every table `rebuild` empties: the facts, the running counts and the gone accounts. */
export const FACT_TABLES = [
  'stat_account',
  'stat_account_child',
  'stat_account_gone',
  'stat_sales_person',
  'stat_style_guide',
  'stat_order',
  'stat_timeline_event',
  'stat_image_processed',
  'stat_daily',
  'stat_daily_all',
  'stat_qa_pick',
  'stat_ready_week',
] as const;

const NOT_GONE = (column: string): string => `NOT EXISTS (SELECT 1 FROM stat_account_gone g WHERE g.id = ${column})`;
const UTC_DAY = (column: string): string => `(${column} AT TIME ZONE 'UTC')::date`;
/** adds the counts of the rows a statement really inserted to their day */
const ADD_TO_DAILY = `ON CONFLICT (metric, day, account_id) DO UPDATE SET count = stat_daily.count + EXCLUDED.count`;
const col = <T, K extends keyof T>(rows: readonly T[], key: K): Array<T[K]> => rows.map((r) => r[key]);

/**
 * The fact tables (migrations 1764700000000-facts and 1764700000100-facts-ingestion). Each
 * method writes one reduced batch (`planBatch` of FACTS, facts.ts) with one set-based statement, unnest()ed
 * arrays as its parameters, and is safe to run again with the same rows: facts keyed by an
 * event's id are inserted once (`ON CONFLICT DO NOTHING`), and `stat_daily` grows only by
 * the rows the same statement really inserted (`RETURNING`); entity columns change only for
 * a newer time; first-entered times keep the earliest (LEAST). A fact of an account whose
 * deletion was applied is not written again.
 */
@Injectable()
export class FactsRepository {
  async accountsCreated(m: EntityManager, rows: readonly AccountCreatedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_account AS a (id, user_role, saved_at)
       SELECT s.id, s.role, '-infinity' FROM unnest($1::uuid[], $2::text[]) AS s(id, role) WHERE ${NOT_GONE('s.id')}
       ON CONFLICT (id) DO UPDATE SET user_role = EXCLUDED.user_role WHERE a.user_role = ''`,
      [col(rows, 'id'), col(rows, 'role')],
    );
  }

  async accountsSaved(m: EntityManager, rows: readonly AccountSavedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_account AS a (id, user_role, display_name, email, created_at, saved_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[]) AS s(id, role, name, email, created_at, at)
       WHERE ${NOT_GONE('s.id')}
       ON CONFLICT (id) DO UPDATE SET
         -- role, name and e-mail from the newest event; the creation time never moves later
         user_role = CASE WHEN a.saved_at < EXCLUDED.saved_at THEN EXCLUDED.user_role ELSE a.user_role END,
         display_name = CASE WHEN a.saved_at < EXCLUDED.saved_at THEN EXCLUDED.display_name ELSE a.display_name END,
         email = CASE WHEN a.saved_at < EXCLUDED.saved_at THEN EXCLUDED.email ELSE a.email END,
         created_at = LEAST(coalesce(a.created_at, EXCLUDED.created_at), EXCLUDED.created_at),
         saved_at = GREATEST(a.saved_at, EXCLUDED.saved_at)`,
      [col(rows, 'id'), col(rows, 'role'), col(rows, 'displayName'), col(rows, 'email'), col(rows, 'createdAt'), col(rows, 'at')],
    );
  }

  /** Replaces a management account's child links when the list is newer than the one kept. */
  async childList(m: EntityManager, row: ChildListRow): Promise<void> {
    const newer: unknown[] = await m.query(
      `INSERT INTO stat_account AS a (id, user_role, saved_at, children_at)
       SELECT $1, '', '-infinity', $2 WHERE ${NOT_GONE('$1::uuid')}
       ON CONFLICT (id) DO UPDATE SET children_at = EXCLUDED.children_at
       WHERE a.children_at IS NULL OR a.children_at < EXCLUDED.children_at
       RETURNING id`,
      [row.id, row.at],
    );
    if (!newer.length) return;
    await m.query('DELETE FROM stat_account_child WHERE parent_id = $1', [row.id]);
    await m.query(
      `INSERT INTO stat_account_child (parent_id, child_id)
       SELECT $1, c FROM unnest($2::uuid[]) AS c WHERE ${NOT_GONE('c')} ON CONFLICT DO NOTHING`,
      [row.id, row.childIds],
    );
  }

  async signIns(m: EntityManager, rows: readonly SignInRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_account AS a (id, user_role, saved_at, last_sign_in_at)
       SELECT s.id, '', '-infinity', s.at FROM unnest($1::uuid[], $2::timestamptz[]) AS s(id, at) WHERE ${NOT_GONE('s.id')}
       ON CONFLICT (id) DO UPDATE SET last_sign_in_at = EXCLUDED.last_sign_in_at
       WHERE a.last_sign_in_at IS NULL OR a.last_sign_in_at < EXCLUDED.last_sign_in_at`,
      [col(rows, 'id'), col(rows, 'at')],
    );
  }

  async salesPeopleSaved(m: EntityManager, rows: readonly SalesPersonSavedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_sales_person AS p (id, account_id, name, saved_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) AS s(id, account_id, name, at) WHERE ${NOT_GONE('s.account_id')}
       ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, name = EXCLUDED.name, saved_at = EXCLUDED.saved_at
       WHERE p.saved_at < EXCLUDED.saved_at`,
      [col(rows, 'id'), col(rows, 'accountId'), col(rows, 'name'), col(rows, 'at')],
    );
  }

  /** A deleted sales person keeps its row (orders still name it) with the time of its deletion. */
  async salesPeopleDeleted(m: EntityManager, rows: readonly SalesPersonDeletedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_sales_person AS p (id, account_id, name, deleted_at, saved_at)
       SELECT s.id, s.account_id, '', s.at, '-infinity' FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS s(id, account_id, at) WHERE ${NOT_GONE('s.account_id')}
       ON CONFLICT (id) DO UPDATE SET deleted_at = LEAST(p.deleted_at, EXCLUDED.deleted_at)
       WHERE p.deleted_at IS NULL OR p.deleted_at > EXCLUDED.deleted_at`,
      [col(rows, 'id'), col(rows, 'accountId'), col(rows, 'at')],
    );
  }

  async styleGuidesSaved(m: EntityManager, rows: readonly StyleGuideSavedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_style_guide AS g (id, name, saved_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[])
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, saved_at = EXCLUDED.saved_at WHERE g.saved_at < EXCLUDED.saved_at`,
      [col(rows, 'id'), col(rows, 'name'), col(rows, 'at')],
    );
  }

  async styleGuidesDeleted(m: EntityManager, rows: readonly StyleGuideDeletedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_style_guide AS g (id, name, deleted_at, saved_at)
       SELECT s.id, '', s.at, '-infinity' FROM unnest($1::uuid[], $2::timestamptz[]) AS s(id, at)
       ON CONFLICT (id) DO UPDATE SET deleted_at = LEAST(g.deleted_at, EXCLUDED.deleted_at)
       WHERE g.deleted_at IS NULL OR g.deleted_at > EXCLUDED.deleted_at`,
      [col(rows, 'id'), col(rows, 'at')],
    );
  }

  /**
   * An order counts once, on the day it was created, whichever of its events came first: the
   * row is written here only while it has no creation time, and the day's count and the
   * account's last order grow only by the rows this statement wrote. It starts Uploading /
   * Waiting For QA unless a newer status is known already.
   */
  async ordersCreated(m: EntityManager, rows: readonly OrderCreatedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `WITH s AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::timestamptz[], $9::bigint[])
           AS s(id, account_id, sales_person_id, style_guide_id, platform, app_version, taken, created_at, seq)
         WHERE ${NOT_GONE('s.account_id')}
       ), created AS (
         INSERT INTO stat_order AS o (id, account_id, sales_person_id, style_guide_id, platform, app_version, taken_images, created_at, status, qa_status, status_at, status_seq)
         SELECT id, account_id, sales_person_id, style_guide_id, platform, app_version, taken, created_at, 'Uploading', 'Waiting For QA', created_at, seq FROM s
         ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id,
           -- a sales-person change already applied is newer than the creation
           sales_person_id = CASE WHEN o.sales_person_at IS NULL THEN EXCLUDED.sales_person_id ELSE o.sales_person_id END,
           style_guide_id = EXCLUDED.style_guide_id, platform = EXCLUDED.platform, app_version = EXCLUDED.app_version,
           taken_images = EXCLUDED.taken_images, created_at = EXCLUDED.created_at,
           status = CASE WHEN o.status_at IS NULL OR o.status_at < EXCLUDED.status_at THEN EXCLUDED.status ELSE o.status END,
           qa_status = CASE WHEN o.status_at IS NULL OR o.status_at < EXCLUDED.status_at THEN EXCLUDED.qa_status ELSE o.qa_status END,
           status_seq = CASE WHEN o.status_at IS NULL OR o.status_at < EXCLUDED.status_at THEN EXCLUDED.status_seq ELSE o.status_seq END,
           status_at = GREATEST(o.status_at, EXCLUDED.status_at)
         WHERE o.created_at IS NULL
         RETURNING account_id, created_at
       ), daily AS (
         INSERT INTO stat_daily (metric, day, account_id, count)
         SELECT 'orders', ${UTC_DAY('created_at')}, account_id, count(*) FROM created GROUP BY 2, 3
         ${ADD_TO_DAILY}
       )
       INSERT INTO stat_account AS a (id, user_role, saved_at, last_order_at)
       SELECT account_id, '', '-infinity', max(created_at) FROM created GROUP BY account_id
       ON CONFLICT (id) DO UPDATE SET last_order_at = EXCLUDED.last_order_at
       WHERE a.last_order_at IS NULL OR a.last_order_at < EXCLUDED.last_order_at`,
      [
        col(rows, 'id'),
        col(rows, 'accountId'),
        col(rows, 'salesPersonId'),
        col(rows, 'styleGuideId'),
        col(rows, 'platform'),
        col(rows, 'appVersion'),
        col(rows, 'takenImages'),
        col(rows, 'createdAt'),
        col(rows, 'seq'),
      ],
    );
  }

  /** First-entered times keep the earliest; the current status changes only for a newer (time, stream sequence). */
  async orderStatuses(m: EntityManager, rows: readonly OrderStatusRow[]): Promise<void> {
    if (!rows.length) return;
    const newer = '(o.status_at IS NULL OR (o.status_at, o.status_seq) < (EXCLUDED.status_at, EXCLUDED.status_seq))';
    await m.query(
      `INSERT INTO stat_order AS o (id, account_id, status, qa_status, status_at, status_seq,
         in_progress_at, qa_stage_at, delivering_at, ready_at, completed_at, upload_completed_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[],
         $7::timestamptz[], $8::timestamptz[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
         AS s(id, account_id, status, qa_status, at, seq, in_progress_at, qa_stage_at, delivering_at, ready_at, completed_at, upload_completed_at)
       WHERE ${NOT_GONE('s.account_id')}
       ON CONFLICT (id) DO UPDATE SET
         status = CASE WHEN ${newer} THEN EXCLUDED.status ELSE o.status END,
         qa_status = CASE WHEN ${newer} THEN EXCLUDED.qa_status ELSE o.qa_status END,
         status_seq = CASE WHEN ${newer} THEN EXCLUDED.status_seq ELSE o.status_seq END,
         status_at = CASE WHEN ${newer} THEN EXCLUDED.status_at ELSE o.status_at END,
         in_progress_at = LEAST(o.in_progress_at, EXCLUDED.in_progress_at),
         qa_stage_at = LEAST(o.qa_stage_at, EXCLUDED.qa_stage_at),
         delivering_at = LEAST(o.delivering_at, EXCLUDED.delivering_at),
         ready_at = LEAST(o.ready_at, EXCLUDED.ready_at),
         completed_at = LEAST(o.completed_at, EXCLUDED.completed_at),
         upload_completed_at = LEAST(o.upload_completed_at, EXCLUDED.upload_completed_at)`,
      [
        col(rows, 'id'),
        col(rows, 'accountId'),
        col(rows, 'status'),
        col(rows, 'qaStatus'),
        col(rows, 'at'),
        col(rows, 'seq'),
        col(rows, 'inProgressAt'),
        col(rows, 'qaStageAt'),
        col(rows, 'deliveringAt'),
        col(rows, 'readyAt'),
        col(rows, 'completedAt'),
        col(rows, 'uploadCompletedAt'),
      ],
    );
  }

  /**
   * Sales-person changes of orders (EDITED lines with `salesPersonId`): the order's sales
   * person becomes the newest change's, so its orders count for the new person and no longer
   * for the old one. A change older than the one kept changes nothing.
   */
  async orderSalesPeople(m: EntityManager, rows: readonly OrderSalesPersonRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_order AS o (id, account_id, sales_person_id, sales_person_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[]) AS s(id, account_id, sales_person_id, at)
       WHERE ${NOT_GONE('s.account_id')}
       ON CONFLICT (id) DO UPDATE SET sales_person_id = EXCLUDED.sales_person_id, sales_person_at = EXCLUDED.sales_person_at
       WHERE o.sales_person_at IS NULL OR o.sales_person_at < EXCLUDED.sales_person_at`,
      [col(rows, 'id'), col(rows, 'accountId'), col(rows, 'salesPersonId'), col(rows, 'at')],
    );
  }

  /** A deleted order keeps its row (it was made, and counted) with the time of its deletion. */
  async ordersDeleted(m: EntityManager, rows: readonly OrderDeletedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_order AS o (id, account_id, deleted_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS s(id, account_id, at) WHERE ${NOT_GONE('s.account_id')}
       ON CONFLICT (id) DO UPDATE SET deleted_at = LEAST(o.deleted_at, EXCLUDED.deleted_at)
       WHERE o.deleted_at IS NULL OR o.deleted_at > EXCLUDED.deleted_at`,
      [col(rows, 'id'), col(rows, 'accountId'), col(rows, 'at')],
    );
  }

  /** Timeline lines, once each by their id; `event:<NAME>` of their day grows by the lines really inserted. */
  async timeline(m: EntityManager, rows: readonly TimelineRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `WITH inserted AS (
         INSERT INTO stat_timeline_event (event_id, order_id, account_id, event_name, user_id, user_name, image_id, tag_id, tag_name, tag_category, qa_role, at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
           AS s(event_id, order_id, account_id, event_name, user_id, user_name, image_id, tag_id, tag_name, tag_category, qa_role, at)
         WHERE ${NOT_GONE('s.account_id')}
         ON CONFLICT (event_id) DO NOTHING
         RETURNING event_name, at, account_id
       )
       INSERT INTO stat_daily (metric, day, account_id, count)
       SELECT 'event:' || event_name, ${UTC_DAY('at')}, account_id, count(*) FROM inserted GROUP BY 1, 2, 3
       ${ADD_TO_DAILY}`,
      [
        col(rows, 'eventId'),
        col(rows, 'orderId'),
        col(rows, 'accountId'),
        col(rows, 'eventName'),
        col(rows, 'userId'),
        col(rows, 'userName'),
        col(rows, 'imageId'),
        col(rows, 'tagId'),
        col(rows, 'tagName'),
        col(rows, 'tagCategory'),
        col(rows, 'qaRole'),
        col(rows, 'at'),
      ],
    );
  }

  /**
   * What the timeline tells about its order: its name (of the newest line; the row is
   * rewritten only when the name changes), the first QA pick and the upload's completion.
   */
  async timelineOrders(m: EntityManager, rows: readonly TimelineOrderRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO stat_order AS o (id, account_id, order_name, order_name_at, first_qa_pick_at, upload_completed_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[])
         AS s(id, account_id, name, name_at, first_qa_pick_at, upload_completed_at)
       WHERE ${NOT_GONE('s.account_id')}
       ON CONFLICT (id) DO UPDATE SET
         order_name = CASE WHEN o.order_name_at IS NULL OR o.order_name_at < EXCLUDED.order_name_at THEN EXCLUDED.order_name ELSE o.order_name END,
         order_name_at = GREATEST(o.order_name_at, EXCLUDED.order_name_at),
         first_qa_pick_at = LEAST(o.first_qa_pick_at, EXCLUDED.first_qa_pick_at),
         upload_completed_at = LEAST(o.upload_completed_at, EXCLUDED.upload_completed_at)
       WHERE (o.order_name IS DISTINCT FROM EXCLUDED.order_name AND (o.order_name_at IS NULL OR o.order_name_at < EXCLUDED.order_name_at))
          OR o.order_name_at IS NULL
          OR LEAST(o.first_qa_pick_at, EXCLUDED.first_qa_pick_at) IS DISTINCT FROM o.first_qa_pick_at
          OR LEAST(o.upload_completed_at, EXCLUDED.upload_completed_at) IS DISTINCT FROM o.upload_completed_at`,
      [col(rows, 'id'), col(rows, 'accountId'), col(rows, 'name'), col(rows, 'nameAt'), col(rows, 'firstQaPickAt'), col(rows, 'uploadCompletedAt')],
    );
  }

  /** Processed images, once each by job; `images_processed` counts them under their order's account when it is known. */
  async imagesProcessed(m: EntityManager, rows: readonly ImageProcessedRow[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `WITH inserted AS (
         INSERT INTO stat_image_processed (job_id, image_id, order_id, route, processed_at)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
         ON CONFLICT (job_id) DO NOTHING
         RETURNING order_id, processed_at
       )
       INSERT INTO stat_daily (metric, day, account_id, count)
       SELECT 'images_processed', ${UTC_DAY('i.processed_at')}, COALESCE(o.account_id, '${UNKNOWN_ACCOUNT}'::uuid), count(*)
       FROM inserted i
       LEFT JOIN stat_order o ON o.id = CASE WHEN i.order_id ~* '${UUID_PATTERN.source}' THEN i.order_id::uuid END
       GROUP BY 2, 3
       ${ADD_TO_DAILY}`,
      [col(rows, 'jobId'), col(rows, 'imageId'), col(rows, 'orderId'), col(rows, 'route'), col(rows, 'processedAt')],
    );
  }

  /**
   * An account deleted: its orders with their timelines and processed images, its daily
   * counts, its sales people and child links go, and it is remembered as gone so that a late
   * event of it writes nothing. Lines it wrote on other accounts' orders lose its id and name,
   * and its QA picks per user go.
   */
  async accountsDeleted(m: EntityManager, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const p = [ids];
    await m.query(`INSERT INTO stat_account_gone (id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, p);
    await m.query(
      `DELETE FROM stat_image_processed i USING stat_order o WHERE o.account_id = ANY($1::uuid[]) AND i.order_id = o.id::text`,
      p,
    );
    await m.query('DELETE FROM stat_timeline_event WHERE account_id = ANY($1::uuid[])', p);
    await m.query('DELETE FROM stat_order WHERE account_id = ANY($1::uuid[])', p);
    await m.query('DELETE FROM stat_daily WHERE account_id = ANY($1::uuid[])', p);
    await m.query('DELETE FROM stat_sales_person WHERE account_id = ANY($1::uuid[])', p);
    await m.query('DELETE FROM stat_account_child WHERE parent_id = ANY($1::uuid[]) OR child_id = ANY($1::uuid[])', p);
    await m.query('DELETE FROM stat_account WHERE id = ANY($1::uuid[])', p);
    // what the account did on other accounts' orders (a QA user's picks, declines, uploads)
    // stays counted, without its id or name, as the orders service keeps those timeline lines
    await m.query('UPDATE stat_timeline_event SET user_id = NULL, user_name = NULL WHERE user_id = ANY($1::uuid[])', p);
    await m.query('DELETE FROM stat_qa_pick WHERE user_id = ANY($1::uuid[])', p);
    await m.query(`DELETE FROM stat_daily_all d USING unnest($1::uuid[]) g(id) WHERE d.metric LIKE 'qa_pick:%:' || g.id::text`, p);
  }

  /** Empties every fact table (rebuild). */
  async truncate(m: EntityManager): Promise<void> {
    await m.query(`TRUNCATE ${FACT_TABLES.join(', ')}`);
  }
}
