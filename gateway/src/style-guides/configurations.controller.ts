import { ConfigurationBody, ConfigurationPatch, ConfigurationsRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** The configurations (positions) of a style guide (`Routes.configurations`). */
@ApiTags('style guides')
@ApiErrorResponses()
@Controller()
export class ConfigurationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.configurations.create)
  create(@Body() body: ConfigurationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.create, body, actor);
  }

  @Operation(Routes.configurations.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.get, { id }, actor);
  }

  @Operation(Routes.configurations.update)
  update(@UuidParam('id') id: string, @Body() body: ConfigurationPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.update, { id, ...body }, actor);
  }

  @Operation(Routes.configurations.delete)
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ConfigurationsRpc.delete, { id }, actor);
  }
}
