import { TagBody, TagIdPayload, TagListQuery, TagsRpc, UpdateTagPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { TagsService } from './tags.service';

@Controller()
export class TagsMessagesController {
  constructor(private readonly tags: TagsService) {}

  @RpcHandler(TagsRpc.list)
  list(@Envelope(TagListQuery) { data }: RpcEnvelope<TagListQuery>) {
    return this.tags.list(data);
  }

  @RpcHandler(TagsRpc.get)
  get(@Envelope(TagIdPayload) { data }: RpcEnvelope<TagIdPayload>) {
    return this.tags.get(data.id);
  }

  @RpcHandler(TagsRpc.create)
  create(@Envelope(TagBody) { actor, data }: RpcEnvelope<TagBody>) {
    return this.tags.create(actor, data);
  }

  @RpcHandler(TagsRpc.update)
  update(@Envelope(UpdateTagPayload) { actor, data }: RpcEnvelope<UpdateTagPayload>) {
    return this.tags.update(actor, data);
  }
}
