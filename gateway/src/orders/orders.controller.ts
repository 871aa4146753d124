import { CreateOrderBody, OrderListQuery, OrdersRpc, Routes, UpdateOrderBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { BadRequestException, Body, Controller, Headers, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/**
 * Orders: create, the list, the detail, changes under the paired status rules, approval and
 * deletion. Each operation is declared in `Routes.orders` (@app/contracts/http); who sees which
 * order is the orders service's decision. The route paths are full paths, so no prefix here.
 */
@ApiTags('orders')
@ApiErrorResponses()
@Controller()
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.orders.create)
  create(@Body() body: CreateOrderBody, @Headers('user-agent') userAgent: string | undefined, @CurrentActor() actor: Actor) {
    const device = { platform: 'web' as const, ...body.deviceInformation };
    if (device.userAgent === undefined && userAgent) device.userAgent = userAgent.slice(0, 500);
    return this.rpc.send(OrdersRpc.create, { ...body, deviceInformation: device }, actor);
  }

  @Operation(Routes.orders.list)
  list(@Query() query: OrderListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.list, query, actor);
  }

  @Operation(Routes.orders.approval)
  approval(@UuidParam('id') id: string, @Param('approved') approved: string, @CurrentActor() actor: Actor) {
    if (approved !== 'true' && approved !== 'false') throw new BadRequestException('approved must be true or false');
    return this.rpc.send(OrdersRpc.approval, { id, approved: approved === 'true' }, actor);
  }

  @Operation(Routes.orders.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.get, { id }, actor);
  }

  @Operation(Routes.orders.update)
  update(@UuidParam('id') id: string, @Body() body: UpdateOrderBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.update, { id, ...body }, actor);
  }

  @Operation(Routes.orders.delete)
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.delete, { id }, actor);
  }
}
