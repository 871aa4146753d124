import type { ServiceApp } from '@app/service-kit';
import { Module } from '@nestjs/common';
import { AccountAccess } from './access/account-access';
import { AppSetting } from './app-settings/app-setting.entity';
import { AppSettingsMessagesController } from './app-settings/app-settings.messages.controller';
import { AppSettingsRepository } from './app-settings/app-settings.repository';
import { AppSettingsService } from './app-settings/app-settings.service';
import { AppVersion } from './app-versions/app-version.entity';
import { AppVersionsMessagesController } from './app-versions/app-versions.messages.controller';
import { AppVersionsRepository } from './app-versions/app-versions.repository';
import { AppVersionsService } from './app-versions/app-versions.service';
import { Banner } from './banners/banner.entity';
import { BannersMessagesController } from './banners/banners.messages.controller';
import { BannersRepository } from './banners/banners.repository';
import { BannersService } from './banners/banners.service';
import { AccountsMessagesController } from './accounts/accounts.messages.controller';
import { AccountsRepository } from './accounts/accounts.repository';
import { AccountsService } from './accounts/accounts.service';
import { UserAccount } from './accounts/user-account.entity';
import { LastOrderBackfill, LastOrderConsumer } from './accounts/last-order.consumer';
import { LastOrderRepository } from './accounts/last-order.repository';
import { LastOrderBackfill1765000000400 } from './migrations/1765000000400-last-order-backfill';
import { AuthMessagesController } from './auth/auth.messages.controller';
import { AuthRepository } from './auth/auth.repository';
import { AuthService } from './auth/auth.service';
import { SessionReadsMessagesController } from './auth/session-reads.messages.controller';
import { DemoSeed } from './demo/demo-seed';
import { IntegrationsMessagesController } from './integrations/integrations.messages.controller';
import { IntegrationsRepository } from './integrations/integrations.repository';
import { IntegrationsService } from './integrations/integrations.service';
import { RemoteIntegration } from './integrations/remote-integration.entity';
import { Identity1763800000000 } from './migrations/1763800000000-identity';
import { PermissionCatalogue1763800000001 } from './migrations/1763800000001-permission-catalogue';
import { AppSettings1763800000002 } from './migrations/1763800000002-app-settings';
import { AppSettingCategories1765000000200 } from './migrations/1765000000200-app-setting-categories';
import { AppVersionsBanners1763800000003 } from './migrations/1763800000003-app-versions-banners';
import { RefreshSuccessor1763800000004 } from './migrations/1763800000004-refresh-successor';
import { TemporaryPasswordResent1763800000005 } from './migrations/1763800000005-temporary-password-resent';
import { ReEditDueHours1763800000050 } from './migrations/1763800000050-re-edit-due-hours';
import { EditedImageLabel1763800000010 } from './migrations/1763800000010-edited-image-label';
import { KeepOriginalMetadata1764800000100 } from './migrations/1764800000100-keep-original-metadata';
import { IntegrationSettings1764000000000 } from './migrations/1764000000000-integration-settings';
import { PasswordResetConsumer } from './auth/password-reset.consumer';
import { DeletedSalesPeople1764700000300 } from './migrations/1764700000300-deleted-sales-people';
import { SignInLockouts1764800000200 } from './migrations/1764800000200-sign-in-lockouts';
import { BannersHiddenByDefault1764900000201 } from './migrations/1764900000201-banners-hidden-by-default';
import { IntegrationAutoDeliver1765000000600 } from './migrations/1765000000600-integration-auto-deliver';
import { Permission } from './permissions/permission.entity';
import { PermissionsMessagesController } from './permissions/permissions.messages.controller';
import { PermissionsRepository } from './permissions/permissions.repository';
import { PermissionsService } from './permissions/permissions.service';
import { SalesPeopleMessagesController } from './sales-people/sales-people.messages.controller';
import { SalesPeopleRepository } from './sales-people/sales-people.repository';
import { SalesPeopleService } from './sales-people/sales-people.service';
import { SalesPerson } from './sales-people/sales-person.entity';
import { AccountSeeder } from './seeding/account-seeder';
import { SeedingMessagesController } from './seeding/seeding.messages.controller';
import { SeedingRepository } from './seeding/seeding.repository';
import { UsersCoreModule } from './shared/users-core.module';
import { AccountEvents } from './accounts/account-events';
import { SalesPersonEvents } from './sales-people/sales-person-events';
import { StatisticsExportMessagesController } from './statistics-export/statistics-export.messages.controller';
import { StatisticsExportService } from './statistics-export/statistics-export.service';
import { UsersExportRepository } from './statistics-export/users-export.repository';
import { UsersConfig } from './users.config';

/**
 * Gateways cache session checks: every controller but `SessionReadsMessagesController` carries
 * `SessionChangeInterceptor`, which tells them when a call may have changed one.
 */
@Module({
  controllers: [
    StatisticsExportMessagesController,
    AuthMessagesController,
    SessionReadsMessagesController,
    AccountsMessagesController,
    PermissionsMessagesController,
    SalesPeopleMessagesController,
    IntegrationsMessagesController,
    AppSettingsMessagesController,
    AppVersionsMessagesController,
    BannersMessagesController,
    SeedingMessagesController,
  ],
  providers: [
    AccountsRepository,
    LastOrderRepository,
    AuthRepository,
    PermissionsRepository,
    SalesPeopleRepository,
    IntegrationsRepository,
    AppSettingsRepository,
    AppVersionsRepository,
    BannersRepository,
    SeedingRepository,
    UsersExportRepository,
    AccountAccess,
    AccountEvents,
    SalesPersonEvents,
    StatisticsExportService,
    AuthService,
    PasswordResetConsumer,
    LastOrderConsumer,
    LastOrderBackfill,
    AccountsService,
    PermissionsService,
    SalesPeopleService,
    IntegrationsService,
    AppSettingsService,
    AppVersionsService,
    BannersService,
    AccountSeeder,
    DemoSeed,
  ],
})
class UsersFeatureModule {}

/**
 * The users service: owns accounts, roles, permissions, child accounts, sales people (with
 * their logins), remote integrations, sessions, reset codes, sign-in attempts and the
 * installation's app settings.
 */
export const usersApp: ServiceApp<UsersConfig> = {
  definition: {
    name: 'users',
    entities: [UserAccount, Permission, SalesPerson, RemoteIntegration, AppSetting, AppVersion, Banner],
    migrations: [Identity1763800000000, PermissionCatalogue1763800000001, AppSettings1763800000002, AppVersionsBanners1763800000003, RefreshSuccessor1763800000004, TemporaryPasswordResent1763800000005, ReEditDueHours1763800000050, EditedImageLabel1763800000010, IntegrationSettings1764000000000, DeletedSalesPeople1764700000300, KeepOriginalMetadata1764800000100, SignInLockouts1764800000200, BannersHiddenByDefault1764900000201, AppSettingCategories1765000000200, LastOrderBackfill1765000000400, IntegrationAutoDeliver1765000000600],
  },
  modules: () => [UsersCoreModule, UsersFeatureModule],
};
