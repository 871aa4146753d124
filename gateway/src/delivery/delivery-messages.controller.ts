import { DeliveryMessageListQuery, DeliveryQueueRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, ApiResultWithCount, DeletedResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { AvailableCountView, DeliveryMessageView, RebootView, RobotCredentialView } from './delivery.responses';

const STAFF = ['Admin', 'QA'] as const;

/** The admin's delivery queue (spec section 7), guarded by the queue-message permissions. */
@ApiTags('order delivery messages')
@ApiErrorResponses()
@Controller('order-delivery-messages')
export class DeliveryMessagesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResultWithCount(DeliveryMessageView)
  @Get()
  @Authenticated({ roles: STAFF, permission: 'READ_QUEUE_MESSAGES' })
  @ApiOperation({ summary: 'The queue, newest first, 10 a page: [items, count]' })
  list(@Query() query: DeliveryMessageListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.list, query, actor);
  }

  @ApiResult(AvailableCountView)
  @Get('get-current-available-count')
  @Authenticated({ roles: STAFF, permission: 'READ_QUEUE_MESSAGES' })
  @ApiOperation({ summary: 'How many messages a worker or robot may take now' })
  availableCount(@CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.availableCount, {}, actor);
  }

  @ApiResult(RebootView)
  @Get('reboot-remote-delivery-robot')
  @Authenticated({ roles: STAFF, permission: 'UPDATE_QUEUE_MESSAGES' })
  @ApiOperation({ summary: 'Every delivery robot gets a reboot command with its next pull' })
  reboot(@CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.reboot, {}, actor);
  }

  @ApiResult(DeliveryMessageView)
  @Put('set-visible/:id')
  @Authenticated({ roles: STAFF, permission: 'UPDATE_QUEUE_MESSAGES' })
  @ApiOperation({ summary: 'Make a message visible now (a failed one is queued again); 409 for a delivered one' })
  setVisible(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.setVisible, { id }, actor);
  }

  @ApiResult(RobotCredentialView, 'the key, shown only in this answer')
  @Post('robot-credentials/:integrationId')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Issue (or rotate) the key of a ROBOT integration; the key before stops working' })
  issueRobotKey(@UuidParam('integrationId') integrationId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.issueRobotKey, { integrationId }, actor);
  }

  @ApiResult(DeletedResult)
  @Delete(':id')
  @Authenticated({ roles: STAFF, permission: 'DELETE_QUEUE_MESSAGES' })
  @ApiOperation({ summary: 'Remove a message from the queue' })
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.delete, { id }, actor);
  }
}
