import {
  IdPayload,
  StyleGuideBody,
  StyleGuideListQuery,
  StyleGuidePatch,
  StyleGuidesRpc,
  StyleGuideUserBody,
  type Actor,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult, PagedOf } from '../common/api-responses';
import { AddedResult, RemovedResult, StyleGuideListItem, StyleGuideView } from './style-guides.responses';
import { UuidParam } from '../common/params';

/**
 * Style guides. Admin and QA build them; dealership and management accounts read the ones
 * assigned to them; deleting and assigning are the admin's.
 */
@ApiTags('style guides')
@ApiErrorResponses()
@Controller('style-guides')
export class StyleGuidesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(StyleGuideListItem))
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Style guides the caller may see, 10 a page, newest first; `search` by name' })
  list(@Query() query: StyleGuideListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.list, query, actor);
  }

  @ApiResult([StyleGuideListItem])
  @Get('user/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Style guides assigned to an account' })
  ofUser(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.ofUser, { userId: id }, actor);
  }

  @ApiResult(AddedResult)
  @Post('add-style-guide-to-user')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Assign a style guide to an account' })
  addToUser(@Body() body: StyleGuideUserBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.addToUser, body, actor);
  }

  @ApiResult(RemovedResult)
  @Delete('remove-style-guide-to-user')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Take a style guide away from an account' })
  removeFromUser(@Body() body: StyleGuideUserBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.removeFromUser, body, actor);
  }

  @ApiResult(DeletedResult)
  @Delete('delete-style-guide')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Delete a style guide with its configurations and assignments' })
  delete(@Body() body: IdPayload, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.delete, body, actor);
  }

  @ApiResult(StyleGuideView, 'the new style guide')
  @Post()
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Create a style guide (step 1 of the builder); maxImageSize in bytes' })
  create(@Body() body: StyleGuideBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.create, body, actor);
  }

  @ApiResult(StyleGuideView, 'the copy')
  @Post(':id/duplicate')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Copy a style guide and all its configurations as "<name>-COPY"' })
  duplicate(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.duplicate, { id }, actor);
  }

  @ApiResult(StyleGuideView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'A style guide with its media and its configurations sorted by position' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.get, { id }, actor);
  }

  @ApiResult(StyleGuideView, 'the saved style guide')
  @Put(':id')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Change a style guide' })
  update(@UuidParam('id') id: string, @Body() body: StyleGuidePatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(StyleGuidesRpc.update, { id, ...body }, actor);
  }
}
