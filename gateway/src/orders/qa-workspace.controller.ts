import { QaEditorDecisionBody, QaPickBody, QaTaskStateBody, QaWorkspaceRpc, Routes, type Actor } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/**
 * The QA work lists (`/editing-page`, `Routes.qaWorkspace`): an editor's and a coordinator's
 * own and unassigned orders, picking and releasing an order, and the editor's task state.
 * Admin and QA.
 */
@ApiTags('orders')
@ApiErrorResponses()
@Controller()
export class QaWorkspaceController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.qaWorkspace.editorLists)
  editorLists(@UuidParam('id') userId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.lists, { userId, role: 'editor' }, actor);
  }

  @Operation(Routes.qaWorkspace.coordinatorLists)
  coordinatorLists(@UuidParam('id') userId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.lists, { userId, role: 'coordinator' }, actor);
  }

  @Operation(Routes.qaWorkspace.pick)
  pick(@UuidParam('id') id: string, @Body() body: QaPickBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.pick, { id, role: body.role }, actor);
  }

  @Operation(Routes.qaWorkspace.release)
  release(@UuidParam('id') id: string, @Query() query: QaPickBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.release, { id, role: query.role }, actor);
  }

  @Operation(Routes.qaWorkspace.taskState)
  taskState(@UuidParam('id') id: string, @Body() body: QaTaskStateBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.taskState, { id, state: body.state }, actor);
  }

  @Operation(Routes.qaWorkspace.editorDecision)
  editorDecision(@UuidParam('id') id: string, @Body() body: QaEditorDecisionBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaWorkspaceRpc.editorDecision, { id, decision: body.decision }, actor);
  }
}
