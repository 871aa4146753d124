import {
  CreateSalesPeopleBody,
  SalesPeopleOfUserPayload,
  SalesPeopleRpc,
  SalesPersonIdPayload,
  UpdateSalesPersonPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { SalesPeopleService } from './sales-people.service';

@Controller()
export class SalesPeopleMessagesController {
  constructor(private readonly salesPeople: SalesPeopleService) {}

  @RpcHandler(SalesPeopleRpc.get)
  get(@Envelope(SalesPersonIdPayload) { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.get(actor, data.id);
  }

  @RpcHandler(SalesPeopleRpc.pageOfUser)
  pageOfUser(@Envelope(SalesPeopleOfUserPayload) { actor, data }: RpcEnvelope<SalesPeopleOfUserPayload>) {
    return this.salesPeople.pageOfUser(actor, data);
  }

  @RpcHandler(SalesPeopleRpc.allOfUser)
  allOfUser(@Envelope(SalesPeopleOfUserPayload) { actor, data }: RpcEnvelope<SalesPeopleOfUserPayload>) {
    return this.salesPeople.allOfUser(actor, data.userId);
  }

  @RpcHandler(SalesPeopleRpc.create)
  create(@Envelope(CreateSalesPeopleBody) { actor, data }: RpcEnvelope<CreateSalesPeopleBody>) {
    return this.salesPeople.create(actor, data);
  }

  @RpcHandler(SalesPeopleRpc.update)
  update(@Envelope(UpdateSalesPersonPayload) { actor, data }: RpcEnvelope<UpdateSalesPersonPayload>) {
    return this.salesPeople.update(actor, data);
  }

  @RpcHandler(SalesPeopleRpc.delete)
  delete(@Envelope(SalesPersonIdPayload) { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.delete(actor, data.id);
  }

  @RpcHandler(SalesPeopleRpc.activate)
  activate(@Envelope(SalesPersonIdPayload) { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.activate(actor, data.id);
  }

  @RpcHandler(SalesPeopleRpc.resendPassword)
  resendPassword(@Envelope(SalesPersonIdPayload) { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.resendPassword(actor, data.id);
  }
}
