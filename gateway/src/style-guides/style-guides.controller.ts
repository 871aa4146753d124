import {
  IdPayload,
  Routes,
  StyleGuideBody,
  StyleGuideListQuery,
  StyleGuidePatch,
  StyleGuidesRpc,
  StyleGuideUserBody,
  type Actor,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/**
 * Style guides (`Routes.styleGuides`). Admin and QA build them; dealership and management
 * accounts read the ones assigned to them; deleting and assigning are the admin's.
 */
@ApiTags('style guides')
@ApiErrorResponses()
@Controller()
export class StyleGuidesController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.styleGuides.list)
  list(@Query() query: StyleGuideListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.list, query, actor);
  }

  @Operation(Routes.styleGuides.ofUser)
  ofUser(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.ofUser, { userId: id }, actor);
  }

  @Operation(Routes.styleGuides.addToUser)
  addToUser(@Body() body: StyleGuideUserBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.addToUser, body, actor);
  }

  @Operation(Routes.styleGuides.removeFromUser)
  removeFromUser(@Body() body: StyleGuideUserBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.removeFromUser, body, actor);
  }

  @Operation(Routes.styleGuides.delete)
  delete(@Body() body: IdPayload, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.delete, body, actor);
  }

  @Operation(Routes.styleGuides.create)
  create(@Body() body: StyleGuideBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.create, body, actor);
  }

  @Operation(Routes.styleGuides.duplicate)
  duplicate(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.duplicate, { id }, actor);
  }

  @Operation(Routes.styleGuides.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.get, { id }, actor);
  }

  @Operation(Routes.styleGuides.update)
  update(@UuidParam('id') id: string, @Body() body: StyleGuidePatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.update, { id, ...body }, actor);
  }
}
