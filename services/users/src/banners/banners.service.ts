import {
  BANNER_MESSAGES,
  clampPage,
  PAGE_SIZE,
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
import { Banner } from './banner.entity';

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
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(actor: Actor, q: BannerListQuery): Promise<Paged<BannerView>> {
    const qb = this.ds.manager.createQueryBuilder(Banner, 'b').orderBy('b.created_at', 'DESC').addOrderBy('b.id', 'ASC');
    const onlyActive = bannerListFilter(actor, q.isActive);
    if (onlyActive !== undefined) qb.andWhere('b.is_active = :a', { a: onlyActive });
    const total = await qb.getCount();
    const page = clampPage(q.page, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return paged(rows.map(toView), total, page);
  }

  async get(actor: Actor, id: string): Promise<BannerView> {
    const b = await this.ds.manager.findOne(Banner, { where: { id } });
    if (!b || !maySeeBanner(actor, b)) throw RpcError.notFound(BANNER_MESSAGES.notFound);
    return toView(b);
  }

  async create(actor: Actor, body: BannerBody): Promise<BannerView> {
    AccountAccess.assertAdmin(actor);
    return toView(await this.ds.manager.save(Banner, this.ds.manager.create(Banner, { message: body.message, isActive: body.isActive ?? true })));
  }

  async update(actor: Actor, p: UpdateBannerPayload): Promise<BannerView> {
    AccountAccess.assertAdmin(actor);
    const b = await this.ds.manager.findOne(Banner, { where: { id: p.id } });
    if (!b) throw RpcError.notFound(BANNER_MESSAGES.notFound);
    if (p.message !== undefined) b.message = p.message;
    if (p.isActive !== undefined) b.isActive = p.isActive;
    return toView(await this.ds.manager.save(Banner, b));
  }
}
