import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Per order, the version of the delivery progress last published: every change of the
 * order's messages locks this row, so changes of one order run one after another and each
 * published progress carries a higher version than the one before.
 */
@Entity('delivery_order_state')
export class DeliveryOrderState {
  @PrimaryColumn('uuid', { name: 'order_id' }) orderId!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('bigint', { transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } }) version!: number;
}
