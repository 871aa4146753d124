import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { defineRpc } from '../rpc';
import type { PermissionView } from '../wire';
import { UserRefPayload } from './users.contract';

export class SetUserPermissionsBody {
  @ApiProperty({ type: [String], description: 'ids of the permissions the user holds, replacing the current set' })
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true })
  permissions!: string[];
}

export class SetUserPermissionsPayload extends SetUserPermissionsBody {
  @IsUUID()
  userId!: string;
}

export const PermissionsRpc = {
  /** the permission list (`PERMISSIONS` as seeded), by group and name */
  list: defineRpc<Record<string, never>, PermissionView[]>('users', 'permissions.catalogue', null),
  forUser: defineRpc<UserRefPayload, PermissionView[]>('users', 'permissions.for-user', UserRefPayload),
  setForUser: defineRpc<SetUserPermissionsPayload, PermissionView[]>('users', 'permissions.set', SetUserPermissionsPayload),
};
