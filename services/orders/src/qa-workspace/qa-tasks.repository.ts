import type { QaTaskRole, QaTaskState } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { listed, TAGS_SQL, type ListedOrder, type ListRow } from '../orders/orders.repository';

/** A QA task: one QA account's pick of an order as its editor or coordinator. */
export interface QaTask {
  id: string;
  orderId: string;
  role: QaTaskRole;
  userId: string | null;
  userName: string;
  state: QaTaskState;
  pickedAt: Date;
  updatedAt: Date;
}

/** Which list: a role's own orders of a QA account, or the role's unassigned orders. */
export type QaListKind = { role: QaTaskRole; own: true; userId: string } | { role: QaTaskRole; own: false };

interface TaskRow {
  id: string;
  order_id: string;
  role: QaTaskRole;
  user_id: string | null;
  user_name: string;
  state: QaTaskState;
  picked_at: Date;
  updated_at: Date;
}

const task = (r: TaskRow): QaTask => ({
  id: r.id,
  orderId: r.order_id,
  role: r.role,
  userId: r.user_id,
  userName: r.user_name,
  state: r.state,
  pickedAt: new Date(r.picked_at),
  updatedAt: new Date(r.updated_at),
});

const COLUMNS = 'id, order_id, role, user_id, user_name, state, picked_at, updated_at';

/** an open task of the role on the order `o` */
const openTask = (role: string, extra = '') =>
  `EXISTS (SELECT 1 FROM qa_task k WHERE k.order_id = o.id AND k.role = '${role}' AND k.closed_at IS NULL${extra})`;

/** what each list holds (docs/orders.md, "QA work lists") */
function listCondition(kind: QaListKind): string {
  if (kind.own) return `${openTask(kind.role, ' AND k.user_id = $2')} AND o.status = 'QA stage'`;
  if (kind.role === 'editor') return `o.status = 'QA stage' AND NOT ${openTask('editor')}`;
  return `o.status = 'QA stage' AND ${openTask('editor', " AND k.state = 'DONE'")} AND NOT ${openTask('coordinator')}`;
}

/**
 * The QA tasks (`qa_task`). A task is open until it is released, its order is approved or
 * goes back to QA for a re-edit; one open task per order and role (a partial unique index),
 * so of two picks at once exactly one row is written. Closed tasks stay, as the history of
 * who worked on which order.
 */
@Injectable()
export class QaTasksRepository {
  /** The open task of a role on an order. */
  async open(m: EntityManager, orderId: string, role: QaTaskRole): Promise<QaTask | null> {
    const rows: TaskRow[] = await m.query(`SELECT ${COLUMNS} FROM qa_task WHERE order_id = $1 AND role = $2 AND closed_at IS NULL`, [orderId, role]);
    return rows.length ? task(rows[0]) : null;
  }

  /** The open tasks of these orders, by order and role. */
  async openOf(m: EntityManager, orderIds: string[]): Promise<Map<string, Partial<Record<QaTaskRole, QaTask>>>> {
    const result = new Map<string, Partial<Record<QaTaskRole, QaTask>>>(orderIds.map((id) => [id, {}]));
    if (!orderIds.length) return result;
    const rows: TaskRow[] = await m.query(`SELECT ${COLUMNS} FROM qa_task WHERE order_id = ANY($1::uuid[]) AND closed_at IS NULL`, [orderIds]);
    for (const r of rows) result.get(r.order_id)![r.role] = task(r);
    return result;
  }

  /**
   * Writes the pick unless the order already has an open task of the role: true when this
   * call wrote it. A pick at the same moment waits for the other's transaction and, once
   * that one is committed, writes nothing.
   */
  async insertIfFree(m: EntityManager, t: { orderId: string; role: QaTaskRole; userId: string | null; userName: string }): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO qa_task (order_id, role, user_id, user_name, state) VALUES ($1, $2, $3, $4, 'IN_PROGRESS')
       ON CONFLICT (order_id, role) WHERE closed_at IS NULL DO NOTHING RETURNING id`,
      [t.orderId, t.role, t.userId, t.userName],
    );
    return rows.length > 0;
  }

  async setState(m: EntityManager, id: string, state: QaTaskState): Promise<void> {
    await m.query('UPDATE qa_task SET state = $2, updated_at = now() WHERE id = $1', [id, state]);
  }

  /** Closes the order's open tasks (of one role, or all); answers those it closed. */
  async close(m: EntityManager, orderId: string, role?: QaTaskRole): Promise<QaTask[]> {
    const rows: [TaskRow[], number] = await m.query(
      `UPDATE qa_task SET closed_at = now(), updated_at = now()
        WHERE order_id = $1 AND closed_at IS NULL AND ($2::text IS NULL OR role = $2) RETURNING ${COLUMNS}`,
      [orderId, role ?? null],
    );
    return rows[0].map(task);
  }

  /**
   * One list's orders with their tags, at most `limit`: PRIORITY-tagged first, then those with
   * open re-edit requests by due time, then the longest waiting in QA stage.
   */
  async list(m: EntityManager, kind: QaListKind, limit: number): Promise<Array<ListedOrder & { waitingSince: Date }>> {
    const rows: Array<ListRow & { waiting_since: Date }> = await m.query(
      `SELECT o.*, coalesce(o.qa_stage_since, o.updated_at) AS waiting_since, ${TAGS_SQL}
         FROM orders o
        WHERE ${listCondition(kind)}
        ORDER BY EXISTS (SELECT 1 FROM tag_assignment a JOIN tag t ON t.id = a.tag_id
                          WHERE a.entity = 'order' AND a.entity_id = o.id AND t.category = 'PRIORITY') DESC,
                 (o.re_edit_open_count > 0) DESC,
                 CASE WHEN o.re_edit_open_count > 0 THEN o.re_edit_due_at END ASC NULLS LAST,
                 coalesce(o.qa_stage_since, o.updated_at) ASC,
                 o.id
        LIMIT $1`,
      kind.own ? [limit, kind.userId] : [limit],
    );
    return rows.map((r) => ({ ...listed(r), waitingSince: new Date(r.waiting_since) }));
  }

  /** A deleted account's tasks stay as history, no longer naming it; its open ones are closed (the orders go back to unassigned). */
  async forgetUser(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE qa_task SET user_id = NULL, closed_at = coalesce(closed_at, now()) WHERE user_id = $1', [userId]);
  }
}
