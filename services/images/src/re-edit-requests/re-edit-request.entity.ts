import type { ReEditReason, ReEditState } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A dealership's request that QA edit a processed picture again: who asked, why, by when,
 * and how QA answered. At most one request of a picture is open at a time.
 */
@Entity('re_edit_request')
export class ReEditRequest {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'image_id' }) imageId!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  /** the order's account (the dealership or management account that asked) */
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  /** the picture's position when it was asked */
  @Column('int') position!: number;
  @Column('uuid', { name: 'requested_by_user_id', nullable: true }) requestedByUserId!: string | null;
  /** set when a sales person of the account was signed in */
  @Column('uuid', { name: 'requested_by_sales_person_id', nullable: true }) requestedBySalesPersonId!: string | null;
  @Column('text', { name: 'requested_by_name', nullable: true }) requestedByName!: string | null;
  @Column('text') reason!: ReEditReason;
  @Column('text', { nullable: true }) text!: string | null;
  @Column('text') state!: ReEditState;
  /** whether QA had approved the picture before the request (a declined request gives it back) */
  @Column('boolean', { name: 'prior_approved' }) priorApproved!: boolean;
  @Column('timestamptz', { name: 'due_at' }) dueAt!: Date;
  /** QA's answer when declined */
  @Column('text', { nullable: true }) answer!: string | null;
  @Column('uuid', { name: 'answered_by_user_id', nullable: true }) answeredByUserId!: string | null;
  @Column('timestamptz', { name: 'answered_at', nullable: true }) answeredAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
