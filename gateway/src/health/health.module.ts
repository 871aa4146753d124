import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { GatewayOpsHealth } from './ops-health';

@Module({ controllers: [HealthController], providers: [GatewayOpsHealth] })
export class HealthModule {}
