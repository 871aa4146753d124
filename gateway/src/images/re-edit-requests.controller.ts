import { ReEditDeclineBody, ReEditRequestBody, ReEditRequestsRpc, type Actor } from '@app/contracts';
import { Routes } from '@app/contracts/http';
import { RpcClient } from '@app/messaging';
import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** Re-edit requests: a dealership asks QA to edit a processed picture again; QA answers (routes: `Routes.reEditRequests`). */
@ApiTags('images')
@ApiErrorResponses()
@Controller()
export class ReEditRequestsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.reEditRequests.create)
  create(@UuidParam('imageId') imageId: string, @Body() body: ReEditRequestBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ReEditRequestsRpc.create, { imageId, reason: body.reason, text: body.text }, actor);
  }

  @Operation(Routes.reEditRequests.decline)
  decline(@UuidParam('id') id: string, @Body() body: ReEditDeclineBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ReEditRequestsRpc.decline, { id, text: body.text }, actor);
  }

  @Operation(Routes.reEditRequests.ofOrder)
  ofOrder(@UuidParam('orderId') orderId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ReEditRequestsRpc.ofOrder, { orderId }, actor);
  }
}
