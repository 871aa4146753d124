import { AppVersionsRpc, type AppVersionBody, type AppVersionIdPayload, type AppVersionListQuery, type RpcEnvelope, type UpdateAppVersionPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AppVersionsService } from './app-versions.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class AppVersionsMessagesController {
  constructor(private readonly versions: AppVersionsService) {}

  @RpcHandler(AppVersionsRpc.list)
  list(@Payload() { data }: RpcEnvelope<AppVersionListQuery>) {
    return this.versions.list(data);
  }

  @RpcHandler(AppVersionsRpc.get)
  get(@Payload() { data }: RpcEnvelope<AppVersionIdPayload>) {
    return this.versions.get(data.id);
  }

  @RpcHandler(AppVersionsRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<AppVersionBody>) {
    return this.versions.create(actor, data);
  }

  @RpcHandler(AppVersionsRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateAppVersionPayload>) {
    return this.versions.update(actor, data);
  }

  @RpcHandler(AppVersionsRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<AppVersionIdPayload>) {
    return this.versions.delete(actor, data.id);
  }
}
