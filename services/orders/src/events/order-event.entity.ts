import type { OrderEventName, OrderEventPayload } from '@app/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One entry of an order's timeline. The order's account and name are kept on the event, so
 * the account's event list still reads after an order is deleted (its DELETED event stays).
 */
@Entity('order_event')
export class OrderEvent {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** insertion order: breaks ties between events of the same moment */
  @Column({ type: 'bigint', insert: false, update: false }) seq!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('text', { name: 'order_name' }) orderName!: string;
  @Column('text', { name: 'event_name' }) eventName!: OrderEventName;
  /** shaped by `eventName` (`OrderEventPayloads`) */
  @Column('jsonb') payload!: OrderEventPayload;
  @Column('uuid', { name: 'user_id', nullable: true }) userId!: string | null;
  @Column('text', { name: 'user_name', nullable: true }) userName!: string | null;
  @Column('boolean', { name: 'is_hidden' }) isHidden!: boolean;
  @Column('boolean', { name: 'is_priority' }) isPriority!: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
