import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Re-edit requests of dealerships: one row per request, at most one open per picture (a
 * unique partial index, so two requests at the same moment make one), gone with the picture.
 */
export class ReEditRequests1764100000050 implements MigrationInterface {
  name = 'ReEditRequests1764100000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE re_edit_request (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        image_id uuid NOT NULL REFERENCES image (id) ON DELETE CASCADE,
        order_id uuid NOT NULL,
        account_id uuid NOT NULL,
        position int NOT NULL,
        requested_by_user_id uuid NULL,
        requested_by_sales_person_id uuid NULL,
        requested_by_name text NULL,
        reason text NOT NULL,
        text text NULL,
        state text NOT NULL DEFAULT 'open',
        prior_approved boolean NOT NULL DEFAULT false,
        due_at timestamptz NOT NULL,
        answer text NULL,
        answered_by_user_id uuid NULL,
        answered_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT re_edit_request_state_chk CHECK (state IN ('open', 'done', 'declined')),
        CONSTRAINT re_edit_request_reason_chk CHECK (reason IN ('background', 'cropping', 'colour', 'reflections', 'wrong-angle', 'number-plate', 'logo', 'other')),
        CONSTRAINT re_edit_request_text_chk CHECK (char_length(text) <= 500 AND char_length(answer) <= 500)
      )`);
    await q.query(`CREATE UNIQUE INDEX re_edit_request_open_uq ON re_edit_request (image_id) WHERE state = 'open'`);
    await q.query('CREATE INDEX re_edit_request_image_idx ON re_edit_request (image_id, created_at)');
    await q.query('CREATE INDEX re_edit_request_order_idx ON re_edit_request (order_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE re_edit_request');
  }
}
