import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders, their timeline and the tags assigned to orders, images and users.
 *
 * Lists are paged by offset over indexes that hold the sort key and the id, so that the ids of
 * a page come from an index-only scan; deep pages near the end are read from the other end
 * (see OrdersRepository). Counts over all orders come from a tally kept by triggers. Search looks in one lower-cased text of order name, dealership and
 * sales person, indexed with pg_trgm when the extension can be created here (it is a trusted
 * extension from PostgreSQL 13: the database owner may create it); without it search still
 * works, by a scan.
 */
export class Orders1764200000000 implements MigrationInterface {
  name = 'Orders1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL,
        account_name text NOT NULL,
        account_email text NOT NULL,
        order_name text NOT NULL,
        note text,
        status text NOT NULL CHECK (status IN ('Uploading','In Progress','QA stage','Delivering','Ready to download','Completed')),
        qa_status text NOT NULL CHECK (qa_status IN ('Waiting For QA','Waiting For Edition','Approved')),
        created_by_id uuid,
        created_by_name text NOT NULL,
        created_by_role text NOT NULL CHECK (created_by_role IN ('Admin','SalesPerson','Account')),
        impersonated_by_id uuid,
        impersonated_by_name text,
        sales_person_id uuid,
        sales_person_name text,
        style_guide_id uuid NOT NULL,
        style_guide_name text NOT NULL,
        car_type_id uuid,
        car_type_name text,
        platform text NOT NULL DEFAULT 'web' CHECK (platform IN ('web','android','ios')),
        user_agent text,
        device_model text,
        os_version text,
        app_version text,
        taken_images_count integer NOT NULL CHECK (taken_images_count >= 0),
        image_count integer NOT NULL DEFAULT 0,
        uploaded_images_count integer NOT NULL DEFAULT 0,
        processed_images_count integer NOT NULL DEFAULT 0,
        failed_images_count integer NOT NULL DEFAULT 0,
        video_count integer NOT NULL DEFAULT 0,
        progress_version bigint NOT NULL DEFAULT 0,
        enabled_qa boolean NOT NULL DEFAULT false,
        assigned_editor_id uuid,
        assigned_editor_name text,
        time_to_ready_to_download integer,
        time_to_completed integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (lower(order_name || ' ' || account_name || ' ' || coalesce(sales_person_name, ''))) STORED
      )`);
    // "Please specify a unique order name": per account, case-insensitively
    await q.query('CREATE UNIQUE INDEX orders_account_name_uq ON orders (account_id, lower(order_name))');
    await q.query('CREATE INDEX orders_created_idx ON orders (created_at, id)');
    await q.query('CREATE INDEX orders_account_created_idx ON orders (account_id, created_at, id)');
    await q.query('CREATE INDEX orders_status_created_idx ON orders (status, created_at, id)');
    await q.query('CREATE INDEX orders_qa_status_created_idx ON orders (qa_status, created_at, id)');
    await q.query('CREATE INDEX orders_updated_idx ON orders (updated_at, id)');
    await q.query('CREATE INDEX orders_name_idx ON orders (lower(order_name), id)');
    await q.query('CREATE INDEX orders_sales_person_idx ON orders (sales_person_id, created_at) WHERE sales_person_id IS NOT NULL');

    await q.query('SAVEPOINT trgm');
    try {
      await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      await q.query('RELEASE SAVEPOINT trgm');
    } catch {
      // not installed on this server, or not allowed: search works without the index
      await q.query('ROLLBACK TO SAVEPOINT trgm');
    }
    const trgm: unknown[] = await q.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    if (trgm.length) {
      const schema: Array<{ nspname: string }> = await q.query(
        `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      );
      await q.query(`CREATE INDEX orders_search_trgm_idx ON orders USING gin (search_text "${schema[0].nspname}".gin_trgm_ops)`);
    }

    // How many orders there are per status, QA status and video, kept by triggers in the same
    // transaction as every change: the count of a list over all time (the admin widening the
    // date filter) is then a sum of a few rows instead of a scan of every order. Each change
    // lands on one of eight slots, so concurrent writers rarely wait for the same row.
    await q.query(`
      CREATE TABLE order_tally (
        status text NOT NULL,
        qa_status text NOT NULL,
        with_video boolean NOT NULL,
        slot smallint NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (status, qa_status, with_video, slot)
      )`);
    await q.query(`
      CREATE FUNCTION order_tally_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO order_tally (status, qa_status, with_video, slot, n)
          SELECT status, qa_status, video_count > 0, floor(random() * 8)::smallint, count(*) FROM new_rows GROUP BY 1, 2, 3
          ON CONFLICT (status, qa_status, with_video, slot) DO UPDATE SET n = order_tally.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO order_tally (status, qa_status, with_video, slot, n)
          SELECT status, qa_status, video_count > 0, floor(random() * 8)::smallint, -count(*) FROM old_rows GROUP BY 1, 2, 3
          ON CONFLICT (status, qa_status, with_video, slot) DO UPDATE SET n = order_tally.n + EXCLUDED.n;
        ELSE
          INSERT INTO order_tally (status, qa_status, with_video, slot, n)
          SELECT status, qa_status, with_video, floor(random() * 8)::smallint, sum(d)
            FROM (SELECT status, qa_status, video_count > 0 AS with_video, 1 AS d FROM new_rows
                  UNION ALL
                  SELECT status, qa_status, video_count > 0, -1 FROM old_rows) x
           GROUP BY 1, 2, 3 HAVING sum(d) <> 0
          ON CONFLICT (status, qa_status, with_video, slot) DO UPDATE SET n = order_tally.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query('CREATE TRIGGER orders_tally_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_tally_apply()');
    await q.query('CREATE TRIGGER orders_tally_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_tally_apply()');
    await q.query(
      'CREATE TRIGGER orders_tally_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_tally_apply()',
    );

    await q.query(`
      CREATE TABLE order_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        order_name text NOT NULL,
        event_name text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        user_id uuid,
        user_name text,
        is_hidden boolean NOT NULL DEFAULT false,
        is_priority boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX order_event_order_idx ON order_event (order_id, created_at, seq)');
    await q.query('CREATE INDEX order_event_account_idx ON order_event (account_id, created_at, seq)');

    await q.query(`
      CREATE TABLE tag_assignment (
        entity text NOT NULL CHECK (entity IN ('user','order','image')),
        entity_id uuid NOT NULL,
        tag_id uuid NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
        order_id uuid,
        account_id uuid,
        assigned_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (entity, entity_id, tag_id)
      )`);
    await q.query('CREATE INDEX tag_assignment_order_idx ON tag_assignment (order_id) WHERE order_id IS NOT NULL');
    await q.query('CREATE INDEX tag_assignment_account_idx ON tag_assignment (account_id) WHERE account_id IS NOT NULL');
    await q.query('CREATE INDEX tag_assignment_tag_idx ON tag_assignment (tag_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS tag_assignment');
    await q.query('DROP TABLE IF EXISTS order_event');
    await q.query('DROP TABLE IF EXISTS orders');
    await q.query('DROP TABLE IF EXISTS order_tally');
    await q.query('DROP FUNCTION IF EXISTS order_tally_apply()');
  }
}
