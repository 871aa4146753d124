import {
  IdPayload,
  PipelineSettingsPayload,
  StyleGuideBody,
  StyleGuideListQuery,
  StyleGuidesRpc,
  StyleGuideUserBody,
  UpdateStyleGuidePayload,
  UserStyleGuidesPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { PipelineSettingsService } from './pipeline-settings.service';
import { StyleGuidesService } from './style-guides.service';

@Controller()
export class StyleGuidesMessagesController {
  constructor(
    private readonly guides: StyleGuidesService,
    private readonly pipelineSettings: PipelineSettingsService,
  ) {}

  @RpcHandler(StyleGuidesRpc.list)
  list(@Envelope(StyleGuideListQuery) { actor, data }: RpcEnvelope<StyleGuideListQuery>) {
    return this.guides.list(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.get)
  get(@Envelope(IdPayload) { actor, data }: RpcEnvelope<IdPayload>) {
    return this.guides.get(actor, data.id);
  }

  @RpcHandler(StyleGuidesRpc.ofUser)
  ofUser(@Envelope(UserStyleGuidesPayload) { actor, data }: RpcEnvelope<UserStyleGuidesPayload>) {
    return this.guides.ofUser(actor, data.userId);
  }

  @RpcHandler(StyleGuidesRpc.create)
  create(@Envelope(StyleGuideBody) { actor, data }: RpcEnvelope<StyleGuideBody>) {
    return this.guides.create(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.update)
  update(@Envelope(UpdateStyleGuidePayload) { actor, data }: RpcEnvelope<UpdateStyleGuidePayload>) {
    return this.guides.update(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.duplicate)
  duplicate(@Envelope(IdPayload) { actor, data }: RpcEnvelope<IdPayload>) {
    return this.guides.duplicate(actor, data.id);
  }

  @RpcHandler(StyleGuidesRpc.delete)
  delete(@Envelope(IdPayload) { actor, data }: RpcEnvelope<IdPayload>) {
    return this.guides.delete(actor, data.id);
  }

  @RpcHandler(StyleGuidesRpc.addToUser)
  addToUser(@Envelope(StyleGuideUserBody) { actor, data }: RpcEnvelope<StyleGuideUserBody>) {
    return this.guides.addToUser(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.removeFromUser)
  removeFromUser(@Envelope(StyleGuideUserBody) { actor, data }: RpcEnvelope<StyleGuideUserBody>) {
    return this.guides.removeFromUser(actor, data);
  }

  @RpcHandler(StyleGuidesRpc.pipelineSettings)
  settingsForPipeline(@Envelope(PipelineSettingsPayload) { actor, data }: RpcEnvelope<PipelineSettingsPayload>) {
    return this.pipelineSettings.settings(actor, data.styleGuideId);
  }
}
