import { Module } from '@nestjs/common';
import { Deliverers } from './deliverers';
import { DeliveringMessagesController } from './delivering.messages.controller';
import { DeliverySources } from './delivery-sources';
import { ORDER_DELIVERER } from './order-deliverer';

/** The deliverers, provided to the delivery queue as ORDER_DELIVERER, and the integrations' test connection. */
@Module({
  controllers: [DeliveringMessagesController],
  providers: [DeliverySources, Deliverers, { provide: ORDER_DELIVERER, useExisting: Deliverers }],
  exports: [ORDER_DELIVERER],
})
export class DeliveringModule {}
