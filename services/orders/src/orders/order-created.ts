import type { OrderCreated } from '@app/contracts';
import type { Order } from './order.entity';

/**
 * An order as `OrdersEvents.created` tells it. Published when the order is made, kept on its
 * `DELETED` line when it is deleted (the row goes, the statistics keep it as uploaded history),
 * and exported by the statistics backfill.
 */
export function orderCreated(o: Order): OrderCreated {
  return {
    orderId: o.id,
    accountId: o.accountId,
    orderName: o.orderName,
    styleGuideId: o.styleGuideId,
    salesPersonId: o.salesPersonId,
    platform: o.platform,
    appVersion: o.appVersion,
    takenImagesCount: o.takenImagesCount,
    createdAt: o.createdAt.toISOString(),
  };
}
