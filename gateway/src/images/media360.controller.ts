import { Media360Rpc, Media360SignedUploadBody, Media360UploadCompleteBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { Media360SignedUploadResult, Media360View } from './media360.responses';

/** the server's check reads every frame of a 360 (up to 72) */
const MEDIA360_CHECK_TIMEOUT_MS = 2 * 60_000;

/** 360 media of orders (the web's order page and the mobile app): exterior spins and interior panoramas. */
@ApiTags('media360')
@ApiErrorResponses()
@Controller('media360')
export class Media360Controller {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(Media360SignedUploadResult, 'where and how to upload each frame')
  @Post('get-signed-urls-for-upload')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Start the upload of a 360: answers { media360Id, frames: [{ url, fields }], expiresAt }',
    description:
      'exterior360: 24 to 72 JPEG or PNG frames in their order around the car, each at most 8 MB and 4032 px on a side, all of one size; interior360: one equirectangular JPEG or PNG panorama (width twice the height, 1024 to 8192 px wide, at most 25 MB). Post each frame\'s `fields` (JSON text) plus the file (as `file`, last) to its `url`; then `POST /media360/upload-complete`. The owner may add 360s until the order is completed; admin and QA at any time.',
  })
  signedUpload(@Body() body: Media360SignedUploadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(Media360Rpc.signedUpload, body, actor);
  }

  @ApiResult(Media360View, 'the accepted 360')
  @Post('upload-complete')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Every frame is posted: each is checked and kept without its private metadata; answers the 360',
    description: '400 with the reason when a frame is refused (the 360 is then refused whole); 409 while a frame has not arrived (call again once it is posted).',
  })
  uploadComplete(@Body() body: Media360UploadCompleteBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(Media360Rpc.uploadComplete, body, actor, { timeoutMs: MEDIA360_CHECK_TIMEOUT_MS });
  }

  @ApiResult([Media360View])
  @Get('order/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: "An order's 360s with links to their frames, oldest first; an empty list when it has none" })
  ofOrder(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(Media360Rpc.ofOrder, { id }, actor);
  }
}
