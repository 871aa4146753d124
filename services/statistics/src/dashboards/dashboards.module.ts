import { Module } from '@nestjs/common';
import { StatisticsAccess } from '../access/statistics-access';
import { DashboardsMessagesController } from './dashboards.messages.controller';
import { DashboardsService } from './dashboards.service';
import { AccountOrdersRepository } from './questions/account-orders.repository';
import { CountsOverTimeRepository } from './questions/counts-over-time.repository';
import { DevicesRepository } from './questions/devices.repository';
import { InactiveUsersRepository } from './questions/inactive-users.repository';
import { OrderFlowRepository } from './questions/order-flow.repository';
import { OrderImagesRepository } from './questions/order-images.repository';
import { QaActivityRepository } from './questions/qa-activity.repository';
import { QaOutcomesRepository } from './questions/qa-outcomes.repository';
import { StatAccountsRepository } from './stat-accounts.repository';

/** The dashboards' questions, answered from the fact tables (docs/statistics.md, "Questions"): one repository per family of questions. */
@Module({
  controllers: [DashboardsMessagesController],
  providers: [
    StatAccountsRepository,
    StatisticsAccess,
    CountsOverTimeRepository,
    AccountOrdersRepository,
    DevicesRepository,
    QaActivityRepository,
    OrderFlowRepository,
    OrderImagesRepository,
    QaOutcomesRepository,
    InactiveUsersRepository,
    DashboardsService,
  ],
})
export class DashboardsModule {}
