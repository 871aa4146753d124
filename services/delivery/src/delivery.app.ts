import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { DeliveryConfig } from './delivery.config';
import { Push1764500000000 } from './migrations/1764500000000-push';
import { DeviceToken } from './push/device-token.entity';
import { readFcmServiceAccount } from './push/providers/fcm-push-provider';
import { PushNotification } from './push/push-notification.entity';
import { PushModule } from './push/push.module';
import { DeliveringModule } from './delivering/delivering.module';
import { DeliveryQueue1764600000000 } from './migrations/1764600000000-delivery-queue';
import { AutoDelivery1765000000601 } from './migrations/1765000000601-auto-delivery';
import { DeliveryMessage } from './queue/delivery-message.entity';
import { DeliveryOrderState } from './queue/delivery-order-state.entity';
import { DeliveryReceiptRow } from './queue/delivery-receipt.entity';
import { QueueModule } from './queue/queue.module';
import { RobotCredential } from './queue/robot-credential.entity';

/** The delivery service: owns the delivery queue, robots and push notifications (docs/delivery.md). */
export const deliveryApp: ServiceApp<DeliveryConfig> = {
  definition: {
    name: 'delivery',
    entities: [DeviceToken, PushNotification, DeliveryMessage, DeliveryReceiptRow, DeliveryOrderState, RobotCredential],
    migrations: [Push1764500000000, DeliveryQueue1764600000000, AutoDelivery1765000000601],
  },
  modules: (config) => [StorageModule.forRoot(config), PushModule, DeliveringModule, QueueModule],
  // with FCM, a missing or broken service account refuses the start, naming the variable
  preflight: async (config) => {
    if (config.PUSH_PROVIDER === 'fcm') readFcmServiceAccount(config);
  },
};
