import { Global, Module } from '@nestjs/common';
import { Deliverers } from './deliverers';
import { DeliveringMessagesController } from './delivering.messages.controller';
import { DeliveryLinksSweeper } from './delivery-links.sweeper';
import { DeliverySources } from './delivery-sources';
import { ORDER_DELIVERER } from './order-deliverer';

/**
 * The deliverers, provided as ORDER_DELIVERER to every module of the delivery service (the
 * queue's worker injects it), and the integrations' test connection.
 */
@Global()
@Module({
  controllers: [DeliveringMessagesController],
  providers: [DeliverySources, Deliverers, DeliveryLinksSweeper, { provide: ORDER_DELIVERER, useExisting: Deliverers }],
  exports: [ORDER_DELIVERER],
})
export class DeliveringModule {}
