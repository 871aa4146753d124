import {
  CreateOrderBody,
  OrderAccessPayload,
  OrderApprovalPayload,
  OrderIdPayload,
  OrderListQuery,
  OrdersRpc,
  UpdateOrderPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersMessagesController {
  constructor(private readonly orders: OrdersService) {}

  @RpcHandler(OrdersRpc.list)
  list(@Envelope(OrderListQuery) { actor, data }: RpcEnvelope<OrderListQuery>) {
    return this.orders.list(actor, data);
  }

  @RpcHandler(OrdersRpc.get)
  get(@Envelope(OrderIdPayload) { actor, data }: RpcEnvelope<OrderIdPayload>) {
    return this.orders.get(actor, data.id);
  }

  @RpcHandler(OrdersRpc.create)
  create(@Envelope(CreateOrderBody) { actor, data }: RpcEnvelope<CreateOrderBody>) {
    return this.orders.create(actor, data);
  }

  @RpcHandler(OrdersRpc.update)
  update(@Envelope(UpdateOrderPayload) { actor, data }: RpcEnvelope<UpdateOrderPayload>) {
    return this.orders.update(actor, data);
  }

  @RpcHandler(OrdersRpc.approval)
  approval(@Envelope(OrderApprovalPayload) { actor, data }: RpcEnvelope<OrderApprovalPayload>) {
    return this.orders.approval(actor, data);
  }

  @RpcHandler(OrdersRpc.delete)
  delete(@Envelope(OrderIdPayload) { actor, data }: RpcEnvelope<OrderIdPayload>) {
    return this.orders.delete(actor, data.id);
  }

  @RpcHandler(OrdersRpc.access)
  access(@Envelope(OrderAccessPayload) { actor, data }: RpcEnvelope<OrderAccessPayload>) {
    return this.orders.access(actor, data);
  }
}
