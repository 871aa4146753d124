import { DEMO_ACCOUNTS, DEMO_CHILD_ACCOUNTS, DEMO_PASSWORD, DEMO_SALES_PEOPLE, type SeedAccount, type SeedSalesPerson } from '@app/seeding';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { AccountSeeder } from '../seeding/account-seeder';
import type { UsersConfig } from '../users.config';

/** The demo accounts with an address and contact person of their country, all able to use the mobile app. */
function demoAccounts(): SeedAccount[] {
  return Object.values(DEMO_ACCOUNTS).map((a) => {
    const hungarian = a.country === 'Hungary';
    return {
      id: a.id,
      email: a.email,
      displayName: a.displayName,
      userRole: a.userRole,
      roleTags: 'roleTags' in a ? a.roleTags : [],
      permissions: 'permissions' in a ? a.permissions : [],
      country: a.country,
      city: a.city,
      postalCode: hungarian ? '1051' : '5000',
      address: hungarian ? 'Október 6. utca 12' : 'Havnegade 4',
      companyId: hungarian ? 'HU12345678' : 'DK12345678',
      contactName: `${a.displayName} Contact`,
      contactPhone: hungarian ? '+36 1 234 5678' : '+45 70 20 30 40',
      contactTitle: a.userRole === 'Dealership' ? 'Sales manager' : 'Administrator',
      enabledQa: 'enabledQa' in a ? a.enabledQa : false,
      mobileAppAccess: true,
      password: DEMO_PASSWORD,
      children: a.id === DEMO_ACCOUNTS.manager.id ? DEMO_CHILD_ACCOUNTS : [],
    };
  });
}

const demoSalesPeople = (): SeedSalesPerson[] =>
  DEMO_SALES_PEOPLE.map((s) => ({ id: s.id, userId: s.userId, name: s.name, email: s.email, phone: s.phone, ...(s.login ? { password: DEMO_PASSWORD } : {}) }));

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): the demo sign-ins of the README,
 * created when missing and never overwritten, so changes made while trying the product stay.
 */
@Injectable()
export class DemoSeed implements OnApplicationBootstrap {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly seeder: AccountSeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    const seeded = await this.seeder.seed({ accounts: demoAccounts(), salesPeople: demoSalesPeople() });
    const created = seeded.accounts.filter((a) => a.created).length;
    if (created) this.logger.info({ accounts: created }, 'demo accounts created');
  }
}
