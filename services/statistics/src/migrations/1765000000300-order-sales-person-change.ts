import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `stat_order.sales_person_at`: the time of the newest sales-person change applied to the
 * order (an `EDITED` timeline line with `salesPersonId`), null while the order keeps the sales
 * person it was created with. The creation event no longer writes the sales person once a
 * change is known, so a change counted before the creation arrives (rebuild, late events) stays.
 */
export class StatisticsOrderSalesPersonChange1765000000300 implements MigrationInterface {
  name = 'StatisticsOrderSalesPersonChange1765000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE stat_order ADD COLUMN sales_person_at timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE stat_order DROP COLUMN sales_person_at');
  }
}
