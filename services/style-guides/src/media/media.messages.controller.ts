import { CreateMediaBody, MediaListQuery, MediaRpc, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { MediaService } from './media.service';

@Controller()
export class MediaMessagesController {
  constructor(private readonly media: MediaService) {}

  @RpcHandler(MediaRpc.create)
  create(@Envelope(CreateMediaBody) { actor, data }: RpcEnvelope<CreateMediaBody>) {
    return this.media.create(actor, data);
  }

  @RpcHandler(MediaRpc.list)
  list(@Envelope(MediaListQuery) { actor, data }: RpcEnvelope<MediaListQuery>) {
    return this.media.list(actor, data);
  }
}
