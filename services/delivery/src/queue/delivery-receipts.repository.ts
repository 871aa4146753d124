import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { DeliveryReceiptRow } from './delivery-receipt.entity';

/** Receipts of deliveries (`delivery_receipt`). */
@Injectable()
export class DeliveryReceiptsRepository {
  insert(m: EntityManager, fields: Pick<DeliveryReceiptRow, 'messageId' | 'orderId' | 'destination' | 'files' | 'answer' | 'deliveredBy'>): Promise<DeliveryReceiptRow> {
    return m.save(DeliveryReceiptRow, m.create(DeliveryReceiptRow, fields));
  }

  ofMessages(m: EntityManager, messageIds: string[]): Promise<DeliveryReceiptRow[]> {
    if (!messageIds.length) return Promise.resolve([]);
    return m.find(DeliveryReceiptRow, { where: { messageId: In(messageIds) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
