import { AppSettingsRpc, CreateAppSettingBody, ImageVersionsRpc, TestPipelineBody, UpdateAppSettingBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { TestPipelineResult, TestPipelineRunView } from '@app/contracts/http';
import { UuidParam } from '../common/params';
import { AppSettingView } from './users.responses';

/** App settings (`/appSettings`): everyone signed in reads, the admin edits and sends pictures to the test pipeline. */
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

  @ApiResult(AppSettingView, 'the new setting')
  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({
    summary: 'Add a setting: name, value, valueType, category (ANGLE_CORRECTOR, DEFAULT_ZOOM or none) and settingType (SINGLE_VALUE or MULTI_VALUE)',
    description: 'The value must read as the valueType (each item, separated by commas, for MULTI_VALUE): 400 names the form it takes; 409 when the name is taken.',
  })
  create(@Body() body: CreateAppSettingBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.create, body, actor);
  }

  @ApiResult(AppSettingView, 'the saved setting')
  @Put(':name')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change the value of a setting (read by its valueType: true/false, a number, a date, or text)' })
  update(@Param('name') name: string, @Body() body: UpdateAppSettingBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AppSettingsRpc.update, { name, ...body }, actor);
  }

  @ApiResult(TestPipelineResult, 'how many pictures were sent')
  @Post('sendImagesToTestPipeline')
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
  @Get('testPipelineResults/:orderId')
  @Authenticated({ roles: ['Admin'], permission: 'UPDATE_WEB_APPLICATION_SETTINGS' })
  @ApiOperation({
    summary: "The latest test-pipeline run of each of an order's pictures: queued, completed (with its picture) or failed (with the reason)",
    description: 'Only pictures that went through the test pipeline are listed. An unknown order is 404. Answered by the images service.',
  })
  testResults(@UuidParam('orderId') orderId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.testResults, { orderId }, actor);
  }
}
