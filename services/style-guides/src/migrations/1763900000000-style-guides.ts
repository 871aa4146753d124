import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Utility media, angles, car types, style guides, their configurations and assignments. */
export class StyleGuides1763900000000 implements MigrationInterface {
  name = 'StyleGuides1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE utility_media (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        media_type text NOT NULL,
        file_extension text NOT NULL,
        object_key text NOT NULL UNIQUE,
        uploaded boolean NOT NULL DEFAULT false,
        size_bytes bigint NULL,
        created_by uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX utility_media_type_idx ON utility_media (media_type, created_at DESC)');
    await q.query(`
      CREATE TABLE angle (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        category text NOT NULL CHECK (category IN ('exterior','interior')),
        needs_angle_correction boolean NOT NULL DEFAULT false,
        needs_flashlight boolean NOT NULL DEFAULT false,
        default_angle_overlay_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        default_frame_overlay_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE car_type (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        car_type_name text NOT NULL,
        icon_media_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        needs_angle_correction boolean NOT NULL DEFAULT false,
        category text NULL CHECK (category IN ('exterior','interior')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE style_guide (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        customer_note text NOT NULL DEFAULT '',
        output_width int NOT NULL,
        output_height int NOT NULL,
        max_image_size int NOT NULL,
        interior_color text NOT NULL DEFAULT '#FFFFFF',
        frame_free_routing text NULL,
        logo_media_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        background_media_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        floor_media_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        numberplate_media_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX style_guide_created_idx ON style_guide (created_at DESC, id)');
    await q.query(`
      CREATE TABLE style_guide_configuration (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        style_guide_id uuid NOT NULL REFERENCES style_guide(id) ON DELETE CASCADE,
        position int NOT NULL,
        margins jsonb NOT NULL,
        route_to text NOT NULL,
        type text NOT NULL CHECK (type IN ('IMAGE','FEATURED')),
        with_logo boolean NOT NULL DEFAULT true,
        horizon_line_height real NOT NULL DEFAULT 50,
        after_frame_free boolean NOT NULL DEFAULT false,
        position_after_frame_free int NULL,
        optional boolean NOT NULL DEFAULT false,
        angle_id uuid NULL REFERENCES angle(id) ON DELETE RESTRICT,
        custom_angle_overlay_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        custom_frame_overlay_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        custom_background_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        custom_logo_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        custom_floor_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        featured_image_id uuid NULL REFERENCES utility_media(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT style_guide_configuration_position_uq UNIQUE (style_guide_id, position)
      )`);
    await q.query(`
      CREATE TABLE style_guide_user (
        style_guide_id uuid NOT NULL REFERENCES style_guide(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (style_guide_id, user_id)
      )`);
    await q.query('CREATE INDEX style_guide_user_user_idx ON style_guide_user (user_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['style_guide_user', 'style_guide_configuration', 'style_guide', 'car_type', 'angle', 'utility_media']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
