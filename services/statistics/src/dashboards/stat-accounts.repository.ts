import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What the access rules need of the accounts the facts know (`stat_account`, `stat_account_child`). Reads only. */
@Injectable()
export class StatAccountsRepository {
  /** the child accounts of a management account (none for any other) */
  async childIds(m: EntityManager, parentId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await m.query('SELECT child_id AS id FROM stat_account_child WHERE parent_id = $1 ORDER BY child_id', [parentId]);
    return rows.map((r) => r.id);
  }

  async exists(m: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await m.query('SELECT 1 FROM stat_account WHERE id = $1', [id]);
    return rows.length > 0;
  }
}
