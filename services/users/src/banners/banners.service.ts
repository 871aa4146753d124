import {
  BANNER_MESSAGES,
  paged,
  RpcError,
  type Actor,
  type BannerBody,
  type BannerListQuery,
  type BannerView,
  type Paged,
  type UpdateBannerPayload,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import type { Banner } from './banner.entity';
import { BannersRepository } from './banners.repository';

const toView = (b: Banner): BannerView => ({
  id: b.id,
  message: b.message,
  isActive: b.isActive,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

/**
 * Which banners a list shows: for the admin, visible (true), hidden (false) or all
 * (undefined) as asked; for everyone else the visible ones, whatever was asked.
 */
export function bannerListFilter(actor: Actor, askedIsActive: boolean | undefined): boolean | undefined {
  return AccountAccess.isAdmin(actor) ? askedIsActive : true;
}

/** A hidden banner is the admin's alone: anyone else is told it does not exist. */
export function maySeeBanner(actor: Actor, banner: Pick<Banner, 'isActive'>): boolean {
  return banner.isActive || AccountAccess.isAdmin(actor);
}

/** Banners: the admin writes them; everyone else sees the visible ones. */
@Injectable()
export class BannersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly banners: BannersRepository,
  ) {}

  async list(actor: Actor, q: BannerListQuery): Promise<Paged<BannerView>> {
    const { rows, total, page } = await this.banners.page(this.ds.manager, bannerListFilter(actor, q.isActive), q.page);
    return paged(rows.map(toView), total, page);
  }

  async get(actor: Actor, id: string): Promise<BannerView> {
    const b = await this.banners.findById(this.ds.manager, id);
    if (!b || !maySeeBanner(actor, b)) throw RpcError.notFound(BANNER_MESSAGES.notFound);
    return toView(b);
  }

  async create(actor: Actor, body: BannerBody): Promise<BannerView> {
    AccountAccess.assertAdmin(actor);
    // hidden until the admin publishes it: a banner goes to every mobile app user at once
    return toView(await this.banners.insert(this.ds.manager, { message: body.message, isActive: body.isActive ?? false }));
  }

  async update(actor: Actor, p: UpdateBannerPayload): Promise<BannerView> {
    AccountAccess.assertAdmin(actor);
    const b = await this.banners.findById(this.ds.manager, p.id);
    if (!b) throw RpcError.notFound(BANNER_MESSAGES.notFound);
    if (p.message !== undefined) b.message = p.message;
    if (p.isActive !== undefined) b.isActive = p.isActive;
    return toView(await this.banners.save(this.ds.manager, b));
  }
}
