import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PermissionsController } from './permissions.controller';
import { RemoteIntegrationController } from './remote-integration.controller';
import { SalesmanController } from './salesman.controller';
import { UsersController } from './users.controller';

@Module({
  imports: [AuthModule],
  controllers: [UsersController, PermissionsController, SalesmanController, RemoteIntegrationController],
})
export class UsersModule {}
