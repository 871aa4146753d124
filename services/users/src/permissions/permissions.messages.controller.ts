import { PermissionsRpc, type RpcEnvelope, type SetUserPermissionsPayload, type UserRefPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PermissionsService } from './permissions.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class PermissionsMessagesController {
  constructor(private readonly permissions: PermissionsService) {}

  @RpcHandler(PermissionsRpc.list)
  list() {
    return this.permissions.list();
  }

  @RpcHandler(PermissionsRpc.forUser)
  forUser(@Payload() { actor, data }: RpcEnvelope<UserRefPayload>) {
    return this.permissions.forUser(actor, data.userId);
  }

  @RpcHandler(PermissionsRpc.setForUser)
  setForUser(@Payload() { actor, data }: RpcEnvelope<SetUserPermissionsPayload>) {
    return this.permissions.setForUser(actor, data);
  }
}
