import { EventPageQuery, OrderEventsRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, PagedOf } from '../common/api-responses';
import { OrderEventView } from './orders.responses';
import { UuidParam } from '../common/params';

const TIMELINE =
  'Events: NEW, EDITED (the changed fields, from and to), UPDATED (status and QA status from and to), DELETED, ' +
  'UPLOAD_COMPLETED, PROCESSING_COMPLETED, IMAGE_REJECTED, PIPELINE_ERROR, IMAGE_DECLINED, IMAGE_APPROVED, IMAGE_REPUSHED, ' +
  'QA_UPLOADED_PICTURE, DOWNLOADED, VIDEO_UPLOADED. Hidden events (IMAGE_APPROVED, DOWNLOADED) come only with ' +
  '`isHidden=true`, for admin and QA; `isPriority` marks PIPELINE_ERROR, IMAGE_REJECTED and IMAGE_DECLINED.';

/** The event timeline of an order, and of an account's orders. */
@ApiTags('events')
@ApiErrorResponses()
@Controller('events')
export class EventsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(OrderEventView))
  @Get('order/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: "An order's timeline, 10 a page, newest first", description: TIMELINE })
  ofOrder(@UuidParam('id') id: string, @Query() query: EventPageQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrderEventsRpc.ofOrder, { id, ...query }, actor);
  }

  @ApiResult(PagedOf(OrderEventView))
  @Get('user/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: "Events of an account's orders, 10 a page, newest first",
    description: `The admin, QA with READ_USER_EVENTS, or the account itself. ${TIMELINE}`,
  })
  ofUser(@UuidParam('id') id: string, @Query() query: EventPageQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrderEventsRpc.ofUser, { id, ...query }, actor);
  }
}
