import { AppVersionBody, AppVersionListQuery, AppVersionPatch, AppVersionsRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult, PagedOf } from '../common/api-responses';
import { AppVersionView } from './users.responses';
import { UuidParam } from '../common/params';

/**
 * Mobile app versions. Reading is public: the capture app checks the required minimum of its
 * platform before anyone signs in. Changing is the admin's.
 */
@ApiTags('app versions')
@ApiErrorResponses()
@Controller('app-versions')
export class AppVersionsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(AppVersionView))
  @Get()
  @ApiOperation({ summary: 'App versions, 10 a page, newest first; `platform`, `search` (public)' })
  list(@Query() query: AppVersionListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.list, query, actor);
  }

  @ApiResult(AppVersionView)
  @Get(':id')
  @ApiOperation({ summary: 'One app version (public)' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.get, { id }, actor);
  }

  @ApiResult(AppVersionView, 'the new version')
  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Add a version (form 1.2.34); as required minimum it replaces the current one of its platform' })
  create(@Body() body: AppVersionBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.create, body, actor);
  }

  @ApiResult(AppVersionView, 'the saved version')
  @Put(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change a version' })
  update(@UuidParam('id') id: string, @Body() body: AppVersionPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.update, { id, ...body }, actor);
  }

  @ApiResult(DeletedResult)
  @Delete(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Remove a version' })
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.delete, { id }, actor);
  }
}
