import { RpcError, type RpcEnvelope } from '@app/contracts';
import { SeedingRpc, type SeedAccountsPayload } from '@app/seeding';
import { RpcHandler, SERVICE_CONFIG } from '@app/service-kit';
import { Payload } from '@nestjs/microservices';
import { Controller, Inject, UseInterceptors } from '@nestjs/common';
import { AccountAccess } from '../access/account-access';
import type { UsersConfig } from '../users.config';
import { AccountSeeder } from './account-seeder';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

export const SEEDING_MESSAGES = {
  off: 'Account seeding is off (ACCOUNT_SEEDING)',
  systemOnly: 'Only the system may seed accounts',
} as const;

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class SeedingMessagesController {
  constructor(
    private readonly seeder: AccountSeeder,
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
  ) {}

  @RpcHandler(SeedingRpc.accounts)
  accounts(@Payload() { actor, data }: RpcEnvelope<SeedAccountsPayload>) {
    if (!this.config.ACCOUNT_SEEDING) throw RpcError.forbidden(SEEDING_MESSAGES.off);
    AccountAccess.assertSystem(actor, SEEDING_MESSAGES.systemOnly);
    return this.seeder.seed(data);
  }
}
