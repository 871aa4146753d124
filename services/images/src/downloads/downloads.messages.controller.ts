import { ImagesRpc, type DownloadMediaPayload, type DownloadPayload, type OrderRefPayload, type RpcEnvelope } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DownloadsService } from './downloads.service';

@Controller()
export class DownloadsMessagesController {
  constructor(private readonly downloads: DownloadsService) {}

  @RpcHandler(ImagesRpc.download)
  download(@Payload() { actor, data }: RpcEnvelope<DownloadPayload>) {
    return this.downloads.download(actor, data);
  }

  @RpcHandler(ImagesRpc.deliveryFiles)
  deliveryFiles(@Payload() { actor, data }: RpcEnvelope<OrderRefPayload>) {
    return this.downloads.deliveryFiles(actor, data.id);
  }

  @RpcHandler(ImagesRpc.downloadOne)
  downloadOne(@Payload() { actor, data }: RpcEnvelope<DownloadMediaPayload>) {
    return this.downloads.downloadOne(actor, data);
  }
}
