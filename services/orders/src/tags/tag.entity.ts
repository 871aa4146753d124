import type { TagCategory, TagEntity } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A label for users, orders or images (QA role tags, image errors, priority). */
@Entity('tag')
export class Tag {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text') category!: TagCategory;
  @Column('text') entity!: TagEntity;
  @Column('text') color!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
