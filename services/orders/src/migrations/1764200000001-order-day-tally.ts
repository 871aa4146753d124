import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders per day (UTC) of creation, by status, QA status and video, kept by statement
 * triggers in the same transaction as every change, like `order_tally`. A deep page of the
 * list over all orders, newest or oldest first, finds the day it starts in from these few
 * rows and skips only within that day, instead of walking the index past every order before
 * it (OrdersRepository). Eight slots a day spread concurrent writers over rows.
 */
export class OrderDayTally1764200000001 implements MigrationInterface {
  name = 'OrderDayTally1764200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_day_tally (
        day date NOT NULL,
        status text NOT NULL,
        qa_status text NOT NULL,
        with_video boolean NOT NULL,
        slot smallint NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (day, status, qa_status, with_video, slot)
      )`);
    await q.query(`
      CREATE FUNCTION order_day_tally_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        -- each branch names only the transition tables its event has
        IF TG_OP = 'INSERT' THEN
          INSERT INTO order_day_tally (day, status, qa_status, with_video, slot, n)
          SELECT (created_at AT TIME ZONE 'UTC')::date, status, qa_status, video_count > 0, floor(random() * 8)::smallint, count(*)
            FROM new_rows GROUP BY 1, 2, 3, 4
          ON CONFLICT (day, status, qa_status, with_video, slot) DO UPDATE SET n = order_day_tally.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO order_day_tally (day, status, qa_status, with_video, slot, n)
          SELECT (created_at AT TIME ZONE 'UTC')::date, status, qa_status, video_count > 0, floor(random() * 8)::smallint, -count(*)
            FROM old_rows GROUP BY 1, 2, 3, 4
          ON CONFLICT (day, status, qa_status, with_video, slot) DO UPDATE SET n = order_day_tally.n + EXCLUDED.n;
        ELSE
          INSERT INTO order_day_tally (day, status, qa_status, with_video, slot, n)
          SELECT day, status, qa_status, with_video, floor(random() * 8)::smallint, sum(d)
            FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, status, qa_status, video_count > 0 AS with_video, 1 AS d FROM new_rows
                  UNION ALL
                  SELECT (created_at AT TIME ZONE 'UTC')::date, status, qa_status, video_count > 0, -1 FROM old_rows) x
           GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
          ON CONFLICT (day, status, qa_status, with_video, slot) DO UPDATE SET n = order_day_tally.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(
      'CREATE TRIGGER orders_day_tally_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_day_tally_apply()',
    );
    await q.query(
      'CREATE TRIGGER orders_day_tally_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_day_tally_apply()',
    );
    await q.query(
      'CREATE TRIGGER orders_day_tally_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_day_tally_apply()',
    );
    await q.query(`
      INSERT INTO order_day_tally (day, status, qa_status, with_video, slot, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, status, qa_status, video_count > 0, 0, count(*) FROM orders GROUP BY 1, 2, 3, 4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS orders_day_tally_insert ON orders');
    await q.query('DROP TRIGGER IF EXISTS orders_day_tally_delete ON orders');
    await q.query('DROP TRIGGER IF EXISTS orders_day_tally_update ON orders');
    await q.query('DROP TABLE IF EXISTS order_day_tally');
    await q.query('DROP FUNCTION IF EXISTS order_day_tally_apply()');
  }
}
