import { EventPageQuery, OrderEventsRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** The event timeline of an order, and of an account's orders (`Routes.orderEvents`). */
@ApiTags('events')
@ApiErrorResponses()
@Controller()
export class EventsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.orderEvents.ofOrder)
  ofOrder(@UuidParam('id') id: string, @Query() query: EventPageQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrderEventsRpc.ofOrder, { id, ...query }, actor);
  }

  @Operation(Routes.orderEvents.ofUser)
  ofUser(@UuidParam('id') id: string, @Query() query: EventPageQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrderEventsRpc.ofUser, { id, ...query }, actor);
  }
}
