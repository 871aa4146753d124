import type { AppSettingValueType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A named setting of the whole installation: a name, a text value and its value type. */
@Entity('app_setting')
export class AppSetting {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text') value!: string;
  @Column('text', { name: 'value_type' }) valueType!: AppSettingValueType;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
