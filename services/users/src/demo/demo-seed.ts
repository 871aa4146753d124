import { DEMO_ACCOUNTS, DEMO_CHILD_ACCOUNTS, DEMO_PASSWORD, DEMO_SALES_PEOPLE } from '@app/contracts';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/password-hasher';
import type { UsersConfig } from '../users.config';

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): the demo sign-ins of the README,
 * created when missing and never overwritten, so changes made while trying the product stay.
 */
@Injectable()
export class DemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    const hash = await this.hasher.hash(DEMO_PASSWORD);
    let created = 0;
    await this.ds.transaction(async (m) => {
      for (const a of Object.values(DEMO_ACCOUNTS)) {
        const rows: unknown[] = await m.query(
          `INSERT INTO user_account (id, email, display_name, user_role, role_tags, country, city, postal_code, address, company_id,
                                     contact_name, contact_email, contact_phone, contact_title,
                                     enabled_qa, password_hash, user_status, password_changed_at, mobile_app_access)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $2, $12, $13, $14, $15, 'CONFIRMED', now(), true)
           ON CONFLICT DO NOTHING RETURNING id`,
          [
            a.id,
            a.email,
            a.displayName,
            a.userRole,
            'roleTags' in a ? a.roleTags : [],
            a.country,
            a.city,
            a.country === 'Hungary' ? '1051' : '5000',
            a.country === 'Hungary' ? 'Október 6. utca 12' : 'Havnegade 4',
            a.country === 'Hungary' ? 'HU12345678' : 'DK12345678',
            `${a.displayName} Contact`,
            a.country === 'Hungary' ? '+36 1 234 5678' : '+45 70 20 30 40',
            a.userRole === 'Dealership' ? 'Sales manager' : 'Administrator',
            'enabledQa' in a ? a.enabledQa : false,
            hash,
          ],
        );
        created += rows.length;
        if (rows.length && 'permissions' in a) {
          await m.query(
            `INSERT INTO user_permission (user_id, permission_id) SELECT $1, id FROM permission WHERE name = ANY($2) ON CONFLICT DO NOTHING`,
            [a.id, a.permissions],
          );
        }
      }
      for (const s of DEMO_SALES_PEOPLE) {
        await m.query(
          `INSERT INTO sales_person (id, user_id, name, email, phone, login_activated, user_status, password_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
          [s.id, s.userId, s.name, s.email, s.phone, s.login, s.login ? 'CONFIRMED' : null, s.login ? hash : null],
        );
      }
      for (const childId of DEMO_CHILD_ACCOUNTS) {
        await m.query('INSERT INTO child_account (parent_id, child_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [DEMO_ACCOUNTS.manager.id, childId]);
      }
    });
    if (created) this.logger.info({ accounts: created }, 'demo accounts created');
  }
}
