import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A message shown to every user of the web app while it is active (Visible). */
@Entity('banner')
export class Banner {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') message!: string;
  @Column('boolean', { name: 'is_active' }) isActive!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
