import { OrderEventsRpc, type OrderEventsPayload, type RpcEnvelope, type UserEventsPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { EventsService } from './events.service';

@Controller()
export class EventsMessagesController {
  constructor(private readonly events: EventsService) {}

  @RpcHandler(OrderEventsRpc.ofOrder)
  ofOrder(@Payload() { actor, data }: RpcEnvelope<OrderEventsPayload>) {
    return this.events.ofOrder(actor, data);
  }

  @RpcHandler(OrderEventsRpc.ofUser)
  ofUser(@Payload() { actor, data }: RpcEnvelope<UserEventsPayload>) {
    return this.events.ofUser(actor, data);
  }
}
