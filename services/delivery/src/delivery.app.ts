import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { DeliveryConfig } from './delivery.config';
import { DeliveringModule } from './delivering/delivering.module';

/** The delivery service: owns the delivery queue, robots and push notifications. */
export const deliveryApp: ServiceApp<DeliveryConfig> = {
  definition: {
    name: 'delivery',
    entities: [],
    migrations: [],
  },
  modules: (config) => [StorageModule.forRoot(config), DeliveringModule],
};
