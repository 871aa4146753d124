import { CreateMediaBody, MediaListQuery, MediaRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';

/** Utility media for style guides, angles and car types, uploaded straight to S3 (`Routes.media`). */
@ApiTags('media')
@ApiErrorResponses()
@Controller()
export class MediaController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.media.create)
  create(@Body() body: CreateMediaBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(MediaRpc.create, body, actor);
  }

  @Operation(Routes.media.list)
  list(@Query() query: MediaListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(MediaRpc.list, query, actor);
  }
}
