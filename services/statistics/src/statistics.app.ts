import type { ServiceApp } from '@app/service-kit';
import { DashboardsModule } from './dashboards/dashboards.module';
import { FactsModule } from './facts/facts.module';
import { StatisticsFacts1764700000000 } from './migrations/1764700000000-facts';
import { StatisticsFactsIngestion1764700000100 } from './migrations/1764700000100-facts-ingestion';
import { StatisticsQuestionIndexes1764700000200 } from './migrations/1764700000200-question-indexes';
import { StatisticsDailyTotals1764700000300 } from './migrations/1764700000300-daily-totals';
import { StatisticsOrderSalesPersonChange1765000000300 } from './migrations/1765000000300-order-sales-person-change';
import { StatisticsNoKeptAnswers1765000000500 } from './migrations/1765000000500-no-kept-answers';
import { StatisticsConfig } from './statistics.config';

/** The statistics service: owns read models fed by domain events for the dashboards. */
export const statisticsApp: ServiceApp<StatisticsConfig> = {
  definition: {
    name: 'statistics',
    entities: [],
    migrations: [StatisticsFacts1764700000000, StatisticsFactsIngestion1764700000100, StatisticsQuestionIndexes1764700000200, StatisticsDailyTotals1764700000300, StatisticsOrderSalesPersonChange1765000000300, StatisticsNoKeptAnswers1765000000500],
  },
  modules: (_config) => [
    // the fact tables, fed from EVENTS
    FactsModule,
    // the dashboards' questions, answered from the facts
    DashboardsModule,
  ],
};
