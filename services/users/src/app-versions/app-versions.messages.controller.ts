import { AppVersionBody, AppVersionIdPayload, AppVersionListQuery, AppVersionsRpc, UpdateAppVersionPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { AppVersionsService } from './app-versions.service';

@Controller()
export class AppVersionsMessagesController {
  constructor(private readonly versions: AppVersionsService) {}

  @RpcHandler(AppVersionsRpc.list)
  list(@Envelope(AppVersionListQuery) { data }: RpcEnvelope<AppVersionListQuery>) {
    return this.versions.list(data);
  }

  @RpcHandler(AppVersionsRpc.get)
  get(@Envelope(AppVersionIdPayload) { data }: RpcEnvelope<AppVersionIdPayload>) {
    return this.versions.get(data.id);
  }

  @RpcHandler(AppVersionsRpc.create)
  create(@Envelope(AppVersionBody) { actor, data }: RpcEnvelope<AppVersionBody>) {
    return this.versions.create(actor, data);
  }

  @RpcHandler(AppVersionsRpc.update)
  update(@Envelope(UpdateAppVersionPayload) { actor, data }: RpcEnvelope<UpdateAppVersionPayload>) {
    return this.versions.update(actor, data);
  }

  @RpcHandler(AppVersionsRpc.delete)
  delete(@Envelope(AppVersionIdPayload) { actor, data }: RpcEnvelope<AppVersionIdPayload>) {
    return this.versions.delete(actor, data.id);
  }
}
