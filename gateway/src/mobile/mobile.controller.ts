import { AUTH_MESSAGES, AuthRpc, DeleteDeviceTokenBody, DeliveryRpc, RegisterDeviceTokenBody, Routes, SendPushNotificationBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, ForbiddenException } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';

/** a send waits for the provider's answer for every device */
const PUSH_SEND_TIMEOUT_MS = 30_000;

/** The mobile app's push notifications (`Routes.mobile`): its devices, and the admin's notifications about an order (docs/delivery.md). */
@ApiTags('mobile')
@ApiErrorResponses()
@Controller()
export class MobileController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.mobile.registerDevice)
  @ApiForbiddenResponse({ description: 'the account has no access to the mobile app' })
  async registerDevice(@Body() body: RegisterDeviceTokenBody, @CurrentActor() actor: Actor) {
    // only the mobile app registers devices: not for an account without mobile app access
    // (a setting of the account, not a role or permission: the access rule cannot say it)
    const me = await this.rpc.send(AuthRpc.me, {}, actor);
    if (!me.mobileAppAccess) throw new ForbiddenException(AUTH_MESSAGES.noMobileAppAccess);
    return this.rpc.send(DeliveryRpc.registerDevice, body, actor);
  }

  @Operation(Routes.mobile.deleteDevice)
  deleteDevice(@Body() body: DeleteDeviceTokenBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryRpc.deleteDevice, body, actor);
  }

  @Operation(Routes.mobile.sendPush)
  send(@Body() body: SendPushNotificationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryRpc.sendPush, body, actor, { timeoutMs: PUSH_SEND_TIMEOUT_MS });
  }
}
