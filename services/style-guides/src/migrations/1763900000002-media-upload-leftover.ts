import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staging objects of media never outlive their grant. A medium's upload grant stays valid
 * for its whole lifetime, also after the server has accepted the file: posting it again
 * leaves an object at the staging key. So when a staging key stops being a medium's live
 * key (the file is accepted, or the row deleted), a trigger remembers it in
 * `upload_leftover` with the grant's expiry (`upload_expires_at`; media from before know only
 * their creation, when their grant was given for 15 minutes), and the upload-leftover sweeper
 * removes the object once the grant has expired (plus a margin), then the row. Only staging
 * keys (under an `uploads/` folder) are remembered.
 */
export class MediaUploadLeftover1763900000002 implements MigrationInterface {
  name = 'MediaUploadLeftover1763900000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE utility_media ADD COLUMN upload_expires_at timestamptz NULL');
    await q.query(`
      CREATE TABLE upload_leftover (
        object_key text PRIMARY KEY,
        grant_expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX upload_leftover_expiry ON upload_leftover (grant_expires_at)');
    await q.query(`
      CREATE FUNCTION media_upload_leftover() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF OLD.upload_key IS NOT NULL AND position('/uploads/' in OLD.upload_key) > 0
           AND (TG_OP = 'DELETE' OR NEW.upload_key IS DISTINCT FROM OLD.upload_key) THEN
          INSERT INTO upload_leftover (object_key, grant_expires_at)
          VALUES (OLD.upload_key, coalesce(OLD.upload_expires_at, OLD.created_at + interval '15 minutes'))
          ON CONFLICT (object_key) DO UPDATE SET grant_expires_at = greatest(upload_leftover.grant_expires_at, EXCLUDED.grant_expires_at);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query('CREATE TRIGGER media_upload_leftover AFTER UPDATE OR DELETE ON utility_media FOR EACH ROW EXECUTE FUNCTION media_upload_leftover()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS media_upload_leftover ON utility_media');
    await q.query('DROP FUNCTION IF EXISTS media_upload_leftover()');
    await q.query('DROP TABLE IF EXISTS upload_leftover');
    await q.query('ALTER TABLE utility_media DROP COLUMN upload_expires_at');
  }
}
