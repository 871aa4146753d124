import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Per-order versions of the published delivery progress (`delivery_order_state`). */
@Injectable()
export class DeliveryOrderStatesRepository {
  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM delivery_order_state WHERE order_id = $1', [orderId]);
  }

  async deleteOfAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query('DELETE FROM delivery_order_state WHERE account_id = $1', [accountId]);
  }

  /** The next version of the order's progress; the row stays locked until the transaction ends. */
  async nextVersion(m: EntityManager, orderId: string, accountId: string): Promise<number> {
    const rows = (await m.query(
      `INSERT INTO delivery_order_state (order_id, account_id, version) VALUES ($1, $2, 1)
       ON CONFLICT (order_id) DO UPDATE SET version = delivery_order_state.version + 1
       RETURNING version`,
      [orderId, accountId],
    )) as Array<{ version: string }>;
    return Number(rows[0].version);
  }
}
