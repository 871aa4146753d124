import { ConfigurationBody, ConfigurationPatch, ConfigurationsRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult } from '../common/api-responses';
import { ConfigurationView } from './style-guides.responses';
import { UuidParam } from '../common/params';

@ApiTags('style guides')
@ApiErrorResponses()
@Controller('style-guide-configurations')
export class ConfigurationsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(ConfigurationView, 'the new position')
  @Post()
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Add a configuration (one position) to a style guide',
    description: 'FEATURED forces the featured route and no angle; IMAGE needs an angle. routeTo takes the wire or display value; unknown maps to ai_no_enh.',
  })
  create(@Body() body: ConfigurationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.create, body, actor);
  }

  @ApiResult(ConfigurationView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One configuration' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.get, { id }, actor);
  }

  @ApiResult(ConfigurationView, 'the saved position')
  @Put(':id')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Change a configuration' })
  update(@UuidParam('id') id: string, @Body() body: ConfigurationPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.update, { id, ...body }, actor);
  }

  @ApiResult(DeletedResult)
  @Delete(':id')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Remove a configuration' })
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.delete, { id }, actor);
  }
}
