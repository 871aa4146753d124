import { DatabaseConfig } from '@app/config';

/** Environment of the statistics service (see the configuration table in the README). */
export class StatisticsConfig extends DatabaseConfig {}
