import { BannerBody, BannerListQuery, BannerPatch, BannersRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, PagedOf } from '../common/api-responses';
import { BannerView } from './users.responses';
import { UuidParam } from '../common/params';

@ApiTags('banners')
@ApiErrorResponses()
@Controller('banner')
export class BannersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(BannerView))
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Banners, 10 a page, newest first; the admin sees hidden ones too (`isActive` filter)' })
  list(@Query() query: BannerListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.list, query, actor);
  }

  @ApiResult(BannerView)
  @Get('by-id/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One banner' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.get, { id }, actor);
  }

  @ApiResult(BannerView, 'the new banner')
  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Add a banner (Visible unless isActive is false)' })
  create(@Body() body: BannerBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.create, body, actor);
  }

  @ApiResult(BannerView, 'the saved banner')
  @Put(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change a banner, or show or hide it' })
  update(@UuidParam('id') id: string, @Body() body: BannerPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.update, { id, ...body }, actor);
  }
}
