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
import { CompleteUploadService } from './complete-upload.service';
import { ReplaceImageService } from './replace-image.service';
import { StartUploadService } from './start-upload.service';

@Controller()
export class UploadsMessagesController {
  constructor(
    private readonly start: StartUploadService,
    private readonly completion: CompleteUploadService,
    private readonly replacement: ReplaceImageService,
  ) {}

  @RpcHandler(ImagesRpc.signedUpload)
  signedUpload(@Payload() { actor, data }: RpcEnvelope<SignedUploadBody>) {
    return this.start.signedUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.uploadComplete)
  uploadComplete(@Payload() { actor, data }: RpcEnvelope<UploadCompleteBody>) {
    return this.completion.uploadComplete(actor, data);
  }

  @RpcHandler(ImagesRpc.insert)
  insert(@Payload() { actor, data }: RpcEnvelope<InsertImageBody>) {
    return this.start.insert(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceUpload)
  replaceUpload(@Payload() { actor, data }: RpcEnvelope<ReplaceImagePayload>) {
    return this.replacement.replaceUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceComplete)
  replaceComplete(@Payload() { actor, data }: RpcEnvelope<ImageIdPayload>) {
    return this.replacement.replaceComplete(actor, data);
  }
}
