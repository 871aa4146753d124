import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes the dashboards' questions need (docs/statistics.md, "Questions"; the benchmark
 * `make bench-statistics` measures them over the facts of 100,000 orders):
 * - the admin's questions over every order of a window (devices, app versions, orders by status,
 *   images per car, the month of the image-ratio charts, service levels) read only this index,
 *   in creation order;
 * - QA's average time per order starts from the first pick and reads the times it left QA;
 * - flawless orders: the orders that went through QA and left it by creation, and the order ids
 *   of the flaw lines (declined, repushed, re-edit requested) by time, both from the index alone;
 * - QA's picks per window read only the QA_PICKED lines, from the index alone;
 * - QA's tags per window read the few timeline lines that carry a tag;
 * - counts over days read `stat_daily` by metric and day (every account), or by account, metric
 *   and day, from the index alone: the table's own indexes do not hold `count`.
 */
export class StatisticsQuestionIndexes1764700000200 implements MigrationInterface {
  name = 'StatisticsQuestionIndexes1764700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX stat_order_created_covering ON stat_order (created_at) INCLUDE (account_id, platform, app_version, status, taken_images, ready_at)');
    await q.query('CREATE INDEX stat_order_first_qa_pick ON stat_order (first_qa_pick_at) INCLUDE (delivering_at, ready_at, completed_at) WHERE first_qa_pick_at IS NOT NULL');
    await q.query('CREATE INDEX stat_order_left_qa ON stat_order (created_at) INCLUDE (id) WHERE qa_stage_at IS NOT NULL AND coalesce(delivering_at, ready_at, completed_at) IS NOT NULL');
    await q.query(`CREATE INDEX stat_timeline_event_flaw_at ON stat_timeline_event (at) INCLUDE (order_id) WHERE event_name IN ('IMAGE_DECLINED', 'IMAGE_REPUSHED', 'RE_EDIT_REQUESTED')`);
    await q.query(`CREATE INDEX stat_timeline_event_qa_pick ON stat_timeline_event (at) INCLUDE (user_id, qa_role, order_id) WHERE event_name = 'QA_PICKED'`);
    await q.query('CREATE INDEX stat_timeline_event_tag_at ON stat_timeline_event (at) INCLUDE (tag_id, tag_category, order_id) WHERE tag_id IS NOT NULL');
    await q.query('CREATE INDEX stat_daily_metric_day_covering ON stat_daily (metric, day) INCLUDE (account_id, count)');
    await q.query('CREATE INDEX stat_daily_account_covering ON stat_daily (account_id, metric, day) INCLUDE (count)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS stat_daily_account_covering');
    await q.query('DROP INDEX IF EXISTS stat_daily_metric_day_covering');
    await q.query('DROP INDEX IF EXISTS stat_timeline_event_tag_at');
    await q.query('DROP INDEX IF EXISTS stat_timeline_event_qa_pick');
    await q.query('DROP INDEX IF EXISTS stat_timeline_event_flaw_at');
    await q.query('DROP INDEX IF EXISTS stat_order_left_qa');
    await q.query('DROP INDEX IF EXISTS stat_order_first_qa_pick');
    await q.query('DROP INDEX IF EXISTS stat_order_created_covering');
  }
}
