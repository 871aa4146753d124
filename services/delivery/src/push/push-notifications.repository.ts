import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PushNotification } from './push-notification.entity';

/** Every push notification sent or tried (`push_notification`). */
@Injectable()
export class PushNotificationsRepository {
  async insert(m: EntityManager, n: PushNotification): Promise<PushNotification> {
    await m.insert(PushNotification, { ...n, eventPayload: n.eventPayload as never });
    return n;
  }

  async deleteOfAccount(m: EntityManager, accountId: string): Promise<number> {
    const res: [unknown[], number] = await m.query('DELETE FROM push_notification WHERE account_id = $1 RETURNING id', [accountId]);
    return res[1];
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<number> {
    const res: [unknown[], number] = await m.query('DELETE FROM push_notification WHERE order_id = $1 RETURNING id', [orderId]);
    return res[1];
  }

  /** Notifications a deleted admin sent about other accounts' orders stay, without its id. */
  async forgetSender(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE push_notification SET created_by = NULL WHERE created_by = $1', [userId]);
  }
}
