import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A number that moves whenever an order changes in a way that can change which orders a
 * list filter matches: an order added or removed, or a change of a searched or filtered
 * column. The orders list keeps the count of a search (which has to visit every match) and
 * the orders per day (for deep pages) with the number they were read at, and reads them
 * again only once the number moved (OrdersRepository.list, VersionedCache).
 *
 * The triggers are deferred to the commit, so the number moves only moments before the
 * change becomes visible to others: a count taken in between is kept for a few seconds at
 * most (VERSIONED_CACHE_TTL_MS).
 */
export class OrderSearchVersion1764200000002 implements MigrationInterface {
  name = 'OrderSearchVersion1764200000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE order_search_version');
    await q.query(`
      CREATE FUNCTION order_search_version_bump() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM nextval('order_search_version');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER orders_search_version_write
        AFTER INSERT OR DELETE OR UPDATE OF order_name, account_name, sales_person_name, account_id, sales_person_id, status, qa_status, video_count, created_at
        ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_search_version_bump()`);
    await q.query('CREATE TRIGGER orders_search_version_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_search_version_bump()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER orders_search_version_truncate ON orders');
    await q.query('DROP TRIGGER orders_search_version_write ON orders');
    await q.query('DROP FUNCTION order_search_version_bump()');
    await q.query('DROP SEQUENCE order_search_version');
  }
}
