import {
  TagsRpc,
  type AssignTagPayload,
  type OrderImageTagsPayload,
  type RemoveTagBody,
  type RpcEnvelope,
  type TagBody,
  type TaggedEntityPayload,
  type TagIdPayload,
  type TagListQuery,
  type UpdateTagPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { TagAssignmentsService } from './tag-assignments.service';
import { TagsService } from './tags.service';

@Controller()
export class TagsMessagesController {
  constructor(
    private readonly tags: TagsService,
    private readonly assignments: TagAssignmentsService,
  ) {}

  @RpcHandler(TagsRpc.list)
  list(@Payload() { data }: RpcEnvelope<TagListQuery>) {
    return this.tags.list(data);
  }

  @RpcHandler(TagsRpc.get)
  get(@Payload() { data }: RpcEnvelope<TagIdPayload>) {
    return this.tags.get(data.id);
  }

  @RpcHandler(TagsRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<TagBody>) {
    return this.tags.create(actor, data);
  }

  @RpcHandler(TagsRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateTagPayload>) {
    return this.tags.update(actor, data);
  }

  @RpcHandler(TagsRpc.ofEntity)
  ofEntity(@Payload() { actor, data }: RpcEnvelope<TaggedEntityPayload>) {
    return this.assignments.ofEntity(actor, data);
  }

  @RpcHandler(TagsRpc.assign)
  assign(@Payload() { actor, data }: RpcEnvelope<AssignTagPayload>) {
    return this.assignments.assign(actor, data);
  }

  @RpcHandler(TagsRpc.ofOrderImages)
  ofOrderImages(@Payload() { actor, data }: RpcEnvelope<OrderImageTagsPayload>) {
    return this.assignments.ofOrderImages(actor, data);
  }

  @RpcHandler(TagsRpc.remove)
  remove(@Payload() { actor, data }: RpcEnvelope<RemoveTagBody>) {
    return this.assignments.remove(actor, data);
  }
}
