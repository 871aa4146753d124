import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { DeliveryConfig } from './delivery.config';
import { DeliveryQueue1764600000000 } from './migrations/1764600000000-delivery-queue';
import { DeliveryMessage } from './queue/delivery-message.entity';
import { DeliveryOrderState } from './queue/delivery-order-state.entity';
import { DeliveryReceiptRow } from './queue/delivery-receipt.entity';
import { QueueModule } from './queue/queue.module';
import { RobotCredential } from './queue/robot-credential.entity';

/** The delivery service: owns the delivery queue, robots and push notifications. */
export const deliveryApp: ServiceApp<DeliveryConfig> = {
  definition: {
    name: 'delivery',
    entities: [DeliveryMessage, DeliveryReceiptRow, DeliveryOrderState, RobotCredential],
    migrations: [DeliveryQueue1764600000000],
  },
  modules: (config) => [StorageModule.forRoot(config), QueueModule],
};
