import { StorageConfig } from '@app/config';
import { IsInt, Max, Min } from 'class-validator';

/** Environment of the delivery service (see the configuration table in the README). */
export class DeliveryConfig extends StorageConfig {
  /** how often the worker looks for visible push messages (FTP, blob, API) besides the batch it just did */
  @IsInt()
  @Min(50)
  @Max(600_000)
  DELIVERY_POLL_MS: number = 1000;

  /** messages one worker claims at once */
  @IsInt()
  @Min(1)
  @Max(100)
  DELIVERY_BATCH_SIZE: number = 5;

  /** tries of a push message (and releases of a robot's) before it stops as failed */
  @IsInt()
  @Min(1)
  @Max(100)
  DELIVERY_MAX_ATTEMPTS: number = 5;

  /** wait before the second try; doubles each time up to DELIVERY_RETRY_MAX_DELAY_MS */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DELIVERY_RETRY_DELAY_MS: number = 30_000;

  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DELIVERY_RETRY_MAX_DELAY_MS: number = 3_600_000;

  /** how long a worker holds a message it delivers; past it another replica may take it */
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  DELIVERY_WORKER_LEASE_MS: number = 600_000;

  /** how long a pulled message stays a robot's before it is visible again */
  @IsInt()
  @Min(500)
  @Max(86_400_000)
  DELIVERY_ROBOT_LEASE_MS: number = 300_000;
}
