import {
  IntegrationsRpc,
  type CreateIntegrationBody,
  type IntegrationIdPayload,
  type RpcEnvelope,
  type UpdateIntegrationPayload,
  type UserRefPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IntegrationsService } from './integrations.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class IntegrationsMessagesController {
  constructor(private readonly integrations: IntegrationsService) {}

  @RpcHandler(IntegrationsRpc.providers)
  providers() {
    return this.integrations.providers();
  }

  @RpcHandler(IntegrationsRpc.ofUser)
  ofUser(@Payload() { actor, data }: RpcEnvelope<UserRefPayload>) {
    return this.integrations.ofUser(actor, data.userId);
  }

  @RpcHandler(IntegrationsRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<CreateIntegrationBody>) {
    return this.integrations.create(actor, data);
  }

  @RpcHandler(IntegrationsRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateIntegrationPayload>) {
    return this.integrations.update(actor, data);
  }

  @RpcHandler(IntegrationsRpc.mayManage)
  mayManage(@Payload() { actor, data }: RpcEnvelope<IntegrationIdPayload>) {
    return this.integrations.mayManage(actor, data.id);
  }

  @RpcHandler(IntegrationsRpc.forDelivery)
  forDelivery(@Payload() { actor, data }: RpcEnvelope<IntegrationIdPayload>) {
    return this.integrations.forDelivery(actor, data.id);
  }

  @RpcHandler(IntegrationsRpc.find)
  find(@Payload() { actor, data }: RpcEnvelope<IntegrationIdPayload>) {
    return this.integrations.find(actor, data.id);
  }

  @RpcHandler(IntegrationsRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<IntegrationIdPayload>) {
    return this.integrations.delete(actor, data.id);
  }
}
