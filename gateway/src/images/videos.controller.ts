import { VideoSignedUploadBody, VideosRpc, VideoUploadCompleteBody, type Actor } from '@app/contracts';
import { Routes } from '@app/contracts/http';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** the server's check of a video copies it and runs ffmpeg on it */
const VIDEO_CHECK_TIMEOUT_MS = 2 * 60_000;

/** Videos of orders (routes: `Routes.videos`). */
@ApiTags('videos')
@ApiErrorResponses()
@Controller()
export class VideosController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.videos.signedUpload)
  signedUpload(@Body() body: VideoSignedUploadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.signedUpload, body, actor);
  }

  @Operation(Routes.videos.uploadComplete)
  uploadComplete(@Body() body: VideoUploadCompleteBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.uploadComplete, body, actor, { timeoutMs: VIDEO_CHECK_TIMEOUT_MS });
  }

  @Operation(Routes.videos.ofOrder)
  ofOrder(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.ofOrder, { id }, actor);
  }

  @Operation(Routes.videos.download)
  download(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.download, { id }, actor);
  }
}
