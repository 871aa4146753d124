import type { PushProviderName, PushStatus } from '@app/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One send of a push notification about an order, sent or failed. */
@Entity('push_notification')
export class PushNotification {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  /** the order's account: whose devices it went to */
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('text') title!: string;
  @Column('text') body!: string;
  @Column('jsonb', { name: 'event_payload' }) eventPayload!: Record<string, unknown>;
  @Column('text') provider!: PushProviderName;
  @Column('text') status!: PushStatus;
  @Column('text', { nullable: true }) error!: string | null;
  @Column('int', { name: 'devices_reached' }) devicesReached!: number;
  /** the admin who sent it (cleared when that account is deleted) */
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
