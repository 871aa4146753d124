import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders list's picture of an image (112 x 84, `…/thumb-list.jpg`), written with its
 * thumbnail by the pipeline and by QA's replacements. Images processed before keep a null
 * `list_thumb_key`: the list shows their thumbnail (400 px wide) until they are processed again.
 */
export class ListThumbKey1764900000120 implements MigrationInterface {
  name = 'ListThumbKey1764900000120';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image ADD COLUMN list_thumb_key text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE image DROP COLUMN list_thumb_key');
  }
}
