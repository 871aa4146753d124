import { Module } from '@nestjs/common';
import { StatAccountsRepository } from './stat-accounts.repository';
import { StatisticsAccess } from '../access/statistics-access';
import { DashboardsMessagesController } from './dashboards.messages.controller';
import { DashboardsRepository } from './dashboards.repository';
import { DashboardsService } from './dashboards.service';

/** The dashboards' questions, answered from the fact tables (docs/statistics.md, "Questions"). */
@Module({
  controllers: [DashboardsMessagesController],
  providers: [StatAccountsRepository, StatisticsAccess, DashboardsRepository, DashboardsService],
})
export class DashboardsModule {}
