import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AppSettingsController } from './app-settings.controller';
import { AppVersionsController } from './app-versions.controller';
import { BannersController } from './banners.controller';
import { PermissionsController } from './permissions.controller';
import { RemoteIntegrationController } from './remote-integration.controller';
import { SalesmanController } from './sales-people.controller';
import { UsersController } from './users.controller';

@Module({
  imports: [AuthModule],
  controllers: [UsersController, PermissionsController, SalesmanController, RemoteIntegrationController, AppSettingsController, AppVersionsController, BannersController],
})
export class UsersModule {}
