import { RpcError, type Actor, type PermissionView, type SetUserPermissionsPayload } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AccountsRepository } from '../accounts/accounts.repository';
import { Permission } from './permission.entity';

const toView = (p: Permission): PermissionView => ({ id: p.id, name: p.name, group: p.group });

@Injectable()
export class PermissionsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async catalogue(): Promise<PermissionView[]> {
    const rows = await this.ds.manager.find(Permission, { order: { group: 'ASC', name: 'ASC' } });
    return rows.map(toView);
  }

  private async ofUser(manager: EntityManager, userId: string): Promise<PermissionView[]> {
    const rows = await manager
      .createQueryBuilder(Permission, 'p')
      .innerJoin('user_permission', 'up', 'up.permission_id = p.id AND up.user_id = :userId', { userId })
      .orderBy('p.permission_group', 'ASC')
      .addOrderBy('p.name', 'ASC')
      .getMany();
    return rows.map(toView);
  }

  async forUser(actor: Actor, userId: string): Promise<PermissionView[]> {
    await AccountAccess.assertCanRead(this.ds.manager, actor, userId);
    if (!(await AccountsRepository.byId(this.ds.manager, userId))) throw RpcError.notFound('User not found');
    return this.ofUser(this.ds.manager, userId);
  }

  async setForUser(actor: Actor, payload: SetUserPermissionsPayload): Promise<PermissionView[]> {
    AccountAccess.assertAdmin(actor);
    return this.ds.transaction(async (manager) => {
      // locked: two grants to one account at once replace the set one after the other
      if (!(await AccountsRepository.lockById(manager, payload.userId))) throw RpcError.notFound('User not found');
      const ids = [...new Set(payload.permissions)];
      const known: Array<{ id: string }> = ids.length ? await manager.query('SELECT id FROM permission WHERE id = ANY($1::uuid[])', [ids]) : [];
      const unknown = ids.filter((id) => !known.some((k) => k.id === id));
      if (unknown.length) throw RpcError.badRequest(`Unknown permissions: ${unknown.join(', ')}`);
      await manager.query('DELETE FROM user_permission WHERE user_id = $1', [payload.userId]);
      for (const id of ids) {
        await manager.query('INSERT INTO user_permission (user_id, permission_id) VALUES ($1, $2)', [payload.userId, id]);
      }
      return this.ofUser(manager, payload.userId);
    });
  }
}
