import { CreateSalesPeopleBody, PageQuery, SalesPeopleRpc, SalesPersonPatch, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult, PagedOf, SentResult } from '../common/api-responses';
import { SalesPersonView } from './users.responses';
import { UuidParam } from '../common/params';

/**
 * Operation ids are part of the published API (clients generated from the document name their
 * calls after them), so these routes keep the ids they were published with.
 */
const operationId = (handler: string) => `SalesmanController_${handler}`;

/**
 * Sales people of a dealership, under the published path `/salesman`. Changing them needs the
 * `CREATE_`, `UPDATE_` or `DELETE_SALESMAN` permission (the admin has all).
 */
@ApiTags('sales people')
@ApiErrorResponses()
@Controller('salesman')
export class SalesPeopleController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult([SalesPersonView])
  @Get('user/:id/all')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ operationId: operationId('all'), summary: 'All sales people of an account, by name (for pickers)' })
  all(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.allOfUser, { userId: id }, actor);
  }

  @ApiResult(PagedOf(SalesPersonView))
  @Get('user/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ operationId: operationId('page'), summary: 'Sales people of an account, 10 a page' })
  page(@UuidParam('id') id: string, @Query() query: PageQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.pageOfUser, { userId: id, page: query.page }, actor);
  }

  @ApiResult(SalesPersonView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ operationId: operationId('get'), summary: 'One sales person ("Sales person not found" when the caller may not see it)' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.get, { id }, actor);
  }

  @ApiResult([SalesPersonView], 'the new sales people')
  @Post()
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'CREATE_SALESMAN', notSalesPerson: true })
  @ApiOperation({ operationId: operationId('create'), summary: 'Add sales people to an account' })
  create(@Body() body: CreateSalesPeopleBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.create, body, actor);
  }

  @ApiResult(SalesPersonView, 'the sales person, now with a login')
  @Put(':id/activate')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ operationId: operationId('activate'), summary: 'Give the sales person a login; its temporary password is e-mailed' })
  activate(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.activate, { id }, actor);
  }

  @ApiResult(SentResult)
  @Put(':id/resend-password')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ operationId: operationId('resend'), summary: 'E-mail a new temporary password to a sales person that has not chosen its own' })
  resend(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.resendPassword, { id }, actor);
  }

  @ApiResult(SalesPersonView, 'the saved sales person')
  @Put(':id')
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'UPDATE_SALESMAN', notSalesPerson: true })
  @ApiOperation({ operationId: operationId('update'), summary: 'Change a sales person' })
  update(@UuidParam('id') id: string, @Body() body: SalesPersonPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.update, { id, ...body }, actor);
  }

  @ApiResult(DeletedResult)
  @Delete(':id')
  @Authenticated({ roles: ['Admin', 'Dealership'], permission: 'DELETE_SALESMAN', notSalesPerson: true })
  @ApiOperation({ operationId: operationId('delete'), summary: 'Remove a sales person (its login goes with it)' })
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.delete, { id }, actor);
  }
}
