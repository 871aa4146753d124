import type { AppSettingCategory, AppSettingType, AppSettingValueType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A named setting of the whole installation: a name, a text value, its value type, what it is about and whether it is a list. */
@Entity('app_setting')
export class AppSetting {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text') value!: string;
  @Column('text', { name: 'value_type' }) valueType!: AppSettingValueType;
  /** what it is about; null for the web app's own settings */
  @Column('text', { nullable: true }) category!: AppSettingCategory | null;
  /** one value, or a list separated by commas */
  @Column('text', { name: 'setting_type', default: 'SINGLE_VALUE' }) settingType!: AppSettingType;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
