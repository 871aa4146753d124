import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Images, videos, the per-order progress version and download bundles. */
export class Images1764100000000 implements MigrationInterface {
  name = 'Images1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE image (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        style_guide_id uuid NOT NULL,
        position int NOT NULL CHECK (position >= 0),
        source text NOT NULL CHECK (source IN ('upload','insert')),
        media_origin text NOT NULL CHECK (media_origin IN ('original','optimized')),
        optimisation_status text NOT NULL
          CHECK (optimisation_status IN ('awaiting-upload','upload-rejected','queued','completed','rejected')),
        label text NOT NULL,
        failure_reason text NULL,
        approved boolean NOT NULL DEFAULT false,
        needs_edition boolean NOT NULL DEFAULT false,
        optimised_via text NULL,
        types text[] NOT NULL DEFAULT '{}',
        content_type text NOT NULL,
        upload_key text NULL,
        original_key text NULL,
        optimized_key text NULL,
        thumb_key text NULL,
        replacement_key text NULL,
        replacement_content_type text NULL,
        declared_width int NULL,
        declared_height int NULL,
        declared_size int NULL,
        width int NULL,
        height int NULL,
        file_size int NULL,
        sensor_data jsonb NULL,
        expected_angle text NULL,
        detected_angle text NULL,
        latest_job_id uuid NULL,
        created_by uuid NULL,
        upload_expires_at timestamptz NOT NULL,
        upload_checked_at timestamptz NULL,
        uploaded_at timestamptz NULL,
        processed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // one image per position of an order; also the index of every per-order query
    await q.query('CREATE UNIQUE INDEX image_order_position_idx ON image (order_id, position)');
    // the upload sweeper's work list
    await q.query(`CREATE INDEX image_pending_upload_idx ON image (upload_checked_at NULLS FIRST, created_at) WHERE optimisation_status = 'awaiting-upload'`);
    await q.query(`
      CREATE TABLE video (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('awaiting-upload','ready','rejected')),
        content_type text NOT NULL,
        upload_key text NOT NULL,
        thumb_key text NULL,
        file_size bigint NULL,
        duration_seconds real NULL,
        failure_reason text NULL,
        created_by uuid NULL,
        upload_expires_at timestamptz NOT NULL,
        upload_checked_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX video_order_idx ON video (order_id, created_at, id)');
    await q.query(`CREATE INDEX video_pending_upload_idx ON video (upload_checked_at NULLS FIRST, created_at) WHERE status = 'awaiting-upload'`);
    await q.query(`
      CREATE TABLE order_progress (
        order_id uuid PRIMARY KEY,
        version int NOT NULL
      )`);
    await q.query(`
      CREATE TABLE download_bundle (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        object_key text NOT NULL,
        image_count int NOT NULL,
        media text NOT NULL,
        size_bytes bigint NOT NULL,
        created_by uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX download_bundle_expires_idx ON download_bundle (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE download_bundle');
    await q.query('DROP TABLE order_progress');
    await q.query('DROP TABLE video');
    await q.query('DROP TABLE image');
  }
}
