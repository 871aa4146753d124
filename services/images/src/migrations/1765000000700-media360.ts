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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE media360');
  }
}
