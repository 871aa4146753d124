import { AppSettingsRpc, type CreateAppSettingBody, type RpcEnvelope, type UpdateAppSettingPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AppSettingsService } from './app-settings.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class AppSettingsMessagesController {
  constructor(private readonly settings: AppSettingsService) {}

  @RpcHandler(AppSettingsRpc.list)
  list(@Payload() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.settings.list(actor);
  }

  @RpcHandler(AppSettingsRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateAppSettingPayload>) {
    return this.settings.update(actor, data);
  }

  @RpcHandler(AppSettingsRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<CreateAppSettingBody>) {
    return this.settings.create(actor, data);
  }
}
