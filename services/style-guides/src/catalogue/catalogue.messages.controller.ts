import {
  AngleBody,
  AnglesRpc,
  CarTypeBody,
  CarTypesRpc,
  CatalogueListQuery,
  IdPayload,
  UpdateAnglePayload,
  UpdateCarTypePayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { CatalogueService } from './catalogue.service';

@Controller()
export class CatalogueMessagesController {
  constructor(private readonly catalogue: CatalogueService) {}

  @RpcHandler(AnglesRpc.list)
  listAngles(@Envelope(CatalogueListQuery) { data }: RpcEnvelope<CatalogueListQuery>) {
    return this.catalogue.listAngles(data);
  }

  @RpcHandler(AnglesRpc.names)
  angleNames() {
    return this.catalogue.angleNames();
  }

  @RpcHandler(AnglesRpc.get)
  getAngle(@Envelope(IdPayload) { data }: RpcEnvelope<IdPayload>) {
    return this.catalogue.getAngle(data.id);
  }

  @RpcHandler(AnglesRpc.create)
  createAngle(@Envelope(AngleBody) { actor, data }: RpcEnvelope<AngleBody>) {
    return this.catalogue.createAngle(actor, data);
  }

  @RpcHandler(AnglesRpc.update)
  updateAngle(@Envelope(UpdateAnglePayload) { actor, data }: RpcEnvelope<UpdateAnglePayload>) {
    return this.catalogue.updateAngle(actor, data);
  }

  @RpcHandler(CarTypesRpc.list)
  listCarTypes(@Envelope(CatalogueListQuery) { data }: RpcEnvelope<CatalogueListQuery>) {
    return this.catalogue.listCarTypes(data);
  }

  @RpcHandler(CarTypesRpc.get)
  getCarType(@Envelope(IdPayload) { data }: RpcEnvelope<IdPayload>) {
    return this.catalogue.getCarType(data.id);
  }

  @RpcHandler(CarTypesRpc.create)
  createCarType(@Envelope(CarTypeBody) { actor, data }: RpcEnvelope<CarTypeBody>) {
    return this.catalogue.createCarType(actor, data);
  }

  @RpcHandler(CarTypesRpc.update)
  updateCarType(@Envelope(UpdateCarTypePayload) { actor, data }: RpcEnvelope<UpdateCarTypePayload>) {
    return this.catalogue.updateCarType(actor, data);
  }
}
