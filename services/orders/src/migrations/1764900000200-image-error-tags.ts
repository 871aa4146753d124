import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reasons QA picks when it marks a picture for editing (`IMAGE_ERROR` tags of images), seeded
 * in every installation (production data, not demo data) so the list offers more than "No reason"
 * from the first day. They are ordinary tags: the admin renames, recolours or adds to them on
 * /admin/tags. A tag of the same name already there is left as it is.
 */
export const IMAGE_ERROR_TAGS: ReadonlyArray<{ name: string; color: string }> = [
  { name: 'Background not removed', color: 'red' },
  { name: 'Car cut off', color: 'red' },
  { name: 'Wrong angle', color: 'orange' },
  { name: 'Reflections on the car', color: 'yellow' },
  { name: 'Blurry picture', color: 'orange' },
  { name: 'Too dark or too bright', color: 'yellow' },
  { name: 'Number plate visible', color: 'purple' },
  { name: 'Logo wrong or missing', color: 'blue' },
  { name: 'Shadow or floor wrong', color: 'grey' },
  { name: 'Dirty car or lens', color: 'grey' },
];

export class ImageErrorTags1764900000200 implements MigrationInterface {
  name = 'ImageErrorTags1764900000200';

  async up(q: QueryRunner): Promise<void> {
    for (const t of IMAGE_ERROR_TAGS) {
      // tag_entity_name_uq (entity, lower(name)): an existing tag of that name stays as the admin left it
      await q.query(`INSERT INTO tag (name, category, entity, color) VALUES ($1, 'IMAGE_ERROR', 'image', $2) ON CONFLICT DO NOTHING`, [t.name, t.color]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM tag WHERE category = 'IMAGE_ERROR' AND entity = 'image' AND name = ANY($1::text[])`, [IMAGE_ERROR_TAGS.map((t) => t.name)]);
  }
}
