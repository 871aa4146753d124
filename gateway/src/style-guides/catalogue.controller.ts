import { AngleBody, AnglePatch, AnglesRpc, CarTypeBody, CarTypePatch, CarTypesRpc, CatalogueListQuery, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, PagedOf } from '../common/api-responses';
import { AngleName, AngleView, CarTypeView } from './style-guides.responses';
import { UuidParam } from '../common/params';

/** Angles: read by everyone signed in (the creator and the app), kept by the admin. */
@ApiTags('angles')
@ApiErrorResponses()
@Controller('angle')
export class AnglesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(AngleView))
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Angles, 10 a page, by name; `search`, `category`' })
  list(@Query() query: CatalogueListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.list, query, actor);
  }

  @ApiResult([AngleName])
  @Get('angleNames')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Every angle by name (for pickers)' })
  names(@CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.names, {}, actor);
  }

  @ApiResult(AngleView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One angle with its overlays' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.get, { id }, actor);
  }

  @ApiResult(AngleView, 'the new angle')
  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Create an angle; it needs its angle overlay image (an uploaded medium)' })
  create(@Body() body: AngleBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.create, body, actor);
  }

  @ApiResult(AngleView, 'the saved angle')
  @Put(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change an angle' })
  update(@UuidParam('id') id: string, @Body() body: AnglePatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(AnglesRpc.update, { id, ...body }, actor);
  }
}

/** Car types: read by everyone signed in, kept by the admin. */
@ApiTags('car types')
@ApiErrorResponses()
@Controller('car-types')
export class CarTypesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(CarTypeView))
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Car types, 10 a page, by name' })
  list(@Query() query: CatalogueListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.list, query, actor);
  }

  @ApiResult(CarTypeView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One car type with its icon' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.get, { id }, actor);
  }

  @ApiResult(CarTypeView, 'the new car type')
  @Post()
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Create a car type; it needs an icon (an uploaded medium)' })
  create(@Body() body: CarTypeBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.create, body, actor);
  }

  @ApiResult(CarTypeView, 'the saved car type')
  @Put(':id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Change a car type' })
  update(@UuidParam('id') id: string, @Body() body: CarTypePatch, @CurrentActor() actor: Actor) {
    return this.rpc.send(CarTypesRpc.update, { id, ...body }, actor);
  }
}
