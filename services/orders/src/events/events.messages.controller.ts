import { OrderEventsPayload, OrderEventsRpc, UserEventsPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { EventsService } from './events.service';

@Controller()
export class EventsMessagesController {
  constructor(private readonly events: EventsService) {}

  @RpcHandler(OrderEventsRpc.ofOrder)
  ofOrder(@Envelope(OrderEventsPayload) { actor, data }: RpcEnvelope<OrderEventsPayload>) {
    return this.events.ofOrder(actor, data);
  }

  @RpcHandler(OrderEventsRpc.ofUser)
  ofUser(@Envelope(UserEventsPayload) { actor, data }: RpcEnvelope<UserEventsPayload>) {
    return this.events.ofUser(actor, data);
  }
}
