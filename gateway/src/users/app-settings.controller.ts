import { AppSettingsRpc, UpdateAppSettingBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { AppSettingView } from './users.responses';

/** App settings (`/appSettings`): everyone signed in reads, the admin edits. */
@ApiTags('app-settings')
@ApiErrorResponses()
@Controller('appSettings')
export class AppSettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult([AppSettingView])
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'The installation\'s settings: name, text value and value type (contact number and e-mail among them)' })
  list(@CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.list, {}, actor);
  }

  @ApiResult(AppSettingView, 'the saved setting')
  @Put(':name')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change the value of a setting (read by its valueType: true/false, a number, a date, or text)' })
  update(@Param('name') name: string, @Body() body: UpdateAppSettingBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.update, { name, ...body }, actor);
  }
}
