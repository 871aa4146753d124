import type { IntegrationSettings, IntegrationType, OutputRules } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A delivery target of an account; the password is stored encrypted (AES-256-GCM). */
@Entity('remote_integration')
export class RemoteIntegration {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') provider!: string;
  @Column('text', { name: 'integration_type' }) integrationType!: IntegrationType;
  @Column('boolean', { name: 'is_active' }) isActive!: boolean;
  /** deliver the account's orders here by themselves once they are Ready to download */
  @Column('boolean', { name: 'auto_deliver', default: false }) autoDeliver!: boolean;
  @Column('text', { nullable: true }) username!: string | null;
  @Column('text', { name: 'password_encrypted', nullable: true, select: false }) passwordEncrypted!: string | null;
  /** the provider's settings that are not secret */
  @Column('jsonb', { default: {} }) settings!: IntegrationSettings;
  /** the secret settings as sealed JSON (AES-256-GCM, like the password) */
  @Column('text', { name: 'secrets_encrypted', nullable: true, select: false }) secretsEncrypted!: string | null;
  /** which secret settings are stored, to tell without opening them */
  @Column('text', { name: 'secret_names', array: true, default: () => "'{}'" }) secretNames!: string[];
  /** null: the default rules */
  @Column('jsonb', { name: 'output_rules', nullable: true }) outputRules!: OutputRules | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
