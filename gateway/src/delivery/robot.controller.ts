import { RobotAckBody, RobotPullBody, RobotReleaseBody, RobotRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';
import { RobotKey } from './robot-key.guard';

/**
 * The robot pull API (`Routes.robot`, access `'robot-key'`: `@Operation` puts the
 * `RobotKeyGuard` on each route). A robot signs in with the key the admin issued for its ROBOT
 * integration (`X-Robot-Key` header), pulls, then acknowledges or releases each message.
 */
@ApiTags('robot')
@ApiErrorResponses()
@Controller()
export class RobotController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.robot.pull)
  pull(@Body() body: RobotPullBody, @RobotKey() key: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(RobotRpc.pull, { key, ...(body.max !== undefined ? { max: body.max } : {}) }, actor);
  }

  @Operation(Routes.robot.ack)
  ack(@UuidParam('id') id: string, @Body() body: RobotAckBody, @RobotKey() key: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(RobotRpc.ack, { key, id, files: body.files, ...(body.answer !== undefined ? { answer: body.answer } : {}) }, actor);
  }

  @Operation(Routes.robot.release)
  release(@UuidParam('id') id: string, @Body() body: RobotReleaseBody, @RobotKey() key: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(RobotRpc.release, { key, id, error: body.error }, actor);
  }
}
