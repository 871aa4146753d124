import { DeliveryMessageListQuery, DeliveryQueueRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** The admin's delivery queue (spec section 7), guarded by the queue-message permissions (`Routes.deliveryMessages`). */
@ApiTags('order delivery messages')
@ApiErrorResponses()
@Controller()
export class DeliveryMessagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.deliveryMessages.list)
  list(@Query() query: DeliveryMessageListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.list, query, actor);
  }

  @Operation(Routes.deliveryMessages.availableCount)
  availableCount(@CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.availableCount, {}, actor);
  }

  @Operation(Routes.deliveryMessages.reboot)
  reboot(@CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.reboot, {}, actor);
  }

  @Operation(Routes.deliveryMessages.setVisible)
  setVisible(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.setVisible, { id }, actor);
  }

  @Operation(Routes.deliveryMessages.issueRobotKey)
  issueRobotKey(@UuidParam('integrationId') integrationId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.issueRobotKey, { integrationId }, actor);
  }

  @Operation(Routes.deliveryMessages.delete)
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryQueueRpc.delete, { id }, actor);
  }
}
