import {
  APP_VERSION_MESSAGES,
  paged,
  RpcError,
  type Actor,
  type AppVersionBody,
  type AppVersionListQuery,
  type AppVersionView,
  type Paged,
  type UpdateAppVersionPayload,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import type { AppVersion } from './app-version.entity';
import { AppVersionsRepository } from './app-versions.repository';

const toView = (v: AppVersion): AppVersionView => ({
  id: v.id,
  versionString: v.versionString,
  platform: v.platform,
  needsDatabaseDeleteOnMobile: v.needsDatabaseDeleteOnMobile,
  isTheRequiredMinimumVersionCurrently: v.isRequiredMinimum,
  createdAt: v.createdAt.toISOString(),
  updatedAt: v.updatedAt.toISOString(),
});

/**
 * Versions of the mobile app. Making one the required minimum of its platform clears the
 * previous one in the same transaction (one at a time, also guarded by a unique index).
 */
@Injectable()
export class AppVersionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly versions: AppVersionsRepository,
  ) {}

  async list(q: AppVersionListQuery): Promise<Paged<AppVersionView>> {
    const { rows, total, page } = await this.versions.page(this.ds.manager, q, q.page);
    return paged(rows.map(toView), total, page);
  }

  async get(id: string): Promise<AppVersionView> {
    const v = await this.versions.findById(this.ds.manager, id);
    if (!v) throw RpcError.notFound(APP_VERSION_MESSAGES.notFound);
    return toView(v);
  }

  async create(actor: Actor, body: AppVersionBody): Promise<AppVersionView> {
    AccountAccess.assertAdmin(actor);
    return inTransaction(this.ds, async (m) => {
      // one minimum change at a time per platform
      await this.versions.lockPlatform(m, body.platform ?? 'Android');
      const v = this.versions.create(m, {
        versionString: body.versionString,
        platform: body.platform ?? 'Android',
        needsDatabaseDeleteOnMobile: body.needsDatabaseDeleteOnMobile ?? false,
        isRequiredMinimum: body.isTheRequiredMinimumVersionCurrently ?? false,
      });
      return toView(await this.versions.save(m, v));
    });
  }

  async update(actor: Actor, p: UpdateAppVersionPayload): Promise<AppVersionView> {
    AccountAccess.assertAdmin(actor);
    return inTransaction(this.ds, async (m) => {
      const v = await this.versions.findById(m, p.id, true);
      if (!v) throw RpcError.notFound(APP_VERSION_MESSAGES.notFound);
      await this.versions.lockPlatform(m, p.platform ?? v.platform);
      if (p.versionString !== undefined) v.versionString = p.versionString;
      if (p.platform !== undefined) v.platform = p.platform;
      if (p.needsDatabaseDeleteOnMobile !== undefined) v.needsDatabaseDeleteOnMobile = p.needsDatabaseDeleteOnMobile;
      if (p.isTheRequiredMinimumVersionCurrently !== undefined) v.isRequiredMinimum = p.isTheRequiredMinimumVersionCurrently;
      return toView(await this.versions.save(m, v));
    });
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    AccountAccess.assertAdmin(actor);
    if (!(await this.versions.delete(this.ds.manager, id))) throw RpcError.notFound(APP_VERSION_MESSAGES.notFound);
    return { deleted: true };
  }
}
