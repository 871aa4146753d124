import { Media360Rpc, Media360SignedUploadBody, Media360UploadCompleteBody, type Actor } from '@app/contracts';
import { Routes } from '@app/contracts/http';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** the server's check reads every frame of a 360 (up to 72) */
const MEDIA360_CHECK_TIMEOUT_MS = 2 * 60_000;

/** 360 media of orders (the web's order page and the mobile app): exterior spins and interior panoramas (routes: `Routes.media360`). */
@ApiTags('media360')
@ApiErrorResponses()
@Controller()
export class Media360Controller {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.media360.signedUpload)
  signedUpload(@Body() body: Media360SignedUploadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(Media360Rpc.signedUpload, body, actor);
  }

  @Operation(Routes.media360.uploadComplete)
  uploadComplete(@Body() body: Media360UploadCompleteBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(Media360Rpc.uploadComplete, body, actor, { timeoutMs: MEDIA360_CHECK_TIMEOUT_MS });
  }

  @Operation(Routes.media360.ofOrder)
  ofOrder(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(Media360Rpc.ofOrder, { id }, actor);
  }
}
