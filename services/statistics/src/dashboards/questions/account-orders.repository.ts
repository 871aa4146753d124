import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { day } from './dashboard-sql';

/** an account's orders of a window made by one sales person (null: the account's own, without one) */
export interface SalesPersonOrders {
  salesPersonId: string | null;
  salesPersonName: string;
  totalOrders: number;
}

/** the orders of a window of one account */
export interface AccountOrders {
  accountId: string;
  displayName: string;
  totalOrders: number;
}

/** the orders of a window made with one style guide */
export interface StyleGuideOrders {
  styleGuideId: string;
  styleGuideName: string;
  totalOrders: number;
}

/**
 * An account's orders broken down: per sales person, per child account, per style guide (the
 * dealership and management dashboards). `stat_order` by account, or `stat_daily` per account.
 */
@Injectable()
export class AccountOrdersRepository {
  async displayName(m: EntityManager, accountId: string): Promise<string> {
    const rows: Array<{ displayName: string }> = await m.query('SELECT display_name AS "displayName" FROM stat_account WHERE id = $1', [accountId]);
    return rows[0]?.displayName ?? '';
  }

  /** orders per sales person of these accounts (null: the accounts' own), most first */
  async ordersPerSalesPerson(m: EntityManager, accountIds: string[], from: Date, to: Date): Promise<SalesPersonOrders[]> {
    return m.query(
      `SELECT o.sales_person_id AS "salesPersonId", coalesce(max(sp.name), '') AS "salesPersonName", count(*)::int AS "totalOrders"
         FROM stat_order o LEFT JOIN stat_sales_person sp ON sp.id = o.sales_person_id
        WHERE o.account_id = ANY($1::uuid[]) AND o.created_at >= $2 AND o.created_at < $3
        GROUP BY o.sales_person_id
        ORDER BY "totalOrders" DESC, "salesPersonName", "salesPersonId" NULLS LAST`,
      [accountIds, from, to],
    );
  }

  /** orders of each of these accounts (every one, 0 too), most first */
  async ordersPerAccount(m: EntityManager, accountIds: string[], from: Date, to: Date): Promise<AccountOrders[]> {
    return m.query(
      `SELECT a.id AS "accountId", a.display_name AS "displayName", coalesce(sum(d.count), 0)::int AS "totalOrders"
         FROM stat_account a
         LEFT JOIN stat_daily d ON d.account_id = a.id AND d.metric = 'orders' AND d.day >= $2::date AND d.day < $3::date
        WHERE a.id = ANY($1::uuid[])
        GROUP BY a.id, a.display_name
        ORDER BY "totalOrders" DESC, "displayName", a.id`,
      [accountIds, day(from), day(to)],
    );
  }

  /** orders per style guide of these accounts (null: every account), most first; orders without one are left out */
  async ordersPerStyleGuide(m: EntityManager, accountIds: string[] | null, from: Date, to: Date): Promise<StyleGuideOrders[]> {
    return m.query(
      `SELECT o.style_guide_id AS "styleGuideId", coalesce(max(g.name), '') AS "styleGuideName", count(*)::int AS "totalOrders"
         FROM stat_order o LEFT JOIN stat_style_guide g ON g.id = o.style_guide_id
        WHERE ($1::uuid[] IS NULL OR o.account_id = ANY($1::uuid[])) AND o.created_at >= $2 AND o.created_at < $3 AND o.style_guide_id IS NOT NULL
        GROUP BY o.style_guide_id
        ORDER BY "totalOrders" DESC, "styleGuideName", "styleGuideId"`,
      [accountIds, from, to],
    );
  }
}
