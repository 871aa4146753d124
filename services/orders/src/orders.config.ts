import { BooleanFlag, StorageConfig } from '@app/config';
import { UPLOAD_STALE_HOURS_DEFAULT } from '@app/contracts';
import { IsNumber, Min } from 'class-validator';

/** Environment of the orders service (see the configuration table in the README). */
export class OrdersConfig extends StorageConfig {
  /** development only: the demo orders (DEMO_ORDERS) with their timelines at start */
  @BooleanFlag()
  SEED_DEMO_DATA: boolean = false;

  /** hours an Uploading order may go with nothing arriving before the orders list flags it as left unfinished */
  @IsNumber()
  @Min(0)
  ORDERS_UPLOAD_STALE_HOURS: number = UPLOAD_STALE_HOURS_DEFAULT;
}
