import { QA_LIST_LIMIT, QaEditorDecisionBody, QaPickBody, QaTaskStateBody, QaWorkspaceRpc, type Actor, type QaTaskRole } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { OrderView } from './orders.responses';
import { QaWorkLists } from './qa-workspace.responses';

const LISTS_DESCRIPTION = (role: QaTaskRole) =>
  `The ${role} lists of the QA account \`{id}\` (QA asks only for its own id, the admin for anyone): ` +
  (role === 'editor'
    ? '`ownOrders` its editor tasks on orders in QA stage, `unassignedOrders` the orders in QA stage nobody has picked as editor. '
    : "`ownOrders` its coordinator tasks, `unassignedOrders` the orders in QA stage whose editor's task is DONE and that no coordinator has picked. ") +
  `PRIORITY-tagged orders first, then those with open re-edit requests by due time, then the longest waiting; at most ${QA_LIST_LIMIT} each.`;

/**
 * The QA work lists (`/editing-page`): an editor's and a coordinator's own and unassigned
 * orders, picking and releasing an order, and the editor's task state. Admin and QA.
 */
@ApiTags('orders')
@ApiErrorResponses()
@Controller('orders')
export class QaWorkspaceController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(QaWorkLists)
  @Get('editor/:id')
  @Authenticated({ roles: ['Admin', 'QA'], permission: 'READ_QA_EDITOR_LIST' })
  @ApiOperation({ summary: "A QA editor's own and unassigned orders", description: LISTS_DESCRIPTION('editor') })
  editorLists(@UuidParam('id') userId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.lists, { userId, role: 'editor' }, actor);
  }

  @ApiResult(QaWorkLists)
  @Get('coordinator/:id')
  @Authenticated({ roles: ['Admin', 'QA'], permission: 'READ_QA_COORDINATOR_LIST' })
  @ApiOperation({ summary: "A QA coordinator's own and unassigned orders", description: LISTS_DESCRIPTION('coordinator') })
  coordinatorLists(@UuidParam('id') userId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.lists, { userId, role: 'coordinator' }, actor);
  }

  @ApiResult(OrderView, 'the order, with the role tag on it')
  @Post(':id/qa/pick')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Pick an order as its editor or coordinator',
    description:
      "Writes the caller's task and puts the role's order tag (category QA_EDITOR or QA_COORDINATOR) on the order; QA_PICKED on " +
      'the timeline. Putting such a tag on the order (`POST /tags/orders/{id}`) does the same. An editor (role tag QA_EDITOR or ' +
      'READ_QA_EDITOR_LIST) picks as editor, a coordinator (QA_COORDINATOR or READ_QA_COORDINATOR_LIST) as coordinator, the admin ' +
      'as either: 403 otherwise. A coordinator picks once the editor\'s task is DONE or the order was sent back (its task ' +
      'REJECTED): 409 before. Of two people picking at once exactly one wins; the other gets 409 "{name} has already picked this ' +
      'order". Picking again what one holds changes nothing.',
  })
  pick(@UuidParam('id') id: string, @Body() body: QaPickBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.pick, { id, role: body.role }, actor);
  }

  @ApiResult(OrderView, 'the order, without the role tag')
  @Delete(':id/qa/pick')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: "Release an order: it goes back to the role's unassigned list",
    description: 'The one who picked it or an admin (403 for someone else\'s pick). Taking the role tag off the order does the same.',
  })
  release(@UuidParam('id') id: string, @Query() query: QaPickBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.release, { id, role: query.role }, actor);
  }

  @ApiResult(OrderView, 'the order')
  @Put(':id/qa/task')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: "Set the editor's task state (DONE when the editing is finished)",
    description:
      'The editor who picked the order or an admin; QA_TASK_UPDATED on the timeline. A DONE order shows in the coordinators\' ' +
      'unassigned list. 404 "Nobody has picked this order for this role" when no editor has it.',
  })
  taskState(@UuidParam('id') id: string, @Body() body: QaTaskStateBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.taskState, { id, state: body.state }, actor);
  }

  @ApiResult(OrderView, 'the order after the decision')
  @Put(':id/qa/decision')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: "The editor's decision on its order: send to edit, approve, or cancel the edition",
    description:
      'The editor who picked the order or an admin (403 for someone else\'s, 404 "Nobody has picked this order for this role" ' +
      'without an editor); the order must be in QA stage (409). `sendToEdit`: QA stage / Waiting For Edition, the editor keeps ' +
      'its task (409 when already waiting for edition). `approve`: Ready to download / Approved, every QA task closed. ' +
      '`cancelEdition`: an order waiting for edition is approved (409 when it is not). UPDATED on the timeline.',
  })
  editorDecision(@UuidParam('id') id: string, @Body() body: QaEditorDecisionBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.editorDecision, { id, decision: body.decision }, actor);
  }
}
