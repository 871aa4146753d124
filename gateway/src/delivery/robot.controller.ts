import { RobotAckBody, RobotPullBody, RobotReleaseBody, RobotRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, ErrorResponse } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { DeliveryMessageView, RobotPullView } from './delivery.responses';
import { RobotKey, RobotKeyGuard } from './robot-key.guard';

/**
 * The robot pull API, for robot authors. A robot signs in with the key the admin issued for
 * its ROBOT integration (`X-Robot-Key` header), pulls the next messages of that integration
 * (each leased to it for a while, invisible to other robots), downloads the pictures, then
 * acknowledges each message with a receipt or releases it with an error. A lease that runs
 * out makes the message visible again. A pull may carry commands (`reboot`).
 */
@ApiTags('robot')
@ApiSecurity('robot-key')
@ApiErrorResponses()
@ApiUnauthorizedResponse({ description: 'no robot key, or one that is not valid', type: ErrorResponse })
@ApiTooManyRequestsResponse({ description: 'too many wrong robot keys from this client: wait the seconds of `Retry-After`', type: ErrorResponse })
@UseGuards(RobotKeyGuard)
@Controller('robot/messages')
export class RobotController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(RobotPullView)
  @Post('pull')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take the next visible messages of your integration (default 1, at most 50) with the pictures\' download URLs' })
  pull(@Body() body: RobotPullBody, @RobotKey() key: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(RobotRpc.pull, { key, ...(body.max !== undefined ? { max: body.max } : {}) }, actor);
  }

  @ApiResult(DeliveryMessageView, 'the message, delivered')
  @Post(':id/ack')
  @HttpCode(200)
  @ApiOperation({ summary: 'The message is delivered: the files written and where, and the answer of the destination (409 when its lease is no longer yours)' })
  ack(@UuidParam('id') id: string, @Body() body: RobotAckBody, @RobotKey() key: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(RobotRpc.ack, { key, id, files: body.files, ...(body.answer !== undefined ? { answer: body.answer } : {}) }, actor);
  }

  @ApiResult(DeliveryMessageView, 'the message, visible again (or failed after the last attempt)')
  @Post(':id/release')
  @HttpCode(200)
  @ApiOperation({ summary: 'The message could not be delivered: it is visible again at once with the error, one attempt more' })
  release(@UuidParam('id') id: string, @Body() body: RobotReleaseBody, @RobotKey() key: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(RobotRpc.release, { key, id, error: body.error }, actor);
  }
}
