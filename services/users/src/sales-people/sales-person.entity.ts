import type { UserStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A sales person of a dealership; with `loginActivated` it signs in with its own e-mail. */
@Entity('sales_person')
export class SalesPerson {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') name!: string;
  @Column('text') email!: string;
  @Column('text') phone!: string;
  @Column('boolean', { name: 'login_activated' }) loginActivated!: boolean;
  @Column('text', { name: 'user_status', nullable: true }) userStatus!: UserStatus | null;
  @Column('text', { name: 'password_hash', nullable: true, select: false }) passwordHash!: string | null;
  @Column('timestamptz', { name: 'password_changed_at', nullable: true }) passwordChangedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
