import { DownloadMediaPayload, DownloadPayload, ImagesRpc, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { DownloadsService } from './downloads.service';

@Controller()
export class DownloadsMessagesController {
  constructor(private readonly downloads: DownloadsService) {}

  @RpcHandler(ImagesRpc.download)
  download(@Envelope(DownloadPayload) { actor, data }: RpcEnvelope<DownloadPayload>) {
    return this.downloads.download(actor, data);
  }

  @RpcHandler(ImagesRpc.downloadOne)
  downloadOne(@Envelope(DownloadMediaPayload) { actor, data }: RpcEnvelope<DownloadMediaPayload>) {
    return this.downloads.downloadOne(actor, data);
  }
}
