import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { HealthController } from './health.controller';
import { GatewayOpsHealth } from './ops-health';

@Module({ imports: [AuthModule], controllers: [HealthController], providers: [GatewayOpsHealth] })
export class HealthModule {}
