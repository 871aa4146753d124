import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A message a durable consumer has applied. Inserted in the same transaction as the
 * consumer's own changes, so a redelivered message is recognised and applied once.
 */
@Entity('processed_message')
export class ProcessedMessage {
  @PrimaryColumn('text')
  consumer!: string;

  @PrimaryColumn('text', { name: 'message_id' })
  messageId!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
