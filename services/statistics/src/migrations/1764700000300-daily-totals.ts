import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-day totals over every account, so that the admin's and QA's questions over a year read
 * a few hundred rows instead of every order (docs/statistics.md, "Totals per day").
 *
 * `stat_daily_all` (metric, day): `count` and, for the stage times, `minutes` summed:
 * - every metric of `stat_daily` summed over the accounts (`orders`, `images_processed`,
 *   `event:<NAME>`);
 * - of the orders by their creation day (UTC): `order_status:<status now>`,
 *   `order_platform:web` / `order_platform:mobile:<app version or unknown>`, `taken_images`
 *   (the images they were taken with), `ratio:<IMAGE_REPUSHED|QA_UPLOADED_PICTURE>:<0…90>` (the
 *   order's step of 10 % of its images named by such lines), `left_qa:flawless` / `left_qa:flawed`
 *   (went through QA and left it, without / with a declined, repushed or re-edit line), and
 *   `stage:<upload|in_progress|qa_stage|delivery>` (orders that finished the stage, `minutes`
 *   their time in it); and by the day of the order's first QA pick, `qa_pick_to_left` (orders that
 *   left QA after it, `minutes` from the pick to leaving).
 *
 * - of QA's picks: `qa_pick:<QA_EDITOR|QA_COORDINATOR>:<user id>`, the orders the user picked in
 *   that role that day (distinct), from `stat_qa_pick`.
 *
 * `stat_qa_pick`: one row per QA user, role, order and day it was picked on; `multi` marks the
 * rows of an order a user picked (in one role) on more than one day, the only ones that the
 * per-day counts count twice over a window, so that the question subtracts them exactly (a
 * superset: a mark is not taken back when a day goes).
 *
 * `stat_ready_week`: QA's service levels per Monday-first week (UTC) of creation, the orders
 * Ready to download: how many, the median and p90 minutes from creation, how many within the
 * promise (`READY_WEEK_PROMISE_MINUTES`). Medians are not sums: a statement that changes an
 * order's creation or Ready-to-download time makes its week's row again from the week's orders
 * (a few hundred, from `stat_order_ready_by_creation`).
 *
 * `metric` sorts bytewise (COLLATE "C"), so a family of metrics (`order_status:%`) is a range of
 * the primary key.
 *
 * The rows are kept by triggers on the fact tables, in the statement (and so the transaction)
 * that changes the facts: whoever writes the facts (the consumer, `rebuild` replaying through
 * the same code, a fixture or the benchmark seeding with SQL) leaves the totals equal to the
 * facts. The triggers are per statement with transition tables: a batch of the consumer adds
 * one set-based upsert per statement, not one per row. An order's contribution is taken out
 * with its old row and put back with its new one when any of its columns change (a status, a
 * stage time, its lines' counts), and taken out when the order is deleted (its account's
 * deletion).
 *
 * `stat_order.repushed_images`, `edited_images`: the distinct images named by the order's
 * `IMAGE_REPUSHED` / `QA_UPLOADED_PICTURE` lines; `flaw_lines`: its declined, repushed and
 * re-edit lines. Counted again from the lines for the orders a statement on
 * `stat_timeline_event` touched, and when an order's row is first written after its lines.
 *
 * The trigger functions run with the schema's search_path of the migration (`SET search_path
 * FROM CURRENT`), so a session with another search_path (a test writing `statistics.stat_…`)
 * keeps them working.
 */
const ORDER_CONTRIBUTION = (r: string) => `
  SELECT ${r}.metric, ${r}.day, ${r}.n, ${r}.minutes FROM (
    SELECT c.metric, coalesce(c.on_day, (o.created_at AT TIME ZONE 'UTC')::date) AS day, c.n, c.minutes
      FROM %ROWS% o
      CROSS JOIN LATERAL (VALUES
        ('order_status:' || coalesce(o.status, ''), 1::bigint, 0::float8, NULL::date),
        ('order_platform:' || CASE WHEN o.platform IN ('android', 'ios') THEN 'mobile:' || coalesce(nullif(o.app_version, ''), 'unknown') ELSE 'web' END, 1, 0, NULL),
        ('taken_images', o.taken_images, 0, NULL),
        (CASE WHEN o.repushed_images > 0 THEN 'ratio:IMAGE_REPUSHED:' || least(90, floor(10.0 * o.repushed_images / greatest(o.taken_images, o.repushed_images)) * 10)::int END, 1, 0, NULL),
        (CASE WHEN o.edited_images > 0 THEN 'ratio:QA_UPLOADED_PICTURE:' || least(90, floor(10.0 * o.edited_images / greatest(o.taken_images, o.edited_images)) * 10)::int END, 1, 0, NULL),
        (CASE WHEN o.qa_stage_at IS NOT NULL AND coalesce(o.delivering_at, o.ready_at, o.completed_at) IS NOT NULL
              THEN CASE WHEN o.flaw_lines > 0 THEN 'left_qa:flawed' ELSE 'left_qa:flawless' END END, 1, 0, NULL),
        (CASE WHEN o.upload_completed_at >= o.created_at THEN 'stage:upload' END, 1,
              extract(epoch FROM o.upload_completed_at - o.created_at)::float8 / 60, NULL),
        (CASE WHEN least(o.qa_stage_at, o.delivering_at, o.ready_at, o.completed_at) >= coalesce(o.in_progress_at, o.upload_completed_at) THEN 'stage:in_progress' END, 1,
              extract(epoch FROM least(o.qa_stage_at, o.delivering_at, o.ready_at, o.completed_at) - coalesce(o.in_progress_at, o.upload_completed_at))::float8 / 60, NULL),
        (CASE WHEN least(o.delivering_at, o.ready_at, o.completed_at) >= o.qa_stage_at THEN 'stage:qa_stage' END, 1,
              extract(epoch FROM least(o.delivering_at, o.ready_at, o.completed_at) - o.qa_stage_at)::float8 / 60, NULL),
        (CASE WHEN least(o.ready_at, o.completed_at) >= o.delivering_at THEN 'stage:delivery' END, 1,
              extract(epoch FROM least(o.ready_at, o.completed_at) - o.delivering_at)::float8 / 60, NULL),
        -- by the day of the order's first QA pick, not of its creation
        (CASE WHEN least(o.delivering_at, o.ready_at, o.completed_at) >= o.first_qa_pick_at THEN 'qa_pick_to_left' END, 1,
              extract(epoch FROM least(o.delivering_at, o.ready_at, o.completed_at) - o.first_qa_pick_at)::float8 / 60,
              (o.first_qa_pick_at AT TIME ZONE 'UTC')::date)
      ) AS c(metric, n, minutes, on_day)
     WHERE c.metric IS NOT NULL AND coalesce(c.on_day, (o.created_at AT TIME ZONE 'UTC')::date) IS NOT NULL) ${r}`;

/** adds signed (metric, day, n, minutes) rows to the totals */
const ADD = (deltas: string) => `
  INSERT INTO stat_daily_all AS t (metric, day, count, minutes)
  SELECT metric, day, sum(n), sum(minutes) FROM (${deltas}) d GROUP BY metric, day
  HAVING sum(n) <> 0 OR sum(minutes) <> 0
  ON CONFLICT (metric, day) DO UPDATE SET count = t.count + EXCLUDED.count, minutes = t.minutes + EXCLUDED.minutes`;

const plus = (rows: string) => ORDER_CONTRIBUTION('p').replace('%ROWS%', rows);
const minus = (rows: string) => `SELECT m.metric, m.day, -m.n AS n, -m.minutes AS minutes FROM (${ORDER_CONTRIBUTION('x').replace('%ROWS%', rows)}) m`;

/** the lines' counts of the orders in `ids` (a query of order ids), from the lines themselves */
const RECOUNT = (ids: string) => `
  UPDATE stat_order o SET repushed_images = c.repushed, edited_images = c.edited, flaw_lines = c.flaws
    FROM (SELECT t.order_id,
                 count(DISTINCT e.image_id) FILTER (WHERE e.event_name = 'IMAGE_REPUSHED')::int AS repushed,
                 count(DISTINCT e.image_id) FILTER (WHERE e.event_name = 'QA_UPLOADED_PICTURE')::int AS edited,
                 count(e.event_id) FILTER (WHERE e.event_name IN ('IMAGE_DECLINED', 'IMAGE_REPUSHED', 'RE_EDIT_REQUESTED'))::int AS flaws
            FROM (${ids}) t
            LEFT JOIN stat_timeline_event e ON e.order_id = t.order_id
                  AND e.event_name IN ('IMAGE_REPUSHED', 'QA_UPLOADED_PICTURE', 'IMAGE_DECLINED', 'RE_EDIT_REQUESTED')
           GROUP BY t.order_id) c
   WHERE o.id = c.order_id AND (o.repushed_images, o.edited_images, o.flaw_lines) IS DISTINCT FROM (c.repushed, c.edited, c.flaws)`;

/** QA's promise the weekly service levels count against (QA_PROMISED_HOURS of the wire contract, in minutes) */
export const READY_WEEK_PROMISE_MINUTES = 24 * 60;

/** the service levels of the Monday-first weeks (UTC) of creation of the orders in `rows`, made again from the orders */
const READY_WEEKS = (rows: string) => `
  INSERT INTO stat_ready_week AS w (week, orders, median, p90, within_promise)
  SELECT k.week, count(s.mins), percentile_cont(0.5) WITHIN GROUP (ORDER BY s.mins), percentile_cont(0.9) WITHIN GROUP (ORDER BY s.mins),
         count(*) FILTER (WHERE s.mins <= ${READY_WEEK_PROMISE_MINUTES})
    FROM (SELECT DISTINCT date_trunc('week', r.created_at, 'UTC') AS week FROM ${rows} r WHERE r.created_at IS NOT NULL) k
    LEFT JOIN LATERAL (SELECT extract(epoch FROM o.ready_at - o.created_at) / 60 AS mins FROM stat_order o
                        WHERE o.created_at >= k.week AND o.created_at < k.week + interval '168 hours' AND o.ready_at >= o.created_at) s ON true
   GROUP BY k.week
  ON CONFLICT (week) DO UPDATE SET orders = EXCLUDED.orders, median = EXCLUDED.median, p90 = EXCLUDED.p90, within_promise = EXCLUDED.within_promise`;
/** the rows of an update whose creation or Ready-to-download time changed, old and new */
const READY_CHANGED = `(SELECT n.created_at FROM new_rows n JOIN old_rows o USING (id)
                         WHERE (n.created_at, n.ready_at) IS DISTINCT FROM (o.created_at, o.ready_at)
                        UNION SELECT o.created_at FROM new_rows n JOIN old_rows o USING (id)
                         WHERE (n.created_at, n.ready_at) IS DISTINCT FROM (o.created_at, o.ready_at))`;

/**
 * A statement of a trigger, planned each time it runs (EXECUTE): a plan kept from a statement
 * of one row (the consumer's quiet stream) would loop over a batch of thousands.
 */
const run = (sql: string) => `EXECUTE $q$${sql}$q$`;
// Every function returns at once when its statement changed no row (an upsert's UPDATE trigger
// when every row was inserted, the consumer's statements of one-event batches).

const COUNTED_LINES = `('IMAGE_REPUSHED', 'QA_UPLOADED_PICTURE', 'IMAGE_DECLINED', 'RE_EDIT_REQUESTED')`;

/** the role a QA_PICKED line was picked in, as the questions name it */
const PICK_ROLE = (e: string) => `CASE WHEN ${e}.qa_role IN ('QA_COORDINATOR', 'coordinator') THEN 'QA_COORDINATOR' ELSE 'QA_EDITOR' END`;
/** the distinct (user, role, order, day) of the QA_PICKED lines of a transition table */
const PICK_DAYS = (rows: string) => `
  SELECT DISTINCT e.user_id, ${PICK_ROLE('e')} AS role, e.order_id, (e.at AT TIME ZONE 'UTC')::date AS day
    FROM ${rows} e WHERE e.event_name = 'QA_PICKED' AND e.user_id IS NOT NULL`;
const ADD_PICKS = (sign: string, rows: string) => `
  INSERT INTO stat_daily_all AS t (metric, day, count, minutes)
  SELECT 'qa_pick:' || role || ':' || user_id, day, ${sign}count(*), 0 FROM ${rows} GROUP BY 1, 2
  ON CONFLICT (metric, day) DO UPDATE SET count = t.count + EXCLUDED.count`;

/** QA picks: new (user, role, order, day) counted on their day; a pick's orders picked on more than one day marked */
const PICKS_ADDED = `
  WITH added AS (
    INSERT INTO stat_qa_pick (user_id, role, order_id, day) ${PICK_DAYS('new_rows')}
    ON CONFLICT DO NOTHING
    RETURNING user_id, role, order_id, day)
  ${ADD_PICKS('', 'added')}`;
const PICKS_MARKED = `
  UPDATE stat_qa_pick p SET multi = true
    FROM (SELECT DISTINCT user_id, role, order_id FROM (${PICK_DAYS('new_rows')}) n) a
   WHERE p.user_id = a.user_id AND p.role = a.role AND p.order_id = a.order_id AND NOT p.multi
     AND (SELECT count(*) FROM stat_qa_pick q WHERE q.user_id = a.user_id AND q.role = a.role AND q.order_id = a.order_id) > 1`;

/** QA picks: a (user, role, order, day) no line holds any more goes, and its count with it */
const PICKS_REMOVED = `
  WITH removed AS (
    DELETE FROM stat_qa_pick p USING (${PICK_DAYS('old_rows')}) d
     WHERE p.user_id = d.user_id AND p.role = d.role AND p.order_id = d.order_id AND p.day = d.day
       AND NOT EXISTS (SELECT 1 FROM stat_timeline_event e
                        WHERE e.order_id = d.order_id AND e.event_name = 'QA_PICKED' AND e.user_id = d.user_id
                          AND ${PICK_ROLE('e')} = d.role AND (e.at AT TIME ZONE 'UTC')::date = d.day)
    RETURNING p.user_id, p.role, p.day)
  ${ADD_PICKS('-', 'removed')}`;

export class StatisticsDailyTotals1764700000300 implements MigrationInterface {
  name = 'StatisticsDailyTotals1764700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stat_daily_all (
        metric text COLLATE "C" NOT NULL,
        day date NOT NULL,
        count bigint NOT NULL DEFAULT 0,
        minutes double precision NOT NULL DEFAULT 0,
        PRIMARY KEY (metric, day)
      )`);
    await q.query(`
      CREATE TABLE stat_qa_pick (
        user_id uuid NOT NULL,
        role text NOT NULL,
        order_id uuid NOT NULL,
        day date NOT NULL,
        multi boolean NOT NULL DEFAULT false,
        PRIMARY KEY (user_id, role, order_id, day)
      )`);
    await q.query(`
      CREATE TABLE stat_ready_week (
        week timestamptz PRIMARY KEY,
        orders int NOT NULL,
        median double precision NULL,
        p90 double precision NULL,
        within_promise int NOT NULL
      )`);
    await q.query('CREATE INDEX stat_qa_pick_multi ON stat_qa_pick (day) INCLUDE (user_id, role, order_id) WHERE multi');
    // what still reads the facts: QA's tags from the index alone (their name too), the service levels from a narrower index
    await q.query('DROP INDEX IF EXISTS stat_timeline_event_tag_at');
    await q.query('CREATE INDEX stat_timeline_event_tag_named ON stat_timeline_event (at) INCLUDE (tag_id, tag_category, tag_name, order_id) WHERE tag_id IS NOT NULL');
    await q.query('CREATE INDEX stat_order_ready_by_creation ON stat_order (created_at) INCLUDE (ready_at) WHERE ready_at IS NOT NULL');
    await q.query('ALTER TABLE stat_order ADD COLUMN repushed_images int NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE stat_order ADD COLUMN edited_images int NOT NULL DEFAULT 0');
    await q.query('ALTER TABLE stat_order ADD COLUMN flaw_lines int NOT NULL DEFAULT 0');

    // stat_daily → the sum over accounts
    await q.query(`CREATE FUNCTION stat_daily_all_ins() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
      ${run(ADD('SELECT metric, day, count AS n, 0::float8 AS minutes FROM new_rows'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION stat_daily_all_upd() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
      ${run(ADD('SELECT metric, day, count AS n, 0::float8 AS minutes FROM new_rows UNION ALL SELECT metric, day, -count, 0 FROM old_rows'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION stat_daily_all_del() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
      ${run(ADD('SELECT metric, day, -count AS n, 0::float8 AS minutes FROM old_rows'))}; RETURN NULL; END $$`);
    await q.query('CREATE TRIGGER stat_daily_all_ins AFTER INSERT ON stat_daily REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_all_ins()');
    await q.query('CREATE TRIGGER stat_daily_all_upd AFTER UPDATE ON stat_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_all_upd()');
    await q.query('CREATE TRIGGER stat_daily_all_del AFTER DELETE ON stat_daily REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_daily_all_del()');

    // stat_order → its contribution; an order first written after its lines counts them
    await q.query(`CREATE FUNCTION stat_order_all_ins() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
      ${run(ADD(plus('new_rows')))};
      ${run(RECOUNT(`SELECT n.id AS order_id FROM new_rows n WHERE EXISTS (SELECT 1 FROM stat_timeline_event e WHERE e.order_id = n.id AND e.event_name IN ${COUNTED_LINES})`))};
      ${run(READY_WEEKS('new_rows'))};
      RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION stat_order_all_upd() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
      ${run(ADD(`${plus('(SELECT n.* FROM new_rows n JOIN old_rows o USING (id) WHERE n IS DISTINCT FROM o)')}
             UNION ALL ${minus('(SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE n IS DISTINCT FROM o)')}`))};
      ${run(READY_WEEKS(READY_CHANGED))};
      RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION stat_order_all_del() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
      ${run(ADD(minus('old_rows')))};
      ${run(READY_WEEKS('old_rows'))};
      RETURN NULL; END $$`);
    await q.query('CREATE TRIGGER stat_order_all_ins AFTER INSERT ON stat_order REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_order_all_ins()');
    await q.query('CREATE TRIGGER stat_order_all_upd AFTER UPDATE ON stat_order REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_order_all_upd()');
    await q.query('CREATE TRIGGER stat_order_all_del AFTER DELETE ON stat_order REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_order_all_del()');

    // stat_timeline_event → the counts of the orders whose counted lines came or went
    await q.query(`CREATE FUNCTION stat_line_counts_ins() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
      ${run(RECOUNT(`SELECT DISTINCT order_id FROM new_rows WHERE event_name IN ${COUNTED_LINES}`))};
      ${run(PICKS_ADDED)};
      ${run(PICKS_MARKED)};
      RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION stat_line_counts_del() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
      ${run(RECOUNT(`SELECT DISTINCT order_id FROM old_rows WHERE event_name IN ${COUNTED_LINES}`))};
      ${run(PICKS_REMOVED)};
      RETURN NULL; END $$`);
    await q.query('CREATE TRIGGER stat_line_counts_ins AFTER INSERT ON stat_timeline_event REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_line_counts_ins()');
    await q.query('CREATE TRIGGER stat_line_counts_del AFTER DELETE ON stat_timeline_event REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_line_counts_del()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS stat_line_counts_del ON stat_timeline_event');
    await q.query('DROP TRIGGER IF EXISTS stat_line_counts_ins ON stat_timeline_event');
    await q.query('DROP TRIGGER IF EXISTS stat_order_all_del ON stat_order');
    await q.query('DROP TRIGGER IF EXISTS stat_order_all_upd ON stat_order');
    await q.query('DROP TRIGGER IF EXISTS stat_order_all_ins ON stat_order');
    await q.query('DROP TRIGGER IF EXISTS stat_daily_all_del ON stat_daily');
    await q.query('DROP TRIGGER IF EXISTS stat_daily_all_upd ON stat_daily');
    await q.query('DROP TRIGGER IF EXISTS stat_daily_all_ins ON stat_daily');
    for (const f of ['stat_line_counts_del', 'stat_line_counts_ins', 'stat_order_all_del', 'stat_order_all_upd', 'stat_order_all_ins', 'stat_daily_all_del', 'stat_daily_all_upd', 'stat_daily_all_ins']) {
      await q.query(`DROP FUNCTION IF EXISTS ${f}()`);
    }
    await q.query('ALTER TABLE stat_order DROP COLUMN IF EXISTS flaw_lines');
    await q.query('ALTER TABLE stat_order DROP COLUMN IF EXISTS edited_images');
    await q.query('ALTER TABLE stat_order DROP COLUMN IF EXISTS repushed_images');
    await q.query('DROP INDEX IF EXISTS stat_order_ready_by_creation');
    await q.query('DROP INDEX IF EXISTS stat_timeline_event_tag_named');
    await q.query('CREATE INDEX stat_timeline_event_tag_at ON stat_timeline_event (at) INCLUDE (tag_id, tag_category, order_id) WHERE tag_id IS NOT NULL');
    await q.query('DROP TABLE IF EXISTS stat_ready_week');
    await q.query('DROP TABLE IF EXISTS stat_qa_pick');
    await q.query('DROP TABLE IF EXISTS stat_daily_all');
  }
}
