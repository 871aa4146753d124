import {
  ImagesRpc,
  type DeleteImagesBody,
  type ImageApprovalPayload,
  type ImageIdBody,
  type ImageIdPayload,
  type OrderRefPayload,
  type RepushBody,
  type RpcEnvelope,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImagesService } from './images.service';

@Controller()
export class ImagesMessagesController {
  constructor(private readonly images: ImagesService) {}

  @RpcHandler(ImagesRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<ImageIdPayload>) {
    return this.images.get(actor, data.id);
  }

  @RpcHandler(ImagesRpc.ofOrder)
  ofOrder(@Payload() { actor, data }: RpcEnvelope<OrderRefPayload>) {
    return this.images.ofOrder(actor, data.id);
  }

  @RpcHandler(ImagesRpc.approval)
  approval(@Payload() { actor, data }: RpcEnvelope<ImageApprovalPayload>) {
    return this.images.approval(actor, data);
  }

  @RpcHandler(ImagesRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<DeleteImagesBody>) {
    return this.images.delete(actor, data);
  }

  @RpcHandler(ImagesRpc.repush)
  repush(@Payload() { actor, data }: RpcEnvelope<ImageIdBody>) {
    return this.images.repush(actor, data);
  }

  @RpcHandler(ImagesRpc.repushWithSettings)
  repushWithSettings(@Payload() { actor, data }: RpcEnvelope<RepushBody>) {
    return this.images.repushWithSettings(actor, data);
  }
}
