import { PermissionsRpc, SetUserPermissionsPayload, UserRefPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { PermissionsService } from './permissions.service';

@Controller()
export class PermissionsMessagesController {
  constructor(private readonly permissions: PermissionsService) {}

  @RpcHandler(PermissionsRpc.catalogue)
  catalogue() {
    return this.permissions.catalogue();
  }

  @RpcHandler(PermissionsRpc.forUser)
  forUser(@Envelope(UserRefPayload) { actor, data }: RpcEnvelope<UserRefPayload>) {
    return this.permissions.forUser(actor, data.userId);
  }

  @RpcHandler(PermissionsRpc.setForUser)
  setForUser(@Envelope(SetUserPermissionsPayload) { actor, data }: RpcEnvelope<SetUserPermissionsPayload>) {
    return this.permissions.setForUser(actor, data);
  }
}
