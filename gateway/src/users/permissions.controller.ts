import { PermissionsRpc, SetUserPermissionsBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { PermissionView } from './users.responses';
import { UuidParam } from '../common/params';

@ApiTags('permissions')
@ApiErrorResponses()
@Controller('permissions')
export class PermissionsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult([PermissionView])
  @Get()
  @Authenticated({ roles: ['Admin'] })
  // the operation id it was published with
  @ApiOperation({ operationId: 'PermissionsController_catalogue', summary: 'The permission list with its groups' })
  list(@CurrentActor() actor: Actor) {
    return this.rpc.send(PermissionsRpc.list, {}, actor);
  }

  @ApiResult([PermissionView])
  @Get('get-permissions-for-user-by-user-id/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Permissions an account holds' })
  forUser(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(PermissionsRpc.forUser, { userId: id }, actor);
  }

  @ApiResult([PermissionView], 'the permissions the account holds now')
  @Put('user/:id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Set the permissions of an account (replaces the set)' })
  setForUser(@UuidParam('id') id: string, @Body() body: SetUserPermissionsBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(PermissionsRpc.setForUser, { userId: id, ...body }, actor);
  }
}
