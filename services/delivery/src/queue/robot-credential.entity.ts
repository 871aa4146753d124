import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The key of a robot integration: only its SHA-256 is kept; issuing it again replaces it. */
@Entity('robot_credential')
export class RobotCredential {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'integration_id' }) integrationId!: string;
  @Column('uuid', { name: 'account_id' }) accountId!: string;
  @Column('text', { name: 'secret_hash' }) secretHash!: string;
  /** a reboot the robot gets with its next pull */
  @Column('timestamptz', { name: 'reboot_requested_at', nullable: true }) rebootRequestedAt!: Date | null;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
