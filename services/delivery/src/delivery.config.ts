import { StorageConfig } from '@app/config';

/** Environment of the delivery service (see the configuration table in the README). */
export class DeliveryConfig extends StorageConfig {}
