import { AppSettingsRpc, UpdateAppSettingPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { AppSettingsService } from './app-settings.service';

@Controller()
export class AppSettingsMessagesController {
  constructor(private readonly settings: AppSettingsService) {}

  @RpcHandler(AppSettingsRpc.list)
  list(@Envelope() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.settings.list(actor);
  }

  @RpcHandler(AppSettingsRpc.update)
  update(@Envelope(UpdateAppSettingPayload) { actor, data }: RpcEnvelope<UpdateAppSettingPayload>) {
    return this.settings.update(actor, data);
  }
}
