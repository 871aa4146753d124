import {
  OrdersRpc,
  type AccountOrdersPayload,
  type LastOrderDatesPayload,
  type CreateOrderBody,
  type OrderAccessPayload,
  type OrderApprovalPayload,
  type OrderCountsPayload,
  type OrderIdPayload,
  type OrderListQuery,
  type RpcEnvelope,
  type UpdateOrderPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersMessagesController {
  constructor(private readonly orders: OrdersService) {}

  @RpcHandler(OrdersRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<OrderListQuery>) {
    return this.orders.list(actor, data);
  }

  @RpcHandler(OrdersRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<OrderIdPayload>) {
    return this.orders.get(actor, data.id);
  }

  @RpcHandler(OrdersRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<CreateOrderBody>) {
    return this.orders.create(actor, data);
  }

  @RpcHandler(OrdersRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateOrderPayload>) {
    return this.orders.update(actor, data);
  }

  @RpcHandler(OrdersRpc.approval)
  approval(@Payload() { actor, data }: RpcEnvelope<OrderApprovalPayload>) {
    return this.orders.approval(actor, data);
  }

  @RpcHandler(OrdersRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<OrderIdPayload>) {
    return this.orders.delete(actor, data.id);
  }

  @RpcHandler(OrdersRpc.countOfAccount)
  countOfAccount(@Payload() { actor, data }: RpcEnvelope<AccountOrdersPayload>) {
    return this.orders.countOfAccount(actor, data);
  }

  @RpcHandler(OrdersRpc.lastOrderDates)
  lastOrderDates(@Payload() { actor, data }: RpcEnvelope<LastOrderDatesPayload>) {
    return this.orders.lastOrderDates(actor, data);
  }

  @RpcHandler(OrdersRpc.countsByAccount)
  countsByAccount(@Payload() { actor, data }: RpcEnvelope<OrderCountsPayload>) {
    return this.orders.countsByAccount(actor, data);
  }

  @RpcHandler(OrdersRpc.access)
  access(@Payload() { actor, data }: RpcEnvelope<OrderAccessPayload>) {
    return this.orders.access(actor, data);
  }
}
