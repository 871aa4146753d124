import { BannerBody, BannerIdPayload, BannerListQuery, BannersRpc, UpdateBannerPayload, type RpcEnvelope } from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { BannersService } from './banners.service';

@Controller()
export class BannersMessagesController {
  constructor(private readonly banners: BannersService) {}

  @RpcHandler(BannersRpc.list)
  list(@Envelope(BannerListQuery) { actor, data }: RpcEnvelope<BannerListQuery>) {
    return this.banners.list(actor, data);
  }

  @RpcHandler(BannersRpc.get)
  get(@Envelope(BannerIdPayload) { actor, data }: RpcEnvelope<BannerIdPayload>) {
    return this.banners.get(actor, data.id);
  }

  @RpcHandler(BannersRpc.create)
  create(@Envelope(BannerBody) { actor, data }: RpcEnvelope<BannerBody>) {
    return this.banners.create(actor, data);
  }

  @RpcHandler(BannersRpc.update)
  update(@Envelope(UpdateBannerPayload) { actor, data }: RpcEnvelope<UpdateBannerPayload>) {
    return this.banners.update(actor, data);
  }
}
