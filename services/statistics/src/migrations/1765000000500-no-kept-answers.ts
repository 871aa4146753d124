import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboards' answers are no longer kept on the server (docs/statistics.md, "Answers as
 * the facts are now"): a question costs a few milliseconds of the totals per day, and an
 * answer kept until the end of the day hid every event of the day behind the first asking.
 * `stat_answer` goes; the web app still keeps an answer until the `expires` it carries.
 */
export class StatisticsNoKeptAnswers1765000000500 implements MigrationInterface {
  name = 'StatisticsNoKeptAnswers1765000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS stat_answer');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stat_answer (
        key text PRIMARY KEY,
        answer jsonb NOT NULL,
        expires timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX stat_answer_expires ON stat_answer (expires)');
  }
}
