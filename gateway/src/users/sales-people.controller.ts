import { CreateSalesPeopleBody, PageQuery, Routes, SalesPeopleRpc, SalesPersonPatch, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/**
 * Sales people of a dealership, under the published path `/salesman`, declared in
 * `Routes.salesPeople`. Operation ids are part of the published API (clients generated from
 * the document name their calls after them): the class is named `SalesmanController` and the
 * handlers keep their names, so the ids stay `SalesmanController_all`, `…_page` and so on.
 */
@ApiTags('sales people')
@ApiErrorResponses()
@Controller()
export class SalesmanController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.salesPeople.all)
  all(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.allOfUser, { userId: id }, actor);
  }

  @Operation(Routes.salesPeople.page)
  page(@UuidParam('id') id: string, @Query() query: PageQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.pageOfUser, { userId: id, page: query.page }, actor);
  }

  @Operation(Routes.salesPeople.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.get, { id }, actor);
  }

  @Operation(Routes.salesPeople.create)
  create(@Body() body: CreateSalesPeopleBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.create, body, actor);
  }

  @Operation(Routes.salesPeople.activate)
  activate(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.activate, { id }, actor);
  }

  @Operation(Routes.salesPeople.resendPassword)
  resend(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.resendPassword, { id }, actor);
  }

  @Operation(Routes.salesPeople.update)
  update(@UuidParam('id') id: string, @Body() body: SalesPersonPatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.update, { id, ...body }, actor);
  }

  @Operation(Routes.salesPeople.delete)
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(SalesPeopleRpc.delete, { id }, actor);
  }
}
