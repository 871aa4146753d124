import { DatabaseConfig } from '@app/config';
import { IsInt, Max, Min } from 'class-validator';

/** Environment of the statistics service (see the configuration table in the README). */
export class StatisticsConfig extends DatabaseConfig {
  /**
   * The most events the facts consumer applies in one transaction (docs/statistics.md,
   * "Facts"): under load it takes what has arrived, up to this many, and acknowledges them
   * after the commit.
   */
  @IsInt()
  @Min(1)
  @Max(5000)
  STATISTICS_FACTS_BATCH: number = 1000;

  /** Events asked of each service per backfill page during `rebuild` (the services answer at most 5000). */
  @IsInt()
  @Min(1)
  @Max(5000)
  STATISTICS_BACKFILL_PAGE: number = 1000;
}
