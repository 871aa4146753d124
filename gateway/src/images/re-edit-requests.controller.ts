import { ReEditDeclineBody, ReEditRequestBody, ReEditRequestsRpc, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { ReEditRequestView } from './images.responses';

/** Re-edit requests: a dealership asks QA to edit a processed picture again; QA answers. */
@ApiTags('images')
@ApiErrorResponses()
@Controller('images')
export class ReEditRequestsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(ReEditRequestView, 'the open request')
  @Post(':imageId/re-edit-requests')
  @Authenticated({ roles: ['Dealership', 'Management'] })
  @ApiOperation({
    summary: "Ask QA to edit a processed picture again, with a reason and free text (the order's own account)",
    description:
      'A dealership (or its signed-in sales person), or a management account on its own orders. The picture is marked as needing edition and ' +
      'the request is due after the app setting RE_EDIT_DUE_HOURS (default 4 hours). `text` is required for the reason `other`. ' +
      "Another account's picture is 404, a child account's order 403, a picture not processed or with an open request already 409. " +
      'Admin and QA mark pictures for edition instead (403).',
  })
  create(@UuidParam('imageId') imageId: string, @Body() body: ReEditRequestBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ReEditRequestsRpc.create, { imageId, reason: body.reason, text: body.text }, actor);
  }

  @ApiResult(ReEditRequestView, 'the declined request')
  @Post('re-edit-requests/:id/decline')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: "Decline an open re-edit request with an answer the dealership sees (the picture gets back QA's earlier approval)",
    description: '409 when the request was already answered (QA approved the picture again, or declined it).',
  })
  decline(@UuidParam('id') id: string, @Body() body: ReEditDeclineBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ReEditRequestsRpc.decline, { id, text: body.text }, actor);
  }

  @ApiResult([ReEditRequestView])
  @Get('re-edit-requests/order/:orderId')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: "An order's re-edit requests, newest first (whoever sees the order)" })
  ofOrder(@UuidParam('orderId') orderId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ReEditRequestsRpc.ofOrder, { orderId }, actor);
  }
}
