import { DeliveryQueueRpc, EnqueueDeliveryBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { IntegrationView } from '@app/contracts/http';
import { DeliveryMessageView, OrderDeliveryView } from './delivery.responses';

/** Delivering an order to its account's integrations, and where it went. */
@ApiTags('orders')
@ApiErrorResponses()
@Controller('orders')
export class OrderDeliveryController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult([DeliveryMessageView], 'one message per chosen integration (one already waiting is answered as it is)')
  @Post('enqueue-order-delivery-by-id/:orderId')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'QA', 'Dealership'] })
  @ApiOperation({
    summary: "Queue the order for delivery to active integrations of its account; the order goes to Delivering",
    description:
      'Admin and QA; a dealership holding READ_USER_INTEGRATIONS for its own orders (403 without it). 404 for an unknown order or an integration that is not the account\'s, 400 for an inactive one, 409 for an order that is not ready to download, delivering or completed.',
  })
  enqueue(@UuidParam('orderId') orderId: string, @Body() body: EnqueueDeliveryBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.enqueue, { orderId, selectedIntegrations: body.selectedIntegrations }, actor);
  }

  @ApiResult([IntegrationView])
  @Get(':id/delivery-integrations')
  @Authenticated({ roles: ['Admin', 'QA', 'Dealership'] })
  @ApiOperation({
    summary: "The active integrations of the order's account: what the order can be delivered to",
    description: 'Admin and QA; a dealership holding READ_USER_INTEGRATIONS for its own orders (403 without it, 404 for an order not its own).',
  })
  integrations(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.integrationsOf, { orderId: id }, actor);
  }

  @ApiResult([OrderDeliveryView])
  @Get(':id/deliveries')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: "The order's deliveries: each destination with its state, last error and receipts (files, where, when)" })
  deliveries(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.ofOrder, { orderId: id }, actor);
  }
}
