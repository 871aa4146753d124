import { CreateMediaBody, MediaListQuery, MediaRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, PagedOf } from '../common/api-responses';
import { CreateMediaResult, MediaView } from './style-guides.responses';

/** Utility media for style guides, angles and car types, uploaded straight to S3. */
@ApiTags('media')
@ApiErrorResponses()
@Controller('media')
export class MediaController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(CreateMediaResult, 'the media record and where to upload its file')
  @Post()
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Start an upload: answers { url, fields, utilityMedia }',
    description: 'Post `fields` plus the file (as `file`, last) as multipart/form-data to `url`; then refer to `utilityMedia.id`. An unknown mediaType answers the invalid-media-type error.',
  })
  create(@Body() body: CreateMediaBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(MediaRpc.create, body, actor);
  }

  @ApiResult(PagedOf(MediaView))
  @Get()
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Uploaded media, 10 a page, newest first; `mediaType` filter' })
  list(@Query() query: MediaListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(MediaRpc.list, query, actor);
  }
}
