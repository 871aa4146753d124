import {
  CreateIntegrationBody,
  IntegrationIdPayload,
  IntegrationsRpc,
  UpdateIntegrationPayload,
  UserRefPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { IntegrationsService } from './integrations.service';

@Controller()
export class IntegrationsMessagesController {
  constructor(private readonly integrations: IntegrationsService) {}

  @RpcHandler(IntegrationsRpc.providers)
  providers() {
    return this.integrations.providers();
  }

  @RpcHandler(IntegrationsRpc.ofUser)
  ofUser(@Envelope(UserRefPayload) { actor, data }: RpcEnvelope<UserRefPayload>) {
    return this.integrations.ofUser(actor, data.userId);
  }

  @RpcHandler(IntegrationsRpc.create)
  create(@Envelope(CreateIntegrationBody) { actor, data }: RpcEnvelope<CreateIntegrationBody>) {
    return this.integrations.create(actor, data);
  }

  @RpcHandler(IntegrationsRpc.update)
  update(@Envelope(UpdateIntegrationPayload) { actor, data }: RpcEnvelope<UpdateIntegrationPayload>) {
    return this.integrations.update(actor, data);
  }

  @RpcHandler(IntegrationsRpc.delete)
  delete(@Envelope(IntegrationIdPayload) { actor, data }: RpcEnvelope<IntegrationIdPayload>) {
    return this.integrations.delete(actor, data.id);
  }
}
