import { IMAGES_DURABLES, UsersEvents, type AccountDeleted } from '@app/contracts';
import { MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { DownloadBundlesRepository } from '../downloads/download-bundles.repository';
import { ReEditRequestsRepository } from '../re-edit-requests/re-edit-requests.repository';
import { ImageVersionsRepository } from '../versions/image-versions.repository';
import { Media360Repository } from '../media360/media360.repository';
import { VideosRepository } from '../videos/videos.repository';
import { ImageFiles } from './image-files';
import { ImagesRepository } from './images.repository';
import { ImagesExportRepository } from '../statistics-export/images-export.repository';
import { OrderDeletedConsumer } from './order-deleted.consumer';

/**
 * A deleted account leaves nothing here: every image and video of its orders with their files
 * (also of orders the orders service has no row of any more, or never had: an upload under
 * way), the zips it made, and its name on pictures it put on other accounts' orders and on
 * re-edit requests it answered. The versions of other accounts' pictures it made keep no
 * trace of it either. The
 * orders service also announces each of its orders as deleted; whichever comes first does the
 * work, the other finds nothing. Files go before rows, so a failure is retried with the rows
 * still there to find them.
 */
@Injectable()
export class AccountDeletedConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly files: ImageFiles,
    private readonly images: ImagesRepository,
    private readonly videos: VideosRepository,
    private readonly media360: Media360Repository,
    private readonly bundles: DownloadBundlesRepository,
    private readonly reEdits: ReEditRequestsRepository,
    private readonly versions: ImageVersionsRepository,
    private readonly orderDeleted: OrderDeletedConsumer,
    private readonly statisticsHistory: ImagesExportRepository,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.host.on(UsersEvents.accountDeleted, IMAGES_DURABLES.accountDeleted, (payload, ctx) => this.apply(ctx.manager, payload));
  }

  async apply(m: EntityManager, { userId }: AccountDeleted): Promise<void> {
    const orderIds = new Set([...(await this.images.orderIdsOfAccount(m, userId)), ...(await this.videos.orderIdsOfAccount(m, userId)), ...(await this.media360.orderIdsOfAccount(m, userId))]);
    const at = new Date().toISOString();
    for (const orderId of orderIds) await this.orderDeleted.apply(m, { orderId, accountId: userId, at });
    await this.statisticsHistory.forgetAccount(m, userId);
    for (const key of await this.bundles.keysCreatedBy(m, userId)) await this.files.delete(key);
    await this.bundles.deleteCreatedBy(m, userId);
    await this.images.forgetCreator(m, userId);
    await this.videos.forgetCreator(m, userId);
    await this.media360.forgetCreator(m, userId);
    await this.reEdits.forgetUser(m, userId);
    await this.versions.forgetCreator(m, userId);
    this.logger.info({ userId, orders: orderIds.size }, "deleted account's images, videos and zips removed");
  }
}
