import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An event waiting to be published. Written in the same transaction as the change it
 * describes; the relay publishes it with `Nats-Msg-Id` = id and then sets `sentAt`.
 */
@Entity('outbox')
@Index('outbox_unsent_idx', ['createdAt'], { where: 'sent_at IS NULL' })
export class OutboxMessage {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  subject!: string;

  @Column('jsonb')
  payload!: unknown;

  @Column('jsonb', { default: () => "'{}'::jsonb" })
  headers!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt!: Date | null;
}
