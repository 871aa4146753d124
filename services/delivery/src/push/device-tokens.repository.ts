import type { DevicePlatform } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DeviceToken } from './device-token.entity';

export interface DeviceOwner {
  accountId: string;
  salesPersonId: string | null;
}

interface DeviceTokenRow {
  token: string;
  account_id: string;
  sales_person_id: string | null;
  platform: DevicePlatform;
  app_version: string | null;
  created_at: Date;
  last_seen_at: Date;
}

const fromRow = (r: DeviceTokenRow): DeviceToken =>
  Object.assign(new DeviceToken(), {
    token: r.token,
    accountId: r.account_id,
    salesPersonId: r.sales_person_id,
    platform: r.platform,
    appVersion: r.app_version,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
  });

/** The devices that receive push notifications (`device_token`). */
@Injectable()
export class DeviceTokensRepository {
  /**
   * Registers the token for its owner in one statement (two registrations at once cannot
   * both insert): a known token is seen again now and moves to this owner, platform and
   * version (a device has one user: whoever signed in on it last).
   */
  async upsert(m: EntityManager, token: string, owner: DeviceOwner, platform: DevicePlatform, appVersion: string | null): Promise<DeviceToken> {
    const rows: DeviceTokenRow[] = await m.query(
      `INSERT INTO device_token (token, account_id, sales_person_id, platform, app_version)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (token) DO UPDATE SET account_id = EXCLUDED.account_id, sales_person_id = EXCLUDED.sales_person_id,
         platform = EXCLUDED.platform, app_version = coalesce(EXCLUDED.app_version, device_token.app_version),
         last_seen_at = now(),
         created_at = CASE WHEN device_token.account_id = EXCLUDED.account_id
                            AND device_token.sales_person_id IS NOT DISTINCT FROM EXCLUDED.sales_person_id
                           THEN device_token.created_at ELSE now() END
       RETURNING *`,
      [token, owner.accountId, owner.salesPersonId, platform, appVersion],
    );
    return fromRow(rows[0]!);
  }

  /** Registers the token unless it is known (demo data); true when it was added. */
  async insertIfMissing(m: EntityManager, token: string, owner: DeviceOwner, platform: DevicePlatform, appVersion: string | null): Promise<boolean> {
    const res: [unknown[], number] = await m.query(
      `INSERT INTO device_token (token, account_id, sales_person_id, platform, app_version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (token) DO NOTHING RETURNING token`,
      [token, owner.accountId, owner.salesPersonId, platform, appVersion],
    );
    return res[1] > 0;
  }

  /** Removes the token if it is the owner's (the same account and the same sales person, or none); false otherwise. */
  async deleteOwn(m: EntityManager, token: string, owner: DeviceOwner): Promise<boolean> {
    const res: [unknown[], number] = await m.query(
      'DELETE FROM device_token WHERE token = $1 AND account_id = $2 AND sales_person_id IS NOT DISTINCT FROM $3 RETURNING token',
      [token, owner.accountId, owner.salesPersonId],
    );
    return res[1] > 0;
  }

  /** Every device of the account: its own and its sales people's, oldest first. */
  ofAccount(m: EntityManager, accountId: string): Promise<DeviceToken[]> {
    return m.find(DeviceToken, { where: { accountId }, order: { createdAt: 'ASC', token: 'ASC' } });
  }

  /** Tokens the provider said no longer exist. */
  async deleteTokens(m: EntityManager, tokens: string[]): Promise<void> {
    if (tokens.length > 0) await m.query('DELETE FROM device_token WHERE token = ANY($1)', [tokens]);
  }

  async deleteOfAccount(m: EntityManager, accountId: string): Promise<number> {
    const res: [unknown[], number] = await m.query('DELETE FROM device_token WHERE account_id = $1 RETURNING token', [accountId]);
    return res[1];
  }
}
