import type { ServiceApp } from '@app/service-kit';
import { Module } from '@nestjs/common';
import { AccountsMessagesController } from './accounts/accounts.messages.controller';
import { AccountsService } from './accounts/accounts.service';
import { UserAccount } from './accounts/user-account.entity';
import { AuthMessagesController } from './auth/auth.messages.controller';
import { AuthService } from './auth/auth.service';
import { DemoSeed } from './demo/demo-seed';
import { IntegrationsMessagesController } from './integrations/integrations.messages.controller';
import { IntegrationsService } from './integrations/integrations.service';
import { RemoteIntegration } from './integrations/remote-integration.entity';
import { Identity1763800000000 } from './migrations/1763800000000-identity';
import { PermissionCatalogue1763800000001 } from './migrations/1763800000001-permission-catalogue';
import { Permission } from './permissions/permission.entity';
import { PermissionsMessagesController } from './permissions/permissions.messages.controller';
import { PermissionsService } from './permissions/permissions.service';
import { SalesPeopleMessagesController } from './sales-people/sales-people.messages.controller';
import { SalesPeopleService } from './sales-people/sales-people.service';
import { SalesPerson } from './sales-people/sales-person.entity';
import { UsersCoreModule } from './shared/users-core.module';
import { UsersConfig } from './users.config';

@Module({
  controllers: [
    AuthMessagesController,
    AccountsMessagesController,
    PermissionsMessagesController,
    SalesPeopleMessagesController,
    IntegrationsMessagesController,
  ],
  providers: [AuthService, AccountsService, PermissionsService, SalesPeopleService, IntegrationsService, DemoSeed],
})
class IdentityModule {}

/**
 * The users service: owns accounts, roles, permissions, child accounts, sales people (with
 * their logins), remote integrations, sessions, reset codes and sign-in attempts.
 */
export const usersApp: ServiceApp<UsersConfig> = {
  definition: {
    name: 'users',
    entities: [UserAccount, Permission, SalesPerson, RemoteIntegration],
    migrations: [Identity1763800000000, PermissionCatalogue1763800000001],
  },
  modules: () => [UsersCoreModule, IdentityModule],
};
