import { ConfigurationsRpc, type ConfigurationBody, type IdPayload, type RpcEnvelope, type UpdateConfigurationPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ConfigurationsService } from './configurations.service';

@Controller()
export class ConfigurationsMessagesController {
  constructor(private readonly configurations: ConfigurationsService) {}

  @RpcHandler(ConfigurationsRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<IdPayload>) {
    return this.configurations.get(actor, data.id);
  }

  @RpcHandler(ConfigurationsRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<ConfigurationBody>) {
    return this.configurations.create(actor, data);
  }

  @RpcHandler(ConfigurationsRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateConfigurationPayload>) {
    return this.configurations.update(actor, data);
  }

  @RpcHandler(ConfigurationsRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<IdPayload>) {
    return this.configurations.delete(actor, data.id);
  }
}
