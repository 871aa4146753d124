import { AssignTagBody, RemoveTagBody, TagBody, TAGGED_ENTITIES, TagListQuery, TagPatch, TagsRpc, type Actor, type TaggedEntity } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { BadRequestException, Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, PagedOf } from '../common/api-responses';
import { TagView } from './orders.responses';
import { UuidParam } from '../common/params';

/** `orders`, `images` or `users` in a path: 400 otherwise. */
function taggedEntity(value: string): TaggedEntity {
  if (!(TAGGED_ENTITIES as readonly string[]).includes(value)) throw new BadRequestException(`entity must be one of ${TAGGED_ENTITIES.join(', ')}`);
  return value as TaggedEntity;
}

/**
 * The tags the admin keeps and their assignment to orders, images and users. Paths match
 * case-insensitively, so `POST /Tags`, as older clients send it, works too.
 */
@ApiTags('tags')
@ApiErrorResponses()
@Controller('tags')
export class TagsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(TagView))
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Tags, 10 a page, by category and name; `search`, `category`, `entity`' })
  list(@Query() query: TagListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.list, query, actor);
  }

  @ApiResult([TagView])
  @Get('get/:entity/:entityId')
  @Authenticated({ roles: ALL_ROLES })
  @ApiParam({ name: 'entity', enum: TAGGED_ENTITIES })
  @ApiOperation({
    summary: 'Tags on an order, an image or a user',
    description: "An order's tags for whoever may see the order; image and user tags for admin and QA.",
  })
  ofEntity(@Param('entity') entity: string, @UuidParam('entityId') entityId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.ofEntity, { entity: taggedEntity(entity), entityId }, actor);
  }

  @ApiResult([TagView], 'the tags on it now')
  @Post(':entity/:entityId')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiParam({ name: 'entity', enum: TAGGED_ENTITIES })
  @ApiOperation({ summary: 'Put a tag on an order, an image or a user (the tag must be made for it); answers its tags' })
  assign(@Param('entity') entity: string, @UuidParam('entityId') entityId: string, @Body() body: AssignTagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.assign, { entity: taggedEntity(entity), entityId, tagId: body.tagId }, actor);
  }

  @ApiResult([TagView], 'the tags left on it')
  @Delete()
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Take a tag off an order, an image or a user; answers the tags left' })
  remove(@Body() body: RemoveTagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.remove, body, actor);
  }

  @ApiResult(TagView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One tag' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.get, { id }, actor);
  }

  @ApiResult(TagView, 'the new tag')
  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Create a tag (name trimmed; unique per entity)' })
  create(@Body() body: TagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.create, body, actor);
  }

  @ApiResult(TagView, 'the saved tag')
  @Put(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change a tag' })
  update(@UuidParam('id') id: string, @Body() body: TagPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.update, { id, ...body }, actor);
  }
}
