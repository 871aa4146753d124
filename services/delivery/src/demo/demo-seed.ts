import { DEMO_ACCOUNTS, DEMO_SALES_PEOPLE } from '@app/seeding';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { DeliveryConfig } from '../delivery.config';
import { DeviceTokensRepository } from '../push/device-tokens.repository';

/** the phones of the demo dealer and of its sales person Anna, as the mobile app would register them */
export const DEMO_DEVICES = [
  { token: 'demo-phone-nordic-auto', owner: { accountId: DEMO_ACCOUNTS.dealer.id, salesPersonId: null }, platform: 'android', appVersion: '1.2.34' },
  { token: 'demo-phone-anna-sales', owner: { accountId: DEMO_ACCOUNTS.dealer.id, salesPersonId: DEMO_SALES_PEOPLE[0]!.id }, platform: 'ios', appVersion: '1.2.34' },
] as const;

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): two registered phones of the demo
 * dealer, so the admin's push notification about one of its orders reaches something (the
 * capture writes it to `.data/push/`). Created when missing, never changed.
 */
@Injectable()
export class DemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: DeliveryConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly devices: DeviceTokensRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    let created = 0;
    for (const d of DEMO_DEVICES) {
      if (await this.devices.insertIfMissing(this.ds.manager, d.token, d.owner, d.platform, d.appVersion)) created++;
    }
    if (created) this.logger.info({ devices: created }, 'demo devices registered');
  }
}
