import { VideoIdPayload, VideoSignedUploadBody, VideosRpc, VideoUploadCompleteBody, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { VideosService } from './videos.service';

@Controller()
export class VideosMessagesController {
  constructor(private readonly videos: VideosService) {}

  @RpcHandler(VideosRpc.signedUpload)
  signedUpload(@Envelope(VideoSignedUploadBody) { actor, data }: RpcEnvelope<VideoSignedUploadBody>) {
    return this.videos.signedUpload(actor, data);
  }

  @RpcHandler(VideosRpc.uploadComplete)
  uploadComplete(@Envelope(VideoUploadCompleteBody) { actor, data }: RpcEnvelope<VideoUploadCompleteBody>) {
    return this.videos.uploadComplete(actor, data);
  }

  @RpcHandler(VideosRpc.ofOrder)
  ofOrder(@Envelope(VideoIdPayload) { actor, data }: RpcEnvelope<VideoIdPayload>) {
    return this.videos.ofOrder(actor, data.id);
  }

  @RpcHandler(VideosRpc.download)
  download(@Envelope(VideoIdPayload) { actor, data }: RpcEnvelope<VideoIdPayload>) {
    return this.videos.download(actor, data.id);
  }
}
