import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics service's fact tables (docs/statistics.md). Every row comes from a domain
 * event of the EVENTS stream (or a service's backfill of the same events); nothing here is
 * read from another service. Applying the same event twice, or events out of order, leaves
 * the same rows: facts are keyed by the event's id or by their entity's id, entity columns
 * keep the time of the event that last set them (`saved_at`, `status_at`) and ignore older
 * ones, and the first time an order entered a status is kept with LEAST().
 *
 * `stat_daily` is the consumer's running count per metric, day (UTC) and account, written in
 * the same transaction as the fact that adds to it, so period charts over millions of images
 * read a few hundred rows. Metrics: `orders`, `images_processed` (account: the order's when
 * known, else the nil uuid), `event:<EVENT_NAME>` (timeline events).
 *
 * `stat_answer` keeps each answered question until it expires.
 */
export class StatisticsFacts1764700000000 implements MigrationInterface {
  name = 'StatisticsFacts1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stat_account (
        id uuid PRIMARY KEY,
        user_role text NOT NULL,
        display_name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        created_at timestamptz NULL,
        last_sign_in_at timestamptz NULL,
        last_order_at timestamptz NULL,
        children_at timestamptz NULL,
        saved_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE stat_account_child (
        parent_id uuid NOT NULL,
        child_id uuid NOT NULL,
        PRIMARY KEY (parent_id, child_id)
      )`);
    await q.query('CREATE INDEX stat_account_child_child ON stat_account_child (child_id)');
    await q.query(`
      CREATE TABLE stat_sales_person (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        name text NOT NULL,
        deleted_at timestamptz NULL,
        saved_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX stat_sales_person_account ON stat_sales_person (account_id)');
    await q.query(`
      CREATE TABLE stat_style_guide (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        deleted_at timestamptz NULL,
        saved_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE stat_order (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        sales_person_id uuid NULL,
        style_guide_id uuid NULL,
        order_name text NOT NULL DEFAULT '',
        platform text NULL,
        app_version text NULL,
        taken_images int NOT NULL DEFAULT 0,
        created_at timestamptz NULL,
        status text NULL,
        qa_status text NULL,
        status_at timestamptz NULL,
        upload_completed_at timestamptz NULL,
        in_progress_at timestamptz NULL,
        qa_stage_at timestamptz NULL,
        first_qa_pick_at timestamptz NULL,
        delivering_at timestamptz NULL,
        ready_at timestamptz NULL,
        completed_at timestamptz NULL,
        deleted_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX stat_order_account_created ON stat_order (account_id, created_at)');
    await q.query('CREATE INDEX stat_order_created ON stat_order (created_at)');
    await q.query('CREATE INDEX stat_order_sales_person ON stat_order (sales_person_id) WHERE sales_person_id IS NOT NULL');
    await q.query('CREATE INDEX stat_order_style_guide ON stat_order (style_guide_id, created_at)');
    await q.query(`
      CREATE TABLE stat_timeline_event (
        event_id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        event_name text NOT NULL,
        user_id uuid NULL,
        user_name text NULL,
        image_id uuid NULL,
        tag_id uuid NULL,
        tag_name text NULL,
        tag_category text NULL,
        qa_role text NULL,
        at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX stat_timeline_event_name_at ON stat_timeline_event (event_name, at)');
    await q.query('CREATE INDEX stat_timeline_event_order ON stat_timeline_event (order_id, event_name)');
    await q.query('CREATE INDEX stat_timeline_event_user ON stat_timeline_event (user_id, event_name, at) WHERE user_id IS NOT NULL');
    await q.query(`
      CREATE TABLE stat_image_processed (
        job_id uuid PRIMARY KEY,
        image_id text NOT NULL,
        order_id text NOT NULL,
        route text NOT NULL,
        processed_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX stat_image_processed_at ON stat_image_processed (processed_at)');
    await q.query('CREATE INDEX stat_image_processed_order ON stat_image_processed (order_id)');
    await q.query(`
      CREATE TABLE stat_daily (
        metric text NOT NULL,
        day date NOT NULL,
        account_id uuid NOT NULL,
        count bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (metric, day, account_id)
      )`);
    await q.query('CREATE INDEX stat_daily_account ON stat_daily (account_id, metric, day)');
    await q.query(`
      CREATE TABLE stat_answer (
        key text PRIMARY KEY,
        answer jsonb NOT NULL,
        expires timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX stat_answer_expires ON stat_answer (expires)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['stat_answer', 'stat_daily', 'stat_image_processed', 'stat_timeline_event', 'stat_order', 'stat_style_guide', 'stat_sales_person', 'stat_account_child', 'stat_account']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
