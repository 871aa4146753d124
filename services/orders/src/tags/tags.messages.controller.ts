import {
  AssignTagPayload,
  RemoveTagBody,
  TagBody,
  TaggedEntityPayload,
  TagIdPayload,
  TagListQuery,
  TagsRpc,
  UpdateTagPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { TagAssignmentsService } from './tag-assignments.service';
import { TagsService } from './tags.service';

@Controller()
export class TagsMessagesController {
  constructor(
    private readonly tags: TagsService,
    private readonly assignments: TagAssignmentsService,
  ) {}

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

  @RpcHandler(TagsRpc.ofEntity)
  ofEntity(@Envelope(TaggedEntityPayload) { actor, data }: RpcEnvelope<TaggedEntityPayload>) {
    return this.assignments.ofEntity(actor, data);
  }

  @RpcHandler(TagsRpc.assign)
  assign(@Envelope(AssignTagPayload) { actor, data }: RpcEnvelope<AssignTagPayload>) {
    return this.assignments.assign(actor, data);
  }

  @RpcHandler(TagsRpc.remove)
  remove(@Envelope(RemoveTagBody) { actor, data }: RpcEnvelope<RemoveTagBody>) {
    return this.assignments.remove(actor, data);
  }
}
