import {
  DeliveryQueueRpc,
  RobotRpc,
  type DeliveryMessageIdPayload,
  type DeliveryMessageListQuery,
  type EnqueueDeliveryPayload,
  type OrderDeliveriesPayload,
  type RobotAckPayload,
  type RobotCredentialPayload,
  type RobotPullPayload,
  type RobotReleasePayload,
  type RpcEnvelope,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeliveryQueueService } from './delivery-queue.service';
import { RobotService } from './robot.service';

@Controller()
export class DeliveryQueueMessagesController {
  constructor(
    private readonly queue: DeliveryQueueService,
    private readonly robots: RobotService,
  ) {}

  @RpcHandler(DeliveryQueueRpc.enqueue)
  enqueue(@Payload() { actor, data }: RpcEnvelope<EnqueueDeliveryPayload>) {
    return this.queue.enqueue(actor, data);
  }

  @RpcHandler(DeliveryQueueRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<DeliveryMessageListQuery>) {
    return this.queue.list(actor, data);
  }

  @RpcHandler(DeliveryQueueRpc.availableCount)
  availableCount(@Payload() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.queue.availableCount(actor);
  }

  @RpcHandler(DeliveryQueueRpc.setVisible)
  setVisible(@Payload() { actor, data }: RpcEnvelope<DeliveryMessageIdPayload>) {
    return this.queue.setVisible(actor, data.id);
  }

  @RpcHandler(DeliveryQueueRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<DeliveryMessageIdPayload>) {
    return this.queue.delete(actor, data.id);
  }

  @RpcHandler(DeliveryQueueRpc.ofOrder)
  ofOrder(@Payload() { actor, data }: RpcEnvelope<OrderDeliveriesPayload>) {
    return this.queue.ofOrder(actor, data.orderId);
  }

  @RpcHandler(DeliveryQueueRpc.integrationsOf)
  integrationsOf(@Payload() { actor, data }: RpcEnvelope<OrderDeliveriesPayload>) {
    return this.queue.integrationsOf(actor, data.orderId);
  }

  @RpcHandler(DeliveryQueueRpc.reboot)
  reboot(@Payload() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.queue.reboot(actor);
  }

  @RpcHandler(DeliveryQueueRpc.issueRobotKey)
  issueRobotKey(@Payload() { actor, data }: RpcEnvelope<RobotCredentialPayload>) {
    return this.queue.issueRobotKey(actor, data.integrationId);
  }

  @RpcHandler(RobotRpc.pull)
  pull(@Payload() { actor, data }: RpcEnvelope<RobotPullPayload>) {
    return this.robots.pull(data, actor.requestId);
  }

  @RpcHandler(RobotRpc.ack)
  ack(@Payload() { data }: RpcEnvelope<RobotAckPayload>) {
    return this.robots.ack(data);
  }

  @RpcHandler(RobotRpc.release)
  release(@Payload() { data }: RpcEnvelope<RobotReleasePayload>) {
    return this.robots.release(data);
  }
}
