import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A guide says what the AI and enhancer routes do with the car's number plates
 * (NUMBER_PLATE_MODES): `off` leaves them, `blur` blurs them, `colour` covers them with the
 * plate colour, `logo` puts the guide's logo on a plate of that colour. Guides from before the
 * setting leave their plates as photographed (off) and have a white plate colour.
 */
export class StyleGuideNumberPlates1765000003000 implements MigrationInterface {
  name = 'StyleGuideNumberPlates1765000003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE style_guide
        ADD COLUMN number_plates text NOT NULL DEFAULT 'off'
          CONSTRAINT style_guide_number_plates_check CHECK (number_plates IN ('off', 'blur', 'colour', 'logo')),
        ADD COLUMN number_plate_color varchar(7) NOT NULL DEFAULT '#FFFFFF'
          CONSTRAINT style_guide_number_plate_color_check CHECK (number_plate_color ~ '^#[0-9A-Fa-f]{6}$')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE style_guide DROP COLUMN number_plate_color, DROP COLUMN number_plates');
  }
}
