import type { DeliveryState, IntegrationType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One order to one integration. Active while `queued` or `delivering`; a worker or robot may
 * take it when `visible`, or once `visibleAfter` has passed (a lease that ran out, a backoff
 * waited out). `leaseHolder` names who holds it while delivering (`worker:<id>`, `robot:<key id>`)
 * and, once delivered, who delivered it (a robot's repeated acknowledgement is answered from it).
 */
@Entity('delivery_message')
export class DeliveryMessage {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('text', { name: 'order_name' }) orderName!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('uuid', { name: 'integration_id' }) integrationId!: string;
  @Column('text') provider!: string;
  @Column('text', { name: 'integration_type' }) integrationType!: IntegrationType;
  @Column('text') state!: DeliveryState;
  @Column('boolean') visible!: boolean;
  @Column('timestamptz', { name: 'visible_after' }) visibleAfter!: Date;
  @Column('int') attempts!: number;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('text', { name: 'lease_holder', nullable: true }) leaseHolder!: string | null;
  @Column('timestamptz', { name: 'last_accessed', nullable: true }) lastAccessed!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
