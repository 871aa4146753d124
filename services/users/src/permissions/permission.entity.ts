import type { PermissionGroup } from '@app/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('permission')
export class Permission {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text', { name: 'permission_group' }) group!: PermissionGroup;
}
