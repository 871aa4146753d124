import { PeriodicTask, removeUploadLeftovers, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { StorageService } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { StyleGuidesConfig } from '../style-guides.config';

/**
 * Removes the staging objects of media that no row names any more (remembered in
 * `upload_leftover` when a medium's staging key stopped being live) once their grant has
 * expired, plus STYLE_GUIDES_UPLOAD_LEFTOVER_MARGIN_MS: from then on nothing can post there
 * again (`removeUploadLeftovers`). Runs every STYLE_GUIDES_UPLOAD_SWEEP_MS.
 */
@Injectable()
export class UploadLeftoverSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly storage: StorageService,
    @Inject(SERVICE_CONFIG) private readonly config: StyleGuidesConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask(() => this.sweep(), this.config.STYLE_GUIDES_UPLOAD_SWEEP_MS, (err) => this.logger.error({ err }, 'staging objects of media could not be removed; tried again later'));
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One pass: answers how many staging objects were removed (exposed for tests). */
  async sweep(): Promise<number> {
    const keys = await removeUploadLeftovers(this.ds, { marginMs: this.config.STYLE_GUIDES_UPLOAD_LEFTOVER_MARGIN_MS, remove: (key) => this.storage.delete(key) });
    if (keys.length) this.logger.debug({ objects: keys.length }, 'staging objects of expired media grants removed');
    return keys.length;
  }
}
