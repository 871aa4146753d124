import {
  SalesPeopleRpc,
  type CreateSalesPeopleBody,
  type RpcEnvelope,
  type SalesPeopleOfUserPayload,
  type SalesPersonIdPayload,
  type UpdateSalesPersonPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SalesPeopleService } from './sales-people.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class SalesPeopleMessagesController {
  constructor(private readonly salesPeople: SalesPeopleService) {}

  @RpcHandler(SalesPeopleRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.get(actor, data.id);
  }

  @RpcHandler(SalesPeopleRpc.pageOfUser)
  pageOfUser(@Payload() { actor, data }: RpcEnvelope<SalesPeopleOfUserPayload>) {
    return this.salesPeople.pageOfUser(actor, data);
  }

  @RpcHandler(SalesPeopleRpc.countOfUser)
  countOfUser(@Payload() { actor, data }: RpcEnvelope<SalesPeopleOfUserPayload>) {
    return this.salesPeople.countOfUser(actor, data.userId);
  }

  @RpcHandler(SalesPeopleRpc.allOfUser)
  allOfUser(@Payload() { actor, data }: RpcEnvelope<SalesPeopleOfUserPayload>) {
    return this.salesPeople.allOfUser(actor, data.userId);
  }

  @RpcHandler(SalesPeopleRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<CreateSalesPeopleBody>) {
    return this.salesPeople.create(actor, data);
  }

  @RpcHandler(SalesPeopleRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateSalesPersonPayload>) {
    return this.salesPeople.update(actor, data);
  }

  @RpcHandler(SalesPeopleRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.delete(actor, data.id);
  }

  @RpcHandler(SalesPeopleRpc.activate)
  activate(@Payload() { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.activate(actor, data.id);
  }

  @RpcHandler(SalesPeopleRpc.resendPassword)
  resendPassword(@Payload() { actor, data }: RpcEnvelope<SalesPersonIdPayload>) {
    return this.salesPeople.resendPassword(actor, data.id);
  }
}
