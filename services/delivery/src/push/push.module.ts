import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { DemoSeed } from '../demo/demo-seed';
import type { DeliveryConfig } from '../delivery.config';
import { DeviceTokensRepository } from './device-tokens.repository';
import { CapturePushProvider } from './providers/capture-push-provider';
import { FcmPushProvider, readFcmServiceAccount } from './providers/fcm-push-provider';
import { PUSH_PROVIDER, type PushProvider } from './providers/push-provider';
import { PushCleanupConsumers } from './push-cleanup.consumers';
import { PushMessagesController } from './push.messages.controller';
import { PushNotificationsRepository } from './push-notifications.repository';
import { PushService } from './push.service';

/** The provider PUSH_PROVIDER names; FCM's service account is read (and checked) here, at start. */
export function createPushProvider(config: DeliveryConfig, logger: Logger): PushProvider {
  if (config.PUSH_PROVIDER === 'fcm') {
    const account = readFcmServiceAccount(config);
    logger.info({ project: account.projectId }, 'push notifications go through FCM');
    return new FcmPushProvider(account, { apiUrl: config.FCM_API_URL, tokenUrl: config.FCM_TOKEN_URL, timeoutMs: config.PUSH_REQUEST_TIMEOUT_MS }, logger);
  }
  if (process.env.NODE_ENV === 'production') {
    logger.warn({ dir: config.PUSH_CAPTURE_DIR }, 'PUSH_PROVIDER is capture: push notifications are written to files, no phone gets them (set PUSH_PROVIDER=fcm)');
  }
  return new CapturePushProvider(config.PUSH_CAPTURE_DIR, logger);
}

@Module({
  controllers: [PushMessagesController],
  providers: [
    DeviceTokensRepository,
    PushNotificationsRepository,
    { provide: PUSH_PROVIDER, inject: [SERVICE_CONFIG, SERVICE_LOGGER], useFactory: createPushProvider },
    PushService,
    PushCleanupConsumers,
    DemoSeed,
  ],
})
export class PushModule {}
