import type { ServiceApp } from '@app/service-kit';
import { StatisticsConfig } from './statistics.config';

/** The statistics service: owns read models fed by domain events for the dashboards. */
export const statisticsApp: ServiceApp<StatisticsConfig> = {
  definition: {
    name: 'statistics',
    entities: [],
    migrations: [],
  },
  modules: (_config) => [],
};
