import {
  StyleGuidesRpc,
  type IdPayload,
  type PipelineSettingsPayload,
  type RpcEnvelope,
  type StyleGuideBody,
  type StyleGuideListQuery,
  type StyleGuideUserBody,
  type UpdateStyleGuidePayload,
  type UserStyleGuidesPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PipelineSettingsService } from './pipeline-settings.service';
import { StyleGuidesService } from './style-guides.service';

@Controller()
export class StyleGuidesMessagesController {
  constructor(
    private readonly guides: StyleGuidesService,
    private readonly pipelineSettings: PipelineSettingsService,
  ) {}

  @RpcHandler(StyleGuidesRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<StyleGuideListQuery>) {
    return this.guides.list(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<IdPayload>) {
    return this.guides.get(actor, data.id);
  }

  @RpcHandler(StyleGuidesRpc.ofUser)
  ofUser(@Payload() { actor, data }: RpcEnvelope<UserStyleGuidesPayload>) {
    return this.guides.ofUser(actor, data.userId);
  }

  @RpcHandler(StyleGuidesRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<StyleGuideBody>) {
    return this.guides.create(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateStyleGuidePayload>) {
    return this.guides.update(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.duplicate)
  duplicate(@Payload() { actor, data }: RpcEnvelope<IdPayload>) {
    return this.guides.duplicate(actor, data.id);
  }

  @RpcHandler(StyleGuidesRpc.delete)
  delete(@Payload() { actor, data }: RpcEnvelope<IdPayload>) {
    return this.guides.delete(actor, data.id);
  }

  @RpcHandler(StyleGuidesRpc.addToUser)
  addToUser(@Payload() { actor, data }: RpcEnvelope<StyleGuideUserBody>) {
    return this.guides.addToUser(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.removeFromUser)
  removeFromUser(@Payload() { actor, data }: RpcEnvelope<StyleGuideUserBody>) {
    return this.guides.removeFromUser(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.pipelineSettings)
  settingsForPipeline(@Payload() { actor, data }: RpcEnvelope<PipelineSettingsPayload>) {
    return this.pipelineSettings.settings(actor, data.styleGuideId);
  }
}
