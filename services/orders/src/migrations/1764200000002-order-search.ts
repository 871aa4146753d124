import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A narrow copy of what a search filters and sorts on, one row per order, kept by a row
 * trigger in the same transaction as every change. A search that matches many orders has to
 * read each match to count it (the trigram index only narrows the candidates); reading them
 * here instead of in the wide orders table touches a fraction of the pages.
 */
export class OrderSearch1764200000002 implements MigrationInterface {
  name = 'OrderSearch1764200000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_search (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        sales_person_id uuid,
        status text NOT NULL,
        qa_status text NOT NULL,
        video_count integer NOT NULL,
        order_name text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        search_text text NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION order_search_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM order_search WHERE id = OLD.id;
          RETURN NULL;
        END IF;
        INSERT INTO order_search (id, account_id, sales_person_id, status, qa_status, video_count, order_name, created_at, updated_at, search_text)
        VALUES (NEW.id, NEW.account_id, NEW.sales_person_id, NEW.status, NEW.qa_status, NEW.video_count, NEW.order_name, NEW.created_at, NEW.updated_at, NEW.search_text)
        ON CONFLICT (id) DO UPDATE SET
          account_id = EXCLUDED.account_id, sales_person_id = EXCLUDED.sales_person_id, status = EXCLUDED.status,
          qa_status = EXCLUDED.qa_status, video_count = EXCLUDED.video_count, order_name = EXCLUDED.order_name,
          created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, search_text = EXCLUDED.search_text;
        RETURN NULL;
      END $$`);
    await q.query('CREATE TRIGGER orders_search_copy AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION order_search_apply()');
    await q.query(`
      INSERT INTO order_search (id, account_id, sales_person_id, status, qa_status, video_count, order_name, created_at, updated_at, search_text)
      SELECT id, account_id, sales_person_id, status, qa_status, video_count, order_name, created_at, updated_at, search_text FROM orders`);
    const trgm: Array<{ nspname: string }> = await q.query(
      `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    );
    // without pg_trgm (see the orders migration) a search scans this narrow table instead
    if (trgm.length) await q.query(`CREATE INDEX order_search_trgm_idx ON order_search USING gin (search_text "${trgm[0].nspname}".gin_trgm_ops)`);
    await q.query('CREATE INDEX order_search_account_idx ON order_search (account_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS orders_search_copy ON orders');
    await q.query('DROP TABLE IF EXISTS order_search');
    await q.query('DROP FUNCTION IF EXISTS order_search_apply()');
  }
}
