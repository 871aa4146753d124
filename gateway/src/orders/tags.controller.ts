import { TagBody, TagListQuery, TagPatch, TagsRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { UuidParam } from '../common/params';

/** The tag catalogue. Paths match case-insensitively, so the spec's `POST /Tags` works too. */
@ApiTags('tags')
@Controller('tags')
export class TagsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Tags, 10 a page, by category and name; `search`, `category`, `entity`' })
  list(@Query() query: TagListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.list, query, actor);
  }

  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One tag' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.get, { id }, actor);
  }

  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Create a tag (name trimmed; unique per entity)' })
  create(@Body() body: TagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.create, body, actor);
  }

  @Put(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change a tag' })
  update(@UuidParam('id') id: string, @Body() body: TagPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.update, { id, ...body }, actor);
  }
}
