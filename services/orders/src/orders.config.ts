import { BooleanFlag, StorageConfig } from '@app/config';

/** Environment of the orders service (see the configuration table in the README). */
export class OrdersConfig extends StorageConfig {
  /** development only: the demo orders (DEMO_ORDERS) with their timelines at start */
  @BooleanFlag()
  SEED_DEMO_DATA: boolean = false;
}
