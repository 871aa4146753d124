import { ReEditRequestsRpc, type ReEditDeclinePayload, type ReEditOrderPayload, type ReEditRequestPayload, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ReEditRequestsService } from './re-edit-requests.service';

@Controller()
export class ReEditRequestsMessagesController {
  constructor(private readonly requests: ReEditRequestsService) {}

  @RpcHandler(ReEditRequestsRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<ReEditRequestPayload>) {
    return this.requests.create(actor, data);
  }

  @RpcHandler(ReEditRequestsRpc.decline)
  decline(@Payload() { actor, data }: RpcEnvelope<ReEditDeclinePayload>) {
    return this.requests.decline(actor, data);
  }

  @RpcHandler(ReEditRequestsRpc.ofOrder)
  ofOrder(@Payload() { actor, data }: RpcEnvelope<ReEditOrderPayload>) {
    return this.requests.ofOrder(actor, data.orderId);
  }
}
