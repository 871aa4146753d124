import type { Platform } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A version of the mobile capture app; the required minimum forces older apps to update. */
@Entity('app_version')
export class AppVersion {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text', { name: 'version_string' }) versionString!: string;
  @Column('text') platform!: Platform;
  @Column('boolean', { name: 'needs_database_delete_on_mobile' }) needsDatabaseDeleteOnMobile!: boolean;
  @Column('boolean', { name: 'is_required_minimum' }) isRequiredMinimum!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
