import { PERMISSIONS } from '@app/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Seeds the permission list, the names access is granted by (production data, not demo data). */
export class PermissionCatalogue1763800000001 implements MigrationInterface {
  name = 'PermissionCatalogue1763800000001';

  async up(q: QueryRunner): Promise<void> {
    for (const p of PERMISSIONS) {
      await q.query(
        `INSERT INTO permission (name, permission_group) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET permission_group = EXCLUDED.permission_group`,
        [p.name, p.group],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM permission WHERE name = ANY($1)', [PERMISSIONS.map((p) => p.name)]);
  }
}
