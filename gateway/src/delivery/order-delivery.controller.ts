import { DeliveryQueueRpc, EnqueueDeliveryBody, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';
import { IntegrationView } from '../users/users.responses';

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

  // Its answer, IntegrationView, belongs to the accounts area: this operation becomes a route
  // value (Routes.orderDelivery.integrations) once that class lives in the contracts.
  @ApiResult([IntegrationView])
  @Get('orders/:id/delivery-integrations')
  @Authenticated({ roles: ['Admin', 'QA', 'Dealership'] })
  @ApiOperation({
    summary: "The active integrations of the order's account: what the order can be delivered to",
    description: 'Admin and QA; a dealership holding READ_USER_INTEGRATIONS for its own orders (403 without it, 404 for an order not its own).',
  })
  integrations(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.integrationsOf, { orderId: id }, actor);
  }

  @Operation(Routes.orderDelivery.deliveries)
  deliveries(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.ofOrder, { orderId: id }, actor);
  }
}
