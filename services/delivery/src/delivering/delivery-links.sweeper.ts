import { PeriodicTask, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys, StorageService } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DeliveryConfig } from '../delivery.config';
import { API_LINK_TTL_SECONDS } from './api.deliverer';

/** the changed files of API deliveries are kept this long past their links, for a download that has just started */
const KEEP_PAST_LINK_MS = 60 * 60 * 1000;

/**
 * Removes the files API deliveries kept for their links (`deliveries/<messageId>/`, the
 * pictures the output rules changed) once the links have expired, plus an hour. Runs every
 * DELIVERY_LINK_SWEEP_MS.
 */
@Injectable()
export class DeliveryLinksSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(
    private readonly storage: StorageService,
    @Inject(SERVICE_CONFIG) config: DeliveryConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask(() => this.sweep(), config.DELIVERY_LINK_SWEEP_MS, (err) => this.logger.error({ err }, 'files of expired delivery links could not be removed; tried again later'));
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One pass: answers how many files were removed. */
  async sweep(now = Date.now()): Promise<number> {
    const removed = await this.storage.deleteOlderThan(ObjectKeys.deliveriesPrefix, new Date(now - API_LINK_TTL_SECONDS * 1000 - KEEP_PAST_LINK_MS));
    if (removed) this.logger.debug({ files: removed }, 'files of expired delivery links removed');
    return removed;
  }
}
