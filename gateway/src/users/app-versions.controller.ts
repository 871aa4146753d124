import { AppVersionBody, AppVersionListQuery, AppVersionPatch, AppVersionsRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/**
 * Mobile app versions (`Routes.appVersions`). Reading is public: the capture app checks the
 * required minimum of its platform before anyone signs in. Changing is the admin's.
 */
@ApiTags('app versions')
@ApiErrorResponses()
@Controller()
export class AppVersionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.appVersions.list)
  list(@Query() query: AppVersionListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.list, query, actor);
  }

  @Operation(Routes.appVersions.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.get, { id }, actor);
  }

  @Operation(Routes.appVersions.create)
  create(@Body() body: AppVersionBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.create, body, actor);
  }

  @Operation(Routes.appVersions.update)
  update(@UuidParam('id') id: string, @Body() body: AppVersionPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.update, { id, ...body }, actor);
  }

  @Operation(Routes.appVersions.delete)
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppVersionsRpc.delete, { id }, actor);
  }
}
