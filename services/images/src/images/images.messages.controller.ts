import {
  DeleteImagesBody,
  ImageApprovalPayload,
  ImageIdBody,
  ImageIdPayload,
  ImagesRpc,
  OrderRefPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { ImagesService } from './images.service';

@Controller()
export class ImagesMessagesController {
  constructor(private readonly images: ImagesService) {}

  @RpcHandler(ImagesRpc.get)
  get(@Envelope(ImageIdPayload) { actor, data }: RpcEnvelope<ImageIdPayload>) {
    return this.images.get(actor, data.id);
  }

  @RpcHandler(ImagesRpc.ofOrder)
  ofOrder(@Envelope(OrderRefPayload) { actor, data }: RpcEnvelope<OrderRefPayload>) {
    return this.images.ofOrder(actor, data.id);
  }

  @RpcHandler(ImagesRpc.approval)
  approval(@Envelope(ImageApprovalPayload) { actor, data }: RpcEnvelope<ImageApprovalPayload>) {
    return this.images.approval(actor, data);
  }

  @RpcHandler(ImagesRpc.delete)
  delete(@Envelope(DeleteImagesBody) { actor, data }: RpcEnvelope<DeleteImagesBody>) {
    return this.images.delete(actor, data);
  }

  @RpcHandler(ImagesRpc.optimize)
  optimize(@Envelope(ImageIdBody) { actor, data }: RpcEnvelope<ImageIdBody>) {
    return this.images.optimize(actor, data);
  }
}
