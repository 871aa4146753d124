import type { EntityManager } from 'typeorm';

/**
 * Sign-in e-mails are unique across accounts and sales-person logins: one e-mail, one login.
 */
export async function loginEmailTaken(
  manager: EntityManager,
  email: string,
  except: { userId?: string; salesPersonId?: string } = {},
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM user_account WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2::uuid
     UNION ALL
     SELECT 1 FROM sales_person WHERE login_activated AND lower(email) = lower($1) AND id IS DISTINCT FROM $3::uuid
     LIMIT 1`,
    [email, except.userId ?? null, except.salesPersonId ?? null],
  );
  return rows.length > 0;
}
