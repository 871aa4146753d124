import {
  AnglesRpc,
  CarTypesRpc,
  type AngleBody,
  type CarTypeBody,
  type CatalogueListQuery,
  type IdPayload,
  type RpcEnvelope,
  type UpdateAnglePayload,
  type UpdateCarTypePayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CatalogueService } from './catalogue.service';

@Controller()
export class CatalogueMessagesController {
  constructor(private readonly catalogue: CatalogueService) {}

  @RpcHandler(AnglesRpc.list)
  listAngles(@Payload() { data }: RpcEnvelope<CatalogueListQuery>) {
    return this.catalogue.listAngles(data);
  }

  @RpcHandler(AnglesRpc.names)
  angleNames() {
    return this.catalogue.angleNames();
  }

  @RpcHandler(AnglesRpc.get)
  getAngle(@Payload() { data }: RpcEnvelope<IdPayload>) {
    return this.catalogue.getAngle(data.id);
  }

  @RpcHandler(AnglesRpc.create)
  createAngle(@Payload() { actor, data }: RpcEnvelope<AngleBody>) {
    return this.catalogue.createAngle(actor, data);
  }

  @RpcHandler(AnglesRpc.update)
  updateAngle(@Payload() { actor, data }: RpcEnvelope<UpdateAnglePayload>) {
    return this.catalogue.updateAngle(actor, data);
  }

  @RpcHandler(CarTypesRpc.list)
  listCarTypes(@Payload() { data }: RpcEnvelope<CatalogueListQuery>) {
    return this.catalogue.listCarTypes(data);
  }

  @RpcHandler(CarTypesRpc.get)
  getCarType(@Payload() { data }: RpcEnvelope<IdPayload>) {
    return this.catalogue.getCarType(data.id);
  }

  @RpcHandler(CarTypesRpc.create)
  createCarType(@Payload() { actor, data }: RpcEnvelope<CarTypeBody>) {
    return this.catalogue.createCarType(actor, data);
  }

  @RpcHandler(CarTypesRpc.update)
  updateCarType(@Payload() { actor, data }: RpcEnvelope<UpdateCarTypePayload>) {
    return this.catalogue.updateCarType(actor, data);
  }
}
