import { INTEGRATION_MESSAGES, RpcError } from '@app/contracts';
import { isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RemoteIntegration } from './remote-integration.entity';

/** Remote integrations of accounts (`remote_integration`); their sealed passwords are read only where asked for. */
@Injectable()
export class IntegrationsRepository {
  findById(m: EntityManager, id: string): Promise<RemoteIntegration | null> {
    return m.findOne(RemoteIntegration, { where: { id } });
  }

  /** The account's integrations, oldest first. */
  ofAccount(m: EntityManager, userId: string): Promise<RemoteIntegration[]> {
    return m.find(RemoteIntegration, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The account's integration with this provider. */
  findByProvider(m: EntityManager, userId: string, provider: string): Promise<RemoteIntegration | null> {
    return m.findOne(RemoteIntegration, { where: { userId, provider } });
  }

  /** Which of these integrations have a password stored (without reading it). */
  async passwordFlags(m: EntityManager, ids: string[]): Promise<Map<string, boolean>> {
    if (!ids.length) return new Map();
    const rows: Array<{ id: string; has: boolean }> = await m.query(
      'SELECT id, password_encrypted IS NOT NULL AS has FROM remote_integration WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.has]));
  }

  /** The integration with its sealed password and secret settings. */
  withSealedPassword(m: EntityManager, id: string): Promise<RemoteIntegration | null> {
    return m
      .createQueryBuilder(RemoteIntegration, 'i')
      .addSelect('i.passwordEncrypted')
      .addSelect('i.secretsEncrypted')
      .where('i.id = :id', { id })
      .getOne();
  }

  /** A new integration; a provider the account already has is 409. */
  async insert(m: EntityManager, fields: Partial<RemoteIntegration>): Promise<RemoteIntegration> {
    try {
      return await m.save(RemoteIntegration, m.create(RemoteIntegration, fields));
    } catch (err) {
      if (isUniqueViolation(err, 'remote_integration_user_provider_uq')) throw RpcError.conflict(INTEGRATION_MESSAGES.duplicate);
      throw err;
    }
  }

  async update(m: EntityManager, id: string, changes: Partial<RemoteIntegration>): Promise<void> {
    await m.update(RemoteIntegration, { id }, changes);
  }

  /** Removes the integration; false when there was none. */
  async delete(m: EntityManager, id: string): Promise<boolean> {
    const res = await m.delete(RemoteIntegration, { id });
    return !!res.affected;
  }
}
