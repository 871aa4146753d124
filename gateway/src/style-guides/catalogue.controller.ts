import { AngleBody, AnglePatch, AnglesRpc, CarTypeBody, CarTypePatch, CarTypesRpc, CatalogueListQuery, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** Angles: read by everyone signed in (the creator and the app), kept by the admin (`Routes.angles`). */
@ApiTags('angles')
@ApiErrorResponses()
@Controller()
export class AnglesController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.angles.list)
  list(@Query() query: CatalogueListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.list, query, actor);
  }

  @Operation(Routes.angles.names)
  names(@CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.names, {}, actor);
  }

  @Operation(Routes.angles.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.get, { id }, actor);
  }

  @Operation(Routes.angles.create)
  create(@Body() body: AngleBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.create, body, actor);
  }

  @Operation(Routes.angles.update)
  update(@UuidParam('id') id: string, @Body() body: AnglePatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.update, { id, ...body }, actor);
  }
}

/** Car types: read by everyone signed in, kept by the admin (`Routes.carTypes`). */
@ApiTags('car types')
@ApiErrorResponses()
@Controller()
export class CarTypesController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.carTypes.list)
  list(@Query() query: CatalogueListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.list, query, actor);
  }

  @Operation(Routes.carTypes.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.get, { id }, actor);
  }

  @Operation(Routes.carTypes.create)
  create(@Body() body: CarTypeBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.create, body, actor);
  }

  @Operation(Routes.carTypes.update)
  update(@UuidParam('id') id: string, @Body() body: CarTypePatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.update, { id, ...body }, actor);
  }
}
