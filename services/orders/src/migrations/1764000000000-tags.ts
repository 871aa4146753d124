import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tags the admin keeps (assignments to orders and images come with orders). */
export class Tags1764000000000 implements MigrationInterface {
  name = 'Tags1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tag (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        category text NOT NULL,
        entity text NOT NULL CHECK (entity IN ('user','order','image')),
        color text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE UNIQUE INDEX tag_entity_name_uq ON tag (entity, lower(name))');
    await q.query('CREATE INDEX tag_category_idx ON tag (category, entity)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS tag');
  }
}
