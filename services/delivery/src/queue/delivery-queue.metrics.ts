import { cachedFor, METRICS, METRICS_REGISTRY, type Metrics } from '@app/ops';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DeliveryMessagesRepository } from './delivery-messages.repository';

/**
 * The delivery queue's gauges, read on scrape (at most every 5 s): messages queued and
 * delivering, and the age of the oldest of them. Delivered and failed messages are counted
 * as they happen (`dealer_deliveries_total`), not here: their rows are kept for the history
 * and counting them on every scrape would read the whole table.
 */
@Injectable()
export class DeliveryQueueMetrics implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly messages: DeliveryMessagesRepository,
    @Inject(METRICS_REGISTRY) private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    const backlog = cachedFor(5_000, () => this.messages.activeBacklog(this.ds.manager));
    this.metrics.gauge(METRICS.deliveryMessages, async (g) => {
      const b = await backlog();
      g.set({ state: 'queued' }, b.queued);
      g.set({ state: 'delivering' }, b.delivering);
    });
    this.metrics.gauge(METRICS.deliveryOldestQueuedAge, async (g) => g.set((await backlog()).oldestAgeSeconds));
  }
}
