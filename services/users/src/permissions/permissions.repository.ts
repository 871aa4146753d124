import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Permission } from './permission.entity';

/** The permission list (`permission`) and the grants to accounts (`user_permission`). */
@Injectable()
export class PermissionsRepository {
  /** Every permission, by group and name. */
  list(m: EntityManager): Promise<Permission[]> {
    return m.find(Permission, { order: { group: 'ASC', name: 'ASC' } });
  }

  /** The permissions granted to an account, by group and name. */
  ofUser(m: EntityManager, userId: string): Promise<Permission[]> {
    return m
      .createQueryBuilder(Permission, 'p')
      .innerJoin('user_permission', 'up', 'up.permission_id = p.id AND up.user_id = :userId', { userId })
      .orderBy('p.permission_group', 'ASC')
      .addOrderBy('p.name', 'ASC')
      .getMany();
  }

  /** Which of these ids name a permission. */
  async existingIds(m: EntityManager, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: string }> = await m.query('SELECT id FROM permission WHERE id = ANY($1::uuid[])', [ids]);
    return rows.map((r) => r.id);
  }

  /** The account's grants become exactly these permissions. */
  async replaceGrants(m: EntityManager, userId: string, permissionIds: string[]): Promise<void> {
    await m.query('DELETE FROM user_permission WHERE user_id = $1', [userId]);
    for (const id of permissionIds) {
      await m.query('INSERT INTO user_permission (user_id, permission_id) VALUES ($1, $2)', [userId, id]);
    }
  }

  /** Grants these permissions, by name, to a new account (its role's default set). */
  async grantNames(m: EntityManager, userId: string, names: readonly string[]): Promise<void> {
    if (!names.length) return;
    await m.query(
      `INSERT INTO user_permission (user_id, permission_id)
       SELECT $1, id FROM permission WHERE name = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [userId, [...names]],
    );
  }
}
