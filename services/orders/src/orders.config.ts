import { StorageConfig } from '@app/config';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/** Environment of the orders service (see the configuration table in the README). */
export class OrdersConfig extends StorageConfig {
  /** development only: the demo orders (DEMO_ORDERS) with their timelines at start */
  @Transform(({ value }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  SEED_DEMO_DATA: boolean = false;
}
