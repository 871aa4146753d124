import { CreateIntegrationBody, DeliveryIntegrationsRpc, IntegrationsRpc, Routes, UpdateIntegrationBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** a test connection waits for the destination (DELIVERY_TEST_TIMEOUT_MS, 8 s by default) */
const TEST_CONNECTION_RPC_MS = 20_000;

/** Delivery targets of an account (`Routes.integrations`). Passwords go in, never out. */
@ApiTags('remote integrations')
@ApiErrorResponses()
@Controller()
export class RemoteIntegrationController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.integrations.providers)
  providers(@CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.providers, {}, actor);
  }

  @Operation(Routes.integrations.ofUser)
  ofUser(@UuidParam('userId') userId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.ofUser, { userId }, actor);
  }

  @Operation(Routes.integrations.create)
  create(@Body() body: CreateIntegrationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.create, body, actor);
  }

  @Operation(Routes.integrations.update)
  update(@UuidParam('id') id: string, @Body() body: UpdateIntegrationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.update, { id, ...body }, actor);
  }

  @Operation(Routes.integrations.testConnection)
  testConnection(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryIntegrationsRpc.testConnection, { id }, actor, { timeoutMs: TEST_CONNECTION_RPC_MS });
  }

  @Operation(Routes.integrations.delete)
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.delete, { id }, actor);
  }
}
