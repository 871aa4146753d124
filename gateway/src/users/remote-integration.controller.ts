import { CreateIntegrationBody, DeliveryIntegrationsRpc, IntegrationsRpc, UpdateIntegrationBody, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult } from '../common/api-responses';
import { IntegrationView, ProviderView, TestConnectionView } from './users.responses';
import { UuidParam } from '../common/params';

/** a test connection waits for the destination (DELIVERY_TEST_TIMEOUT_MS, 8 s by default) */
const TEST_CONNECTION_RPC_MS = 20_000;

/** Delivery targets of an account. Passwords go in, never out. */
@ApiTags('remote integrations')
@ApiErrorResponses()
@Controller('remote-integration')
export class RemoteIntegrationController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult([ProviderView])
  @Get('providers')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'The providers an integration can be added for' })
  providers(@CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.providers, {}, actor);
  }

  @ApiResult([IntegrationView])
  @Get('user/:userId')
  @Authenticated({ roles: ['Admin', 'Dealership', 'Management'], permission: 'READ_USER_INTEGRATIONS' })
  @ApiOperation({ summary: 'Integrations of an account (passwords are never returned; hasPassword tells)' })
  ofUser(@UuidParam('userId') userId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.ofUser, { userId }, actor);
  }

  @ApiResult(IntegrationView, 'the new integration')
  @Post()
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'UPDATE_USER_INTEGRATIONS', notSalesPerson: true })
  @ApiOperation({ summary: 'Add an integration; credentials need UPDATE_USER_INTEGRATION_CREDENTIALS' })
  create(@Body() body: CreateIntegrationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.create, body, actor);
  }

  @ApiResult(IntegrationView, 'the saved integration')
  @Put(':id')
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'UPDATE_USER_INTEGRATIONS', notSalesPerson: true })
  @ApiOperation({ summary: 'Turn an integration on or off, change its settings and output rules, or its credentials (an empty password or secret keeps the stored one)' })
  update(@UuidParam('id') id: string, @Body() body: UpdateIntegrationBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.update, { id, ...body }, actor);
  }

  @ApiResult(TestConnectionView, 'whether the destination was reached, and what failed (DNS, refused, login, TLS, permission)')
  @Post(':id/test-connection')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'UPDATE_USER_INTEGRATIONS', notSalesPerson: true })
  @ApiOperation({ summary: 'Connect to the integration with its settings and credentials, without delivering anything' })
  testConnection(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(DeliveryIntegrationsRpc.testConnection, { id }, actor, { timeoutMs: TEST_CONNECTION_RPC_MS });
  }

  @ApiResult(DeletedResult)
  @Delete(':id')
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'UPDATE_USER_INTEGRATIONS', notSalesPerson: true })
  @ApiOperation({ summary: 'Remove an integration' })
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(IntegrationsRpc.delete, { id }, actor);
  }
}
