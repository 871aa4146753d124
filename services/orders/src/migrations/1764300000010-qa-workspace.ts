import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The QA work lists: who picked which order as editor or coordinator (`qa_task`; one open task
 * per order and role, which decides a race between two pickers), the QA counts of the images
 * service kept on the order, and when the order entered QA stage. The "Editor" and
 * "Coordinator" order tags a pick puts on the order are created when no order tag of their
 * category exists.
 */
export class QaWorkspace1764300000010 implements MigrationInterface {
  name = 'QaWorkspace1764300000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN approved_count int NOT NULL DEFAULT 0,
        ADD COLUMN needs_edition_count int NOT NULL DEFAULT 0,
        ADD COLUMN re_edit_open_count int NOT NULL DEFAULT 0,
        ADD COLUMN re_edit_due_at timestamptz NULL,
        ADD COLUMN qa_stage_since timestamptz NULL`);
    await q.query(`UPDATE orders SET qa_stage_since = updated_at WHERE status = 'QA stage'`);
    await q.query(`CREATE INDEX orders_qa_stage_idx ON orders (qa_stage_since, id) WHERE status = 'QA stage'`);
    await q.query(`
      CREATE TABLE qa_task (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('editor', 'coordinator')),
        user_id uuid NULL,
        user_name text NOT NULL,
        state text NOT NULL CHECK (state IN ('IN_PROGRESS', 'DONE', 'REJECTED')),
        picked_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz NULL
      )`);
    // one open task per order and role: of two picks at once, the second finds the first's row
    await q.query('CREATE UNIQUE INDEX qa_task_open_uq ON qa_task (order_id, role) WHERE closed_at IS NULL');
    await q.query('CREATE INDEX qa_task_user_idx ON qa_task (user_id, role) WHERE closed_at IS NULL');
    for (const [name, category, color] of [
      ['Editor', 'QA_EDITOR', 'blue'],
      ['Coordinator', 'QA_COORDINATOR', 'green'],
    ]) {
      await q.query(
        `INSERT INTO tag (name, category, entity, color)
         SELECT $1, $2, 'order', $3 WHERE NOT EXISTS (SELECT 1 FROM tag WHERE category = $2 AND entity = 'order')
         ON CONFLICT DO NOTHING`,
        [name, category, color],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS qa_task');
    await q.query('DROP INDEX IF EXISTS orders_qa_stage_idx');
    await q.query(`
      ALTER TABLE orders
        DROP COLUMN approved_count,
        DROP COLUMN needs_edition_count,
        DROP COLUMN re_edit_open_count,
        DROP COLUMN re_edit_due_at,
        DROP COLUMN qa_stage_since`);
  }
}
