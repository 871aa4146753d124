import { VideosRpc, type RpcEnvelope, type VideoIdPayload, type VideoSignedUploadBody, type VideoUploadCompleteBody } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { VideosService } from './videos.service';

@Controller()
export class VideosMessagesController {
  constructor(private readonly videos: VideosService) {}

  @RpcHandler(VideosRpc.signedUpload)
  signedUpload(@Payload() { actor, data }: RpcEnvelope<VideoSignedUploadBody>) {
    return this.videos.signedUpload(actor, data);
  }

  @RpcHandler(VideosRpc.uploadComplete)
  uploadComplete(@Payload() { actor, data }: RpcEnvelope<VideoUploadCompleteBody>) {
    return this.videos.uploadComplete(actor, data);
  }

  @RpcHandler(VideosRpc.ofOrder)
  ofOrder(@Payload() { actor, data }: RpcEnvelope<VideoIdPayload>) {
    return this.videos.ofOrder(actor, data.id);
  }

  @RpcHandler(VideosRpc.download)
  download(@Payload() { actor, data }: RpcEnvelope<VideoIdPayload>) {
    return this.videos.download(actor, data.id);
  }
}
