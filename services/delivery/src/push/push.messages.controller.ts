import { DeliveryRpc, type DeleteDeviceTokenBody, type RegisterDeviceTokenBody, type RpcEnvelope, type SendPushNotificationBody } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PushService } from './push.service';

@Controller()
export class PushMessagesController {
  constructor(private readonly push: PushService) {}

  @RpcHandler(DeliveryRpc.registerDevice)
  registerDevice(@Payload() { actor, data }: RpcEnvelope<RegisterDeviceTokenBody>) {
    return this.push.registerDevice(actor, data);
  }

  @RpcHandler(DeliveryRpc.deleteDevice)
  deleteDevice(@Payload() { actor, data }: RpcEnvelope<DeleteDeviceTokenBody>) {
    return this.push.deleteDevice(actor, data);
  }

  @RpcHandler(DeliveryRpc.sendPush)
  send(@Payload() { actor, data }: RpcEnvelope<SendPushNotificationBody>) {
    return this.push.send(actor, data);
  }
}
