import { ConfigurationBody, ConfigurationsRpc, IdPayload, UpdateConfigurationPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { ConfigurationsService } from './configurations.service';

@Controller()
export class ConfigurationsMessagesController {
  constructor(private readonly configurations: ConfigurationsService) {}

  @RpcHandler(ConfigurationsRpc.get)
  get(@Envelope(IdPayload) { actor, data }: RpcEnvelope<IdPayload>) {
    return this.configurations.get(actor, data.id);
  }

  @RpcHandler(ConfigurationsRpc.create)
  create(@Envelope(ConfigurationBody) { actor, data }: RpcEnvelope<ConfigurationBody>) {
    return this.configurations.create(actor, data);
  }

  @RpcHandler(ConfigurationsRpc.update)
  update(@Envelope(UpdateConfigurationPayload) { actor, data }: RpcEnvelope<UpdateConfigurationPayload>) {
    return this.configurations.update(actor, data);
  }

  @RpcHandler(ConfigurationsRpc.delete)
  delete(@Envelope(IdPayload) { actor, data }: RpcEnvelope<IdPayload>) {
    return this.configurations.delete(actor, data.id);
  }
}
