import { AssignTagBody, RemoveTagBody, Routes, TagBody, TAGGED_ENTITIES, TagListQuery, TagPatch, TagsRpc, type Actor, type TaggedEntity } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { BadRequestException, Body, Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** `orders`, `images` or `users` in a path: 400 otherwise. */
function taggedEntity(value: string): TaggedEntity {
  if (!(TAGGED_ENTITIES as readonly string[]).includes(value)) throw new BadRequestException(`entity must be one of ${TAGGED_ENTITIES.join(', ')}`);
  return value as TaggedEntity;
}

/**
 * The tags the admin keeps and their assignment to orders, images and users (`Routes.tags`).
 * Paths match case-insensitively, so `POST /Tags`, as older clients send it, works too.
 */
@ApiTags('tags')
@ApiErrorResponses()
@Controller()
export class TagsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.tags.list)
  list(@Query() query: TagListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.list, query, actor);
  }

  @Operation(Routes.tags.ofEntity)
  ofEntity(@Param('entity') entity: string, @UuidParam('entityId') entityId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.ofEntity, { entity: taggedEntity(entity), entityId }, actor);
  }

  @Operation(Routes.tags.assign)
  assign(@Param('entity') entity: string, @UuidParam('entityId') entityId: string, @Body() body: AssignTagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.assign, { entity: taggedEntity(entity), entityId, tagId: body.tagId }, actor);
  }

  @Operation(Routes.tags.remove)
  remove(@Body() body: RemoveTagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.remove, body, actor);
  }

  @Operation(Routes.tags.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.get, { id }, actor);
  }

  @Operation(Routes.tags.create)
  create(@Body() body: TagBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.create, body, actor);
  }

  @Operation(Routes.tags.update)
  update(@UuidParam('id') id: string, @Body() body: TagPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(TagsRpc.update, { id, ...body }, actor);
  }
}
