import { AppSettingsRpc, CreateAppSettingBody, ImageVersionsRpc, Routes, TestPipelineBody, UpdateAppSettingBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { TestPipelineResult, TestPipelineRunView } from '@app/contracts/http';
import { UuidParam } from '../common/params';

/**
 * App settings (`Routes.appSettings`): everyone signed in reads, the admin edits. The admin
 * also sends pictures to the test pipeline here; those two operations answer with the images
 * area's response classes and get their route values with them.
 */
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

  @ApiResult(TestPipelineResult, 'how many pictures were sent')
  @Post('appSettings/sendImagesToTestPipeline')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin'], permission: 'UPDATE_WEB_APPLICATION_SETTINGS' })
  @ApiOperation({
    summary: 'Process pictures again with the current pipeline, on the bulk lane, as test versions (body { imageIds }, 1 to 100)',
    description:
      "Each output is kept in the image's history as a version of kind `test` and does not replace the current picture; QA may restore it. " +
      'Pictures without an original (inserted finished pictures) are left out of `queued`. Answered by the images service.',
  })
  testPipeline(@Body() body: TestPipelineBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.testPipeline, body, actor);
  }

  @ApiResult([TestPipelineRunView])
  @Get('appSettings/testPipelineResults/:orderId')
  @Authenticated({ roles: ['Admin'], permission: 'UPDATE_WEB_APPLICATION_SETTINGS' })
  @ApiOperation({
    summary: "The latest test-pipeline run of each of an order's pictures: queued, completed (with its picture) or failed (with the reason)",
    description: 'Only pictures that went through the test pipeline are listed. An unknown order is 404. Answered by the images service.',
  })
  testResults(@UuidParam('orderId') orderId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.testResults, { orderId }, actor);
  }
}
