import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A guide says how the AI routes treat the car's windows (WINDOW_MODES): `opaque` keeps the
 * glass as photographed, `see-through` lets the new background show through it. Guides from
 * before the setting keep their windows opaque, as their pictures always had them.
 */
export class StyleGuideWindows1765000002000 implements MigrationInterface {
  name = 'StyleGuideWindows1765000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE style_guide
        ADD COLUMN windows text NOT NULL DEFAULT 'opaque'
        CONSTRAINT style_guide_windows_check CHECK (windows IN ('opaque', 'see-through'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE style_guide DROP COLUMN windows');
  }
}
