import { DeliveryIntegrationsRpc, IntegrationsRpc, type IntegrationIdPayload, type RpcEnvelope } from '@app/contracts';
import { MessagingHost, RpcHandler } from '@app/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDER_DELIVERER, type OrderDeliverer } from './order-deliverer';

@Controller()
export class DeliveringMessagesController {
  constructor(
    @Inject(ORDER_DELIVERER) private readonly deliverer: OrderDeliverer,
    private readonly host: MessagingHost,
  ) {}

  /** Whoever may change the integration (the users service says: 404 otherwise) may test it. */
  @RpcHandler(DeliveryIntegrationsRpc.testConnection)
  async testConnection(@Payload() { actor, data }: RpcEnvelope<IntegrationIdPayload>) {
    await this.host.rpc.send(IntegrationsRpc.mayManage, { id: data.id }, actor);
    return this.deliverer.testConnection(data.id);
  }
}
