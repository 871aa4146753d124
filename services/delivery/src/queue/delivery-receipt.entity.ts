import type { DeliveredBy, DeliveredFileView } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What one delivery left at its destination: files with sizes and checksums, the answer, who delivered. */
@Entity('delivery_receipt')
export class DeliveryReceiptRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'message_id' }) messageId!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('text') destination!: string;
  @Column('jsonb') files!: DeliveredFileView[];
  @Column('text', { nullable: true }) answer!: string | null;
  @Column('text', { name: 'delivered_by' }) deliveredBy!: DeliveredBy;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
