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
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsMessagesController {
  constructor(private readonly uploads: UploadsService) {}

  @RpcHandler(ImagesRpc.signedUpload)
  signedUpload(@Envelope(SignedUploadBody) { actor, data }: RpcEnvelope<SignedUploadBody>) {
    return this.uploads.signedUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.uploadComplete)
  uploadComplete(@Envelope(UploadCompleteBody) { actor, data }: RpcEnvelope<UploadCompleteBody>) {
    return this.uploads.uploadComplete(actor, data);
  }

  @RpcHandler(ImagesRpc.insert)
  insert(@Envelope(InsertImageBody) { actor, data }: RpcEnvelope<InsertImageBody>) {
    return this.uploads.insert(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceUpload)
  replaceUpload(@Envelope(ReplaceImagePayload) { actor, data }: RpcEnvelope<ReplaceImagePayload>) {
    return this.uploads.replaceUpload(actor, data);
  }

  @RpcHandler(ImagesRpc.replaceComplete)
  replaceComplete(@Envelope(ImageIdPayload) { actor, data }: RpcEnvelope<ImageIdPayload>) {
    return this.uploads.replaceComplete(actor, data);
  }
}
