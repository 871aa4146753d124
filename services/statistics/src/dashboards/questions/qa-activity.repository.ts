import type { QaActivityRole } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dailyTotalsSummed, day, LEFT_QA, wholeDays } from './dashboard-sql';

/** the orders one QA user picked in a window in one role */
export interface QaUserOrders {
  userId: string;
  displayName: string;
  role: QaActivityRole;
  totalOrders: number;
}

/** the orders whose timeline got one tag in a window */
export interface TagOrders {
  tagId: string;
  tagName: string;
  totalOrders: number;
}

/**
 * QA's activity (the QA section's editor and coordinator charts, its tags and its average time
 * per order): the orders each QA user picked, the orders each tag was put on, and the minutes
 * from the first pick to leaving QA. Whole days read `stat_daily_all` (`qa_pick:…`,
 * `qa_pick_to_left`) and `stat_qa_pick`; other windows the timeline lines and `stat_order`.
 */
@Injectable()
export class QaActivityRepository {
  /**
   * orders each QA user picked in [from, to), by the role it picked them in: the distinct
   * (user, role, order) of the window's picks counted by hash, then named (the account's name,
   * or the name on its latest pick when the account is gone)
   */
  async picksPerUser(m: EntityManager, from: Date, to: Date): Promise<QaUserOrders[]> {
    if (wholeDays(from, to)) {
      // the orders each user picked per day, summed; less the days beyond the first in the window of an order picked on several
      const picks = new Map<string, { userId: string; role: string; totalOrders: number }>();
      for (const r of await dailyTotalsSummed(m, 'qa_pick:', from, to)) {
        const [, role, userId] = r.metric.split(':');
        const p = picks.get(`${role}:${userId}`) ?? { userId, role, totalOrders: 0 };
        picks.set(`${role}:${userId}`, { ...p, totalOrders: p.totalOrders + Number(r.count) });
      }
      const repeats: Array<{ userId: string; role: string; extra: string }> = await m.query(
        `SELECT user_id AS "userId", role, sum(c - 1) AS extra FROM (
           SELECT user_id, role, order_id, count(*) AS c FROM stat_qa_pick
            WHERE multi AND day >= $1::date AND day < $2::date GROUP BY 1, 2, 3 HAVING count(*) > 1) x
          GROUP BY 1, 2`,
        [day(from), day(to)],
      );
      for (const r of repeats) {
        const p = picks.get(`${r.role}:${r.userId}`);
        if (p) p.totalOrders -= Number(r.extra);
      }
      const rows = [...picks.values()].filter((p) => p.totalOrders > 0);
      if (!rows.length) return [];
      return m.query(
        `SELECT p.id AS "userId",
                coalesce(a.display_name,
                         (SELECT l.user_name FROM stat_timeline_event l
                           WHERE l.user_id = p.id AND l.event_name = 'QA_PICKED' AND l.user_name IS NOT NULL ORDER BY l.at DESC LIMIT 1),
                         '') AS "displayName",
                p.role, p.n AS "totalOrders"
           FROM unnest($1::uuid[], $2::text[], $3::int[]) AS p(id, role, n)
           LEFT JOIN stat_account a ON a.id = p.id
          ORDER BY p.role DESC, p.n DESC, "displayName", "userId"`,
        [rows.map((r) => r.userId), rows.map((r) => r.role), rows.map((r) => r.totalOrders)],
      );
    }
    return m.query(
      `SELECT p.user_id AS "userId",
              coalesce(a.display_name,
                       (SELECT l.user_name FROM stat_timeline_event l
                         WHERE l.user_id = p.user_id AND l.event_name = 'QA_PICKED' AND l.user_name IS NOT NULL ORDER BY l.at DESC LIMIT 1),
                       '') AS "displayName",
              p.role, p.n AS "totalOrders"
         FROM (SELECT d.user_id, d.role, count(*)::int AS n
                 FROM (SELECT DISTINCT e.user_id, e.order_id,
                              CASE WHEN e.qa_role IN ('QA_COORDINATOR', 'coordinator') THEN 'QA_COORDINATOR' ELSE 'QA_EDITOR' END AS role
                         FROM stat_timeline_event e
                        WHERE e.event_name = 'QA_PICKED' AND e.at >= $1 AND e.at < $2 AND e.user_id IS NOT NULL) d
                GROUP BY d.user_id, d.role) p
         LEFT JOIN stat_account a ON a.id = p.user_id
        ORDER BY p.role DESC, p.n DESC, "displayName", "userId"`,
      [from, to],
    );
  }

  /** orders whose timeline got a tag of these categories in [from, to), per tag, most first */
  async ordersPerTag(m: EntityManager, categories: string[], from: Date, to: Date): Promise<TagOrders[]> {
    return m.query(
      `SELECT e.tag_id AS "tagId", coalesce(max(e.tag_name), '') AS "tagName", count(DISTINCT e.order_id)::int AS "totalOrders"
         FROM stat_timeline_event e
        WHERE e.tag_id IS NOT NULL AND e.at >= $2 AND e.at < $3 AND e.tag_category = ANY($1::text[])
        GROUP BY e.tag_id
        ORDER BY "totalOrders" DESC, "tagName", "tagId"`,
      [categories, from, to],
    );
  }

  /** minutes from the first QA pick to leaving QA, averaged over orders first picked in [from, to) that left (null: none) */
  async averageMinutesPerOrder(m: EntityManager, from: Date, to: Date): Promise<number | null> {
    if (wholeDays(from, to)) {
      let orders = 0;
      let minutes = 0;
      for (const r of await dailyTotalsSummed(m, 'qa_pick_to_left', from, to)) {
        if (r.metric !== 'qa_pick_to_left') continue;
        orders += Number(r.count);
        minutes += Number(r.minutes);
      }
      return orders === 0 ? null : minutes / orders;
    }
    const [row] = await m.query(
      `SELECT avg(extract(epoch FROM ${LEFT_QA} - o.first_qa_pick_at) / 60) AS v
         FROM stat_order o
        WHERE o.first_qa_pick_at >= $1 AND o.first_qa_pick_at < $2 AND ${LEFT_QA} >= o.first_qa_pick_at`,
      [from, to],
    );
    return row.v === null ? null : Number(row.v);
  }
}
