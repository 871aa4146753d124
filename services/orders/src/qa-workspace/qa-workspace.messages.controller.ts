import { QaWorkspaceRpc, type QaEditorDecisionPayload, type QaPickPayload, type QaTaskStatePayload, type QaWorkListsPayload, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QaWorkspaceService } from './qa-workspace.service';

@Controller()
export class QaWorkspaceMessagesController {
  constructor(private readonly qa: QaWorkspaceService) {}

  @RpcHandler(QaWorkspaceRpc.lists)
  lists(@Payload() { actor, data }: RpcEnvelope<QaWorkListsPayload>) {
    return this.qa.lists(actor, data);
  }

  @RpcHandler(QaWorkspaceRpc.pick)
  pick(@Payload() { actor, data }: RpcEnvelope<QaPickPayload>) {
    return this.qa.pick(actor, data);
  }

  @RpcHandler(QaWorkspaceRpc.release)
  release(@Payload() { actor, data }: RpcEnvelope<QaPickPayload>) {
    return this.qa.release(actor, data);
  }

  @RpcHandler(QaWorkspaceRpc.taskState)
  taskState(@Payload() { actor, data }: RpcEnvelope<QaTaskStatePayload>) {
    return this.qa.taskState(actor, data);
  }

  @RpcHandler(QaWorkspaceRpc.editorDecision)
  editorDecision(@Payload() { actor, data }: RpcEnvelope<QaEditorDecisionPayload>) {
    return this.qa.editorDecision(actor, data);
  }
}
