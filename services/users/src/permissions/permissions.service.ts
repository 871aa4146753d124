import { RpcError, type Actor, type PermissionView, type SetUserPermissionsPayload } from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { Permission } from './permission.entity';
import { PermissionsRepository } from './permissions.repository';

const toView = (p: Permission): PermissionView => ({ id: p.id, name: p.name, group: p.group });

@Injectable()
export class PermissionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly permissions: PermissionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly access: AccountAccess,
  ) {}

  async list(): Promise<PermissionView[]> {
    return (await this.permissions.list(this.ds.manager)).map(toView);
  }

  async forUser(actor: Actor, userId: string): Promise<PermissionView[]> {
    await this.access.assertCanRead(this.ds.manager, actor, userId);
    if (!(await this.accounts.byId(this.ds.manager, userId))) throw RpcError.notFound('User not found');
    return (await this.permissions.ofUser(this.ds.manager, userId)).map(toView);
  }

  async setForUser(actor: Actor, payload: SetUserPermissionsPayload): Promise<PermissionView[]> {
    AccountAccess.assertAdmin(actor);
    return inTransaction(this.ds, async (m) => {
      // locked: two grants to one account at once replace the set one after the other
      if (!(await this.accounts.lockById(m, payload.userId))) throw RpcError.notFound('User not found');
      const ids = [...new Set(payload.permissions)];
      const known = await this.permissions.existingIds(m, ids);
      const unknown = ids.filter((id) => !known.includes(id));
      if (unknown.length) throw RpcError.badRequest(`Unknown permissions: ${unknown.join(', ')}`);
      await this.permissions.replaceGrants(m, payload.userId, ids);
      return (await this.permissions.ofUser(m, payload.userId)).map(toView);
    });
  }
}
