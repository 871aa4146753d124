import type { TestDatabase } from '@app/testing';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The columns of every service's schema that name a user or an account. */
const ACCOUNT_COLUMNS = /^(user_id|account_id|owner_id|created_by|created_by_id|assigned_by|parent_id|child_id|entity_id)$/;
const SERVICE_SCHEMAS = ['users', 'style_guides', 'orders', 'images', 'pipeline', 'delivery', 'statistics'];

/** Rows of every service's schema that name the id in a user or account column, as `schema.table.column: count`. */
export async function rowsNaming(db: TestDatabase, id: string): Promise<string[]> {
  const columns = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT table_schema, table_name, column_name FROM information_schema.columns
      WHERE table_schema = ANY($1) AND data_type IN ('uuid', 'text', 'character varying')`,
    [SERVICE_SCHEMAS],
  );
  const found: string[] = [];
  for (const c of columns.filter((c) => ACCOUNT_COLUMNS.test(c.column_name))) {
    const [row] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${c.table_schema}"."${c.table_name}" WHERE "${c.column_name}"::text = $1`, [id]);
    if (Number(row!.n) > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}: ${row!.n}`);
  }
  return found;
}

/** Every file under a folder (the embedded S3's directory), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}
