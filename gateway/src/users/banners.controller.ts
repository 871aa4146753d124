import { BannerBody, BannerListQuery, BannerPatch, BannersRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** Banners (`Routes.banners`): everyone signed in reads, the admin writes. */
@ApiTags('banners')
@ApiErrorResponses()
@Controller()
export class BannersController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.banners.list)
  list(@Query() query: BannerListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.list, query, actor);
  }

  @Operation(Routes.banners.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.get, { id }, actor);
  }

  @Operation(Routes.banners.create)
  create(@Body() body: BannerBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.create, body, actor);
  }

  @Operation(Routes.banners.update)
  update(@UuidParam('id') id: string, @Body() body: BannerPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(BannersRpc.update, { id, ...body }, actor);
  }
}
