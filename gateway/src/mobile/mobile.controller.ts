import { AUTH_MESSAGES, AuthRpc, DeleteDeviceTokenBody, DeliveryRpc, RegisterDeviceTokenBody, SendPushNotificationBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, ForbiddenException, HttpCode, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult } from '../common/api-responses';
import { DeviceTokenView, PushNotificationView } from './mobile.responses';

/** a send waits for the provider's answer for every device */
const PUSH_SEND_TIMEOUT_MS = 30_000;

/** The mobile app's push notifications: its devices, and the admin's notifications about an order (docs/delivery.md). */
@ApiTags('mobile')
@ApiErrorResponses()
@Controller('mobile')
export class MobileController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(DeviceTokenView, 'the device as registered')
  @Post('device-tokens')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Register this device for push notifications, for whoever is signed in (an account or its sales person)',
    description:
      'Call after every sign-in and whenever FCM gives the app a new token. The same token again updates `lastSeenAt`; registered by another login before, it moves to this one (a device has one user). 403 "This account has no access to the mobile app." when the account\'s mobile app access is off.',
  })
  @ApiForbiddenResponse({ description: 'the account has no access to the mobile app' })
  async registerDevice(@Body() body: RegisterDeviceTokenBody, @CurrentActor() actor: Actor) {
    // only the mobile app registers devices: not for an account without mobile app access
    const me = await this.rpc.send(AuthRpc.me, {}, actor);
    if (!me.mobileAppAccess) throw new ForbiddenException(AUTH_MESSAGES.noMobileAppAccess);
    return this.rpc.send(DeliveryRpc.registerDevice, body, actor);
  }

  @ApiResult(DeletedResult)
  @Delete('device-tokens')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: "Stop push notifications to this device (at sign-out); only the caller's own token, 404 otherwise",
  })
  deleteDevice(@Body() body: DeleteDeviceTokenBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryRpc.deleteDevice, body, actor);
  }

  @ApiResult(PushNotificationView, 'the notification as sent')
  @Post('send-push-notification')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({
    summary: "Send a push notification about an order to its account's devices (admin)",
    description:
      'Title and body each longer than 3 characters (at most 100 and 1000); `eventPayload` an object of at most 4096 bytes as JSON. Recorded and written on the order\'s timeline whether it went out or not: 404 for an unknown order, 409 when no device of the account is registered, 502 when the provider refused it or could not be reached.',
  })
  send(@Body() body: SendPushNotificationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryRpc.sendPush, body, actor, { timeoutMs: PUSH_SEND_TIMEOUT_MS });
  }
}
