import { StorageConfig } from '@app/config';
import { IsInt, Max, Min } from 'class-validator';

/** Environment of the delivery service (see the configuration table in the README). */
export class DeliveryConfig extends StorageConfig {
  /** how long one step of a delivery (a connection, a file, an API request) may take before the attempt fails and is tried again */
  @IsInt() @Min(1000) @Max(600_000) DELIVERY_TIMEOUT_MS: number = 30_000;

  /** how long a test connection may wait for the destination */
  @IsInt() @Min(500) @Max(60_000) DELIVERY_TEST_TIMEOUT_MS: number = 8_000;

  /** how often the files kept for the links of API deliveries are looked at, and removed once their links have expired */
  @IsInt() @Min(1000) DELIVERY_LINK_SWEEP_MS: number = 60 * 60 * 1000;
}
