import { MediaRpc, type CreateMediaBody, type MediaListQuery, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { MediaService } from './media.service';

@Controller()
export class MediaMessagesController {
  constructor(private readonly media: MediaService) {}

  @RpcHandler(MediaRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<CreateMediaBody>) {
    return this.media.create(actor, data);
  }

  @RpcHandler(MediaRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<MediaListQuery>) {
    return this.media.list(actor, data);
  }
}
