import type { IntegrationType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A delivery target of an account; the password is stored encrypted (AES-256-GCM). */
@Entity('remote_integration')
export class RemoteIntegration {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') provider!: string;
  @Column('text', { name: 'integration_type' }) integrationType!: IntegrationType;
  @Column('boolean', { name: 'is_active' }) isActive!: boolean;
  @Column('text', { nullable: true }) username!: string | null;
  @Column('text', { name: 'password_encrypted', nullable: true, select: false }) passwordEncrypted!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
