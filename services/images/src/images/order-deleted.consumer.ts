import { IMAGES_DURABLES, OrdersEvents, type OrderDeleted } from '@app/contracts';
import { MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { ImageFiles } from './image-files';

/**
 * When an order is deleted, its images, videos and download bundles go, files first: the
 * S3 deletion is safe to repeat, and if it fails the event is offered again before any row
 * is gone.
 */
@Injectable()
export class OrderDeletedConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly files: ImageFiles,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.host.consume<OrderDeleted>({
      stream: 'EVENTS',
      durable: IMAGES_DURABLES.orderDeleted,
      filterSubject: OrdersEvents.deleted.subject,
      handler: (payload, ctx) => this.apply(ctx.manager, payload),
    });
  }

  async apply(m: EntityManager, e: OrderDeleted): Promise<void> {
    const bundles: Array<{ object_key: string }> = await m.query('SELECT object_key FROM download_bundle WHERE order_id = $1', [e.orderId]);
    const removed = await this.files.deleteOrderFiles(e.orderId);
    for (const b of bundles) await this.files.delete(b.object_key);
    await m.query('DELETE FROM image WHERE order_id = $1', [e.orderId]);
    await m.query('DELETE FROM video WHERE order_id = $1', [e.orderId]);
    await m.query('DELETE FROM download_bundle WHERE order_id = $1', [e.orderId]);
    await m.query('DELETE FROM order_progress WHERE order_id = $1', [e.orderId]);
    this.logger.info({ orderId: e.orderId, files: removed + bundles.length }, "deleted order's images and videos removed");
  }
}
