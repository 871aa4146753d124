import { PermissionsRpc, Routes, SetUserPermissionsBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** Permissions (`Routes.permissions`); the handler names make the published operation ids (`PermissionsController_catalogue`). */
@ApiTags('permissions')
@ApiErrorResponses()
@Controller()
export class PermissionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.permissions.catalogue)
  catalogue(@CurrentActor() actor: Actor) {
    return this.rpc.send(PermissionsRpc.list, {}, actor);
  }

  @Operation(Routes.permissions.forUser)
  forUser(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(PermissionsRpc.forUser, { userId: id }, actor);
  }

  @Operation(Routes.permissions.setForUser)
  setForUser(@UuidParam('id') id: string, @Body() body: SetUserPermissionsBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(PermissionsRpc.setForUser, { userId: id, ...body }, actor);
  }
}
