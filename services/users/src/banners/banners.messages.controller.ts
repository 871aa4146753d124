import { BannersRpc, type BannerBody, type BannerIdPayload, type BannerListQuery, type RpcEnvelope, type UpdateBannerPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BannersService } from './banners.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class BannersMessagesController {
  constructor(private readonly banners: BannersService) {}

  @RpcHandler(BannersRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<BannerListQuery>) {
    return this.banners.list(actor, data);
  }

  @RpcHandler(BannersRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<BannerIdPayload>) {
    return this.banners.get(actor, data.id);
  }

  @RpcHandler(BannersRpc.create)
  create(@Payload() { actor, data }: RpcEnvelope<BannerBody>) {
    return this.banners.create(actor, data);
  }

  @RpcHandler(BannersRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateBannerPayload>) {
    return this.banners.update(actor, data);
  }
}
