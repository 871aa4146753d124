import { DeliveryQueueRpc, EnqueueDeliveryBody, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** Delivering an order to its account's integrations, and where it went (`Routes.orderDelivery`). */
@ApiTags('orders')
@ApiErrorResponses()
@Controller()
export class OrderDeliveryController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.orderDelivery.enqueue)
  enqueue(@UuidParam('orderId') orderId: string, @Body() body: EnqueueDeliveryBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.enqueue, { orderId, selectedIntegrations: body.selectedIntegrations }, actor);
  }

  @Operation(Routes.orderDelivery.integrations)
  integrations(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.integrationsOf, { orderId: id }, actor);
  }

  @Operation(Routes.orderDelivery.deliveries)
  deliveries(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.ofOrder, { orderId: id }, actor);
  }
}
