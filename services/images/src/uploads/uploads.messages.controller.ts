import {
  ImageIdPayload,
  ImagesRpc,
  InsertImageBody,
  ReplaceImagePayload,
  SignedUploadBody,
  UploadCompleteBody,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
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
  signedUpload(@Envelope(SignedUploadBody) { actor, data }: RpcEnvelope<SignedUploadBody>) {
    return this.start.signedUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.uploadComplete)
  uploadComplete(@Envelope(UploadCompleteBody) { actor, data }: RpcEnvelope<UploadCompleteBody>) {
    return this.completion.uploadComplete(actor, data);
  }

  @RpcHandler(ImagesRpc.insert)
  insert(@Envelope(InsertImageBody) { actor, data }: RpcEnvelope<InsertImageBody>) {
    return this.start.insert(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceUpload)
  replaceUpload(@Envelope(ReplaceImagePayload) { actor, data }: RpcEnvelope<ReplaceImagePayload>) {
    return this.replacement.replaceUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceComplete)
  replaceComplete(@Envelope(ImageIdPayload) { actor, data }: RpcEnvelope<ImageIdPayload>) {
    return this.replacement.replaceComplete(actor, data);
  }
}
