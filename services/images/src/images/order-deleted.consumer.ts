import { IMAGES_DURABLES, OrdersEvents, type OrderDeleted } from '@app/contracts';
import { MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { DownloadBundlesRepository } from '../downloads/download-bundles.repository';
import { ImagesExportRepository } from '../statistics-export/images-export.repository';
import { Media360Repository } from '../media360/media360.repository';
import { VideosRepository } from '../videos/videos.repository';
import { ImageFiles } from './image-files';
import { ImagesRepository } from './images.repository';
import { OrderProgressRepository } from './order-progress.repository';

/**
 * When an order is deleted, its images, videos, 360s and download bundles go, files first: the
 * S3 deletion is safe to repeat, and if it fails the event is offered again before any row
 * is gone.
 */
@Injectable()
export class OrderDeletedConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly files: ImageFiles,
    private readonly images: ImagesRepository,
    private readonly videos: VideosRepository,
    private readonly media360: Media360Repository,
    private readonly bundles: DownloadBundlesRepository,
    private readonly orderProgress: OrderProgressRepository,
    private readonly statisticsHistory: ImagesExportRepository,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.host.on(OrdersEvents.deleted, IMAGES_DURABLES.orderDeleted, (payload, ctx) => this.apply(ctx.manager, payload));
  }

  async apply(m: EntityManager, e: OrderDeleted): Promise<void> {
    const bundleKeys = await this.bundles.keysOfOrder(m, e.orderId);
    const removed = await this.files.deleteOrderFiles(e.orderId);
    for (const key of bundleKeys) await this.files.delete(key);
    // the statistics count a deleted order's processed pictures: their jobs stay for the export
    await this.statisticsHistory.keepProcessed(m, e.accountId, { orderId: e.orderId });
    await this.images.deleteOfOrder(m, e.orderId);
    await this.videos.deleteOfOrder(m, e.orderId);
    await this.media360.deleteOfOrder(m, e.orderId);
    await this.bundles.deleteOfOrder(m, e.orderId);
    await this.orderProgress.deleteOfOrder(m, e.orderId);
    this.logger.info({ orderId: e.orderId, files: removed + bundleKeys.length }, "deleted order's images and videos removed");
  }
}
