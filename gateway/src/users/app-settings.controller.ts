import { AppSettingsRpc, CreateAppSettingBody, ImageVersionsRpc, Routes, TestPipelineBody, UpdateAppSettingBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** App settings (`Routes.appSettings`): everyone signed in reads, the admin edits and sends pictures to the test pipeline. */
@ApiTags('app-settings')
@ApiErrorResponses()
@Controller()
export class AppSettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.appSettings.list)
  list(@CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.list, {}, actor);
  }

  @Operation(Routes.appSettings.create)
  create(@Body() body: CreateAppSettingBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.create, body, actor);
  }

  @Operation(Routes.appSettings.update)
  update(@Param('name') name: string, @Body() body: UpdateAppSettingBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.update, { name, ...body }, actor);
  }

  @Operation(Routes.appSettings.sendImagesToTestPipeline)
  testPipeline(@Body() body: TestPipelineBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.testPipeline, body, actor);
  }

  @Operation(Routes.appSettings.testPipelineResults)
  testResults(@UuidParam('orderId') orderId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.testResults, { orderId }, actor);
  }
}
