import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RobotCredential } from './robot-credential.entity';

/** Robot keys (`robot_credential`), one per robot integration. */
@Injectable()
export class RobotCredentialsRepository {
  findById(m: EntityManager, id: string, lock = false): Promise<RobotCredential | null> {
    return m.findOne(RobotCredential, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** Stores the integration's key, replacing the one before (it stops working at once). */
  async replace(m: EntityManager, fields: Pick<RobotCredential, 'id' | 'integrationId' | 'accountId' | 'secretHash'>): Promise<RobotCredential> {
    await m.query(
      `INSERT INTO robot_credential (id, integration_id, account_id, secret_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (integration_id) DO UPDATE SET id = EXCLUDED.id, secret_hash = EXCLUDED.secret_hash, account_id = EXCLUDED.account_id,
                                                  created_at = now(), last_used_at = NULL`,
      [fields.id, fields.integrationId, fields.accountId, fields.secretHash],
    );
    return (await this.findById(m, fields.id))!;
  }

  /** Every robot gets a reboot with its next pull; answers how many robots there are. */
  async requestReboot(m: EntityManager): Promise<number> {
    const rows = (await m.query('UPDATE robot_credential SET reboot_requested_at = now() RETURNING id')) as [unknown[], number];
    return rows[0].length;
  }

  async deleteOfAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query('DELETE FROM robot_credential WHERE account_id = $1', [accountId]);
  }

  save(m: EntityManager, c: RobotCredential): Promise<RobotCredential> {
    return m.save(RobotCredential, c);
  }
}
