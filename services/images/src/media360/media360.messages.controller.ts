import { Media360Rpc, type Media360IdPayload, type Media360SignedUploadBody, type Media360UploadCompleteBody, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Media360Service } from './media360.service';

@Controller()
export class Media360MessagesController {
  constructor(private readonly media360: Media360Service) {}

  @RpcHandler(Media360Rpc.signedUpload)
  signedUpload(@Payload() { actor, data }: RpcEnvelope<Media360SignedUploadBody>) {
    return this.media360.signedUpload(actor, data);
  }

  @RpcHandler(Media360Rpc.uploadComplete)
  uploadComplete(@Payload() { actor, data }: RpcEnvelope<Media360UploadCompleteBody>) {
    return this.media360.uploadComplete(actor, data);
  }

  @RpcHandler(Media360Rpc.ofOrder)
  ofOrder(@Payload() { actor, data }: RpcEnvelope<Media360IdPayload>) {
    return this.media360.ofOrder(actor, data.id);
  }
}
