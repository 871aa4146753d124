import { VideoSignedUploadBody, VideosRpc, VideoUploadCompleteBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UrlResult, VideoSignedUploadResult, VideoView } from './images.responses';
import { UuidParam } from '../common/params';

/** the server's check of a video copies it and runs ffmpeg on it */
const VIDEO_CHECK_TIMEOUT_MS = 2 * 60_000;

/** Videos of orders. */
@ApiTags('videos')
@ApiErrorResponses()
@Controller('videos')
export class VideosController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(VideoSignedUploadResult, 'where and how to upload the video')
  @Post('get-signed-url-for-upload')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Start the upload of a video: answers { url, fields, videoId, expiresAt }',
    description: 'Post `fields` (JSON text) plus the file (as `file`, last) to `url`; then `POST /videos/upload-complete`. MP4, QuickTime or WebM.',
  })
  signedUpload(@Body() body: VideoSignedUploadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.signedUpload, body, actor);
  }

  @ApiResult(VideoView, 'the accepted video')
  @Post('upload-complete')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'The video is posted: checked, its 225 px thumbnail made; answers the video (400 with the reason when refused)' })
  uploadComplete(@Body() body: VideoUploadCompleteBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.uploadComplete, body, actor, { timeoutMs: VIDEO_CHECK_TIMEOUT_MS });
  }

  @ApiResult([VideoView])
  @Get('order/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: "An order's videos with thumbnails; an empty list when it has none" })
  ofOrder(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.ofOrder, { id }, actor);
  }

  @ApiResult(UrlResult)
  @Post('download/:id')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'A short-lived link to download a video: answers { url, expiresAt }' })
  download(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(VideosRpc.download, { id }, actor);
  }
}
