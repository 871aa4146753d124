import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 360 media of orders: one row per 360 with its kind; its frames (an exterior's sequence
 * around the car, an interior's one panorama) are objects in S3 under the order's prefix,
 * listed in order in `frames`.
 */
export class Media3601765000000700 implements MigrationInterface {
  name = 'Media3601765000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media360 (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('exterior360','interior360')),
        status text NOT NULL CHECK (status IN ('awaiting-upload','ready','rejected')),
        frame_count integer NOT NULL CHECK (frame_count BETWEEN 1 AND 72),
        frames jsonb NOT NULL,
        width integer NULL,
        height integer NULL,
        total_size bigint NULL,
        failure_reason text NULL,
        created_by uuid NULL,
        upload_expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX media360_order_idx ON media360 (order_id, created_at, id)');
    // the sweeper's work list: awaited 360s whose grants expired
    await q.query(`CREATE INDEX media360_pending_upload_idx ON media360 (upload_expires_at) WHERE status = 'awaiting-upload'`);
    // as for images and videos (migration 1764100000004): every frame's staging key is remembered
    // once it stops being live (the 360 accepted, refused or deleted), and removed after its grant
    await q.query(`
      CREATE FUNCTION media360_upload_leftover() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        frame jsonb;
      BEGIN
        IF TG_OP = 'DELETE' OR (OLD.status = 'awaiting-upload' AND NEW.status <> 'awaiting-upload') THEN
          FOR frame IN SELECT value FROM jsonb_array_elements(OLD.frames) LOOP
            PERFORM upload_leftover_remember(frame->>'uploadKey', OLD.upload_expires_at);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query('CREATE TRIGGER media360_upload_leftover_delete AFTER DELETE ON media360 FOR EACH ROW EXECUTE FUNCTION media360_upload_leftover()');
    await q.query(`
      CREATE TRIGGER media360_upload_leftover_update AFTER UPDATE ON media360 FOR EACH ROW
      WHEN (OLD.status = 'awaiting-upload' AND NEW.status <> 'awaiting-upload')
      EXECUTE FUNCTION media360_upload_leftover()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE media360');
    await q.query('DROP FUNCTION media360_upload_leftover()');
  }
}
