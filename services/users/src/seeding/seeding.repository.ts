import type { SeedAccount, SeedSalesPerson } from '@app/seeding';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Writes of the seeding: rows as given, a row whose id or e-mail is taken is left as it is.
 * Each answers the row's id and whether it was written now.
 */
@Injectable()
export class SeedingRepository {
  async insertAccount(m: EntityManager, a: SeedAccount, passwordHash: string): Promise<{ id: string; created: boolean }> {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO user_account (id, email, display_name, user_role, role_tags, country, city, postal_code, address, company_id,
                                 contact_name, contact_email, contact_phone, contact_title,
                                 enabled_qa, mobile_app_access, password_hash, user_status, password_changed_at)
       VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $2, $12, $13, $14, $15, $16, $17, now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        a.id ?? null,
        a.email,
        a.displayName,
        a.userRole,
        a.roleTags ?? [],
        a.country ?? '',
        a.city ?? '',
        a.postalCode ?? '',
        a.address ?? '',
        a.companyId ?? '',
        a.contactName ?? a.displayName,
        a.contactPhone ?? '',
        a.contactTitle ?? '',
        a.enabledQa ?? false,
        a.mobileAppAccess ?? false,
        passwordHash,
        a.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      ],
    );
    if (rows.length) return { id: rows[0].id, created: true };
    const [existing]: Array<{ id: string }> = await m.query('SELECT id FROM user_account WHERE id = $1::uuid OR lower(email) = lower($2) LIMIT 1', [
      a.id ?? null,
      a.email,
    ]);
    return { id: existing.id, created: false };
  }

  /** Grants the named permissions; a name the permission list does not hold grants nothing. */
  async grant(m: EntityManager, userId: string, permissions: string[]): Promise<void> {
    if (!permissions.length) return;
    await m.query(
      `INSERT INTO user_permission (user_id, permission_id) SELECT $1, id FROM permission WHERE name = ANY($2) ON CONFLICT DO NOTHING`,
      [userId, permissions],
    );
  }

  /** Adds the child links that are missing; answers whether it added any. */
  async linkChildren(m: EntityManager, parentId: string, childIds: string[]): Promise<boolean> {
    let added = false;
    for (const childId of childIds) {
      const rows: unknown[] = await m.query('INSERT INTO child_account (parent_id, child_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING child_id', [parentId, childId]);
      added ||= rows.length > 0;
    }
    return added;
  }

  async insertSalesPerson(m: EntityManager, s: SeedSalesPerson, passwordHash: string | null): Promise<{ id: string; created: boolean }> {
    const login = passwordHash !== null;
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO sales_person (id, user_id, name, email, phone, login_activated, user_status, password_hash)
       VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [s.id ?? null, s.userId, s.name, s.email, s.phone, login, login ? (s.temporary ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED') : null, passwordHash],
    );
    if (rows.length) return { id: rows[0].id, created: true };
    const [existing]: Array<{ id: string }> = await m.query(
      'SELECT id FROM sales_person WHERE id = $1::uuid OR (user_id = $2 AND lower(email) = lower($3)) OR (login_activated AND $4 AND lower(email) = lower($3)) LIMIT 1',
      [s.id ?? null, s.userId, s.email, login],
    );
    return { id: existing.id, created: false };
  }
}
