import { inTransaction, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderEventsWriter } from './order-events.writer';
import { OrderProgressRepository } from './order-progress.repository';

/** orders read at a time */
const BATCH = 200;

/**
 * Sends the progress (counts and picture for lists) of the orders whose last progress went out
 * before it carried the picture (`order_progress.thumbnail_sent` false, migration
 * 1764100000002), once, in the background after start. The counts are the current ones, so the
 * orders service sees nothing new but the picture. Replicas that start together may send an
 * order twice; the orders service keeps the highest version.
 */
@Injectable()
export class ThumbnailBackfill implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly events: OrderEventsWriter,
    private readonly orderProgress: OrderProgressRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run()
      .then((sent) => sent && this.logger.info({ orders: sent }, 'orders given their picture for lists'))
      .catch((err: unknown) => this.logger.error({ err }, 'orders not given their picture for lists; tried again at the next start'))
      .then(() => undefined)
      .finally(() => (this.running = null));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Sends what is missing; answers how many orders it sent. */
  async run(): Promise<number> {
    let sent = 0;
    while (!this.stopped) {
      const orderIds = await this.orderProgress.withoutPicture(this.ds.manager, BATCH);
      if (!orderIds.length) return sent;
      for (const orderId of orderIds) {
        if (this.stopped) return sent;
        await inTransaction(this.ds, async (m) => {
          await this.events.lock(m, orderId);
          await this.events.progress(m, orderId);
        });
        sent++;
      }
    }
    return sent;
  }
}
