import {
  ImagesRpc,
  type ImageIdPayload,
  type InsertImageBody,
  type ReplaceImagePayload,
  type RpcEnvelope,
  type SignedUploadBody,
  type UploadCompleteBody,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsMessagesController {
  constructor(private readonly uploads: UploadsService) {}

  @RpcHandler(ImagesRpc.signedUpload)
  signedUpload(@Payload() { actor, data }: RpcEnvelope<SignedUploadBody>) {
    return this.uploads.signedUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.uploadComplete)
  uploadComplete(@Payload() { actor, data }: RpcEnvelope<UploadCompleteBody>) {
    return this.uploads.uploadComplete(actor, data);
  }

  @RpcHandler(ImagesRpc.insert)
  insert(@Payload() { actor, data }: RpcEnvelope<InsertImageBody>) {
    return this.uploads.insert(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceUpload)
  replaceUpload(@Payload() { actor, data }: RpcEnvelope<ReplaceImagePayload>) {
    return this.uploads.replaceUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceComplete)
  replaceComplete(@Payload() { actor, data }: RpcEnvelope<ImageIdPayload>) {
    return this.uploads.replaceComplete(actor, data);
  }
}
