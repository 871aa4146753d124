import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staging objects never outlive their grant. An upload grant (presigned POST) stays valid for
 * its whole lifetime, also after the server has accepted or refused what it first received,
 * or after the row was deleted: posting it again leaves an object at the staging key. So
 * when a staging key stops being the live key of a row (an awaited picture or video is
 * accepted or refused, a replacing picture is taken or refused or another one is asked for,
 * a row is deleted), the key is remembered in `upload_leftover` with the expiry of its
 * grant; the upload sweeper removes the object once the grant has expired (plus a margin)
 * and then the row. Triggers do the remembering, so no way of changing or deleting a row
 * can forget it. Only staging keys (under an `uploads/` folder) are remembered: a key from
 * before staging keys may be where an accepted file is kept.
 *
 * `replacement_expires_at` is the expiry of the grant of a replacing picture.
 */
export class UploadLeftover1764100000004 implements MigrationInterface {
  name = 'UploadLeftover1764100000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image ADD COLUMN replacement_expires_at timestamptz NULL');
    await q.query(`
      CREATE TABLE upload_leftover (
        object_key text PRIMARY KEY,
        grant_expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX upload_leftover_expiry ON upload_leftover (grant_expires_at)');
    await q.query(`
      CREATE FUNCTION upload_leftover_remember(leftover text, expires timestamptz) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF leftover IS NULL OR position('/uploads/' in leftover) = 0 THEN RETURN; END IF;
        INSERT INTO upload_leftover (object_key, grant_expires_at) VALUES (leftover, coalesce(expires, now() + interval '15 minutes'))
        ON CONFLICT (object_key) DO UPDATE SET grant_expires_at = greatest(upload_leftover.grant_expires_at, EXCLUDED.grant_expires_at);
      END $$`);
    await q.query(`
      CREATE FUNCTION image_upload_leftover() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM upload_leftover_remember(OLD.upload_key, OLD.upload_expires_at);
          PERFORM upload_leftover_remember(OLD.replacement_key, OLD.replacement_expires_at);
          RETURN NULL;
        END IF;
        IF NEW.upload_key IS DISTINCT FROM OLD.upload_key
           OR (OLD.optimisation_status = 'awaiting-upload' AND NEW.optimisation_status <> 'awaiting-upload') THEN
          PERFORM upload_leftover_remember(OLD.upload_key, OLD.upload_expires_at);
        END IF;
        IF NEW.replacement_key IS DISTINCT FROM OLD.replacement_key THEN
          PERFORM upload_leftover_remember(OLD.replacement_key, OLD.replacement_expires_at);
        END IF;
        RETURN NULL;
      END $$`);
    // updates that touch no staging key (pipeline results, QA flags) do not call the function
    await q.query('CREATE TRIGGER image_upload_leftover_delete AFTER DELETE ON image FOR EACH ROW EXECUTE FUNCTION image_upload_leftover()');
    await q.query(`
      CREATE TRIGGER image_upload_leftover_update AFTER UPDATE ON image FOR EACH ROW
      WHEN (OLD.upload_key IS DISTINCT FROM NEW.upload_key OR OLD.replacement_key IS DISTINCT FROM NEW.replacement_key
            OR (OLD.optimisation_status = 'awaiting-upload' AND NEW.optimisation_status <> 'awaiting-upload'))
      EXECUTE FUNCTION image_upload_leftover()`);
    await q.query(`
      CREATE FUNCTION video_upload_leftover() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'DELETE'
           OR NEW.upload_key IS DISTINCT FROM OLD.upload_key
           OR (OLD.status = 'awaiting-upload' AND NEW.status <> 'awaiting-upload') THEN
          PERFORM upload_leftover_remember(OLD.upload_key, OLD.upload_expires_at);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query('CREATE TRIGGER video_upload_leftover_delete AFTER DELETE ON video FOR EACH ROW EXECUTE FUNCTION video_upload_leftover()');
    await q.query(`
      CREATE TRIGGER video_upload_leftover_update AFTER UPDATE ON video FOR EACH ROW
      WHEN (OLD.upload_key IS DISTINCT FROM NEW.upload_key OR (OLD.status = 'awaiting-upload' AND NEW.status <> 'awaiting-upload'))
      EXECUTE FUNCTION video_upload_leftover()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS video_upload_leftover_update ON video');
    await q.query('DROP TRIGGER IF EXISTS video_upload_leftover_delete ON video');
    await q.query('DROP TRIGGER IF EXISTS image_upload_leftover_update ON image');
    await q.query('DROP TRIGGER IF EXISTS image_upload_leftover_delete ON image');
    await q.query('DROP FUNCTION IF EXISTS video_upload_leftover()');
    await q.query('DROP FUNCTION IF EXISTS image_upload_leftover()');
    await q.query('DROP FUNCTION IF EXISTS upload_leftover_remember(text, timestamptz)');
    await q.query('DROP TABLE IF EXISTS upload_leftover');
    await q.query('ALTER TABLE image DROP COLUMN replacement_expires_at');
  }
}
