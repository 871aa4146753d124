import { AppSettingsRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';

/** App settings (spec sections 3 and 7, /appSettings). Editing them is the admin screen's. */
@ApiTags('app-settings')
@Controller('appSettings')
export class AppSettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'The installation\'s settings: name, text value and value type (contact number and e-mail among them)' })
  list(@CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.list, {}, actor);
  }
}
