import {
  APP_VERSION_MESSAGES,
  clampPage,
  PAGE_SIZE,
  paged,
  RpcError,
  type Actor,
  type AppVersionBody,
  type AppVersionListQuery,
  type AppVersionView,
  type Paged,
  type UpdateAppVersionPayload,
} from '@app/contracts';
import { escapeLike, isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AppVersion } from './app-version.entity';

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
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private async save(m: EntityManager, v: AppVersion): Promise<AppVersion> {
    if (v.isRequiredMinimum) {
      await m.query('UPDATE app_version SET is_required_minimum = false, updated_at = now() WHERE platform = $1 AND is_required_minimum AND id IS DISTINCT FROM $2::uuid', [
        v.platform,
        v.id ?? null,
      ]);
    }
    try {
      return await m.save(AppVersion, v);
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw RpcError.conflict(APP_VERSION_MESSAGES.duplicate);
      }
      throw err;
    }
  }

  async list(q: AppVersionListQuery): Promise<Paged<AppVersionView>> {
    const qb = this.ds.manager.createQueryBuilder(AppVersion, 'v').orderBy('v.created_at', 'DESC').addOrderBy('v.id', 'ASC');
    if (q.platform) qb.andWhere('v.platform = :p', { p: q.platform });
    if (q.search) qb.andWhere('v.version_string LIKE :s', { s: `%${escapeLike(q.search)}%` });
    const total = await qb.getCount();
    const page = clampPage(q.page, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return paged(rows.map(toView), total, page);
  }

  async get(id: string): Promise<AppVersionView> {
    const v = await this.ds.manager.findOne(AppVersion, { where: { id } });
    if (!v) throw RpcError.notFound(APP_VERSION_MESSAGES.notFound);
    return toView(v);
  }

  async create(actor: Actor, body: AppVersionBody): Promise<AppVersionView> {
    AccountAccess.assertAdmin(actor);
    return this.ds.transaction(async (m) => {
      // one minimum change at a time per platform
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app-version:${body.platform ?? 'Android'}`]);
      const v = m.create(AppVersion, {
        versionString: body.versionString,
        platform: body.platform ?? 'Android',
        needsDatabaseDeleteOnMobile: body.needsDatabaseDeleteOnMobile ?? false,
        isRequiredMinimum: body.isTheRequiredMinimumVersionCurrently ?? false,
      });
      return toView(await this.save(m, v));
    });
  }

  async update(actor: Actor, p: UpdateAppVersionPayload): Promise<AppVersionView> {
    AccountAccess.assertAdmin(actor);
    return this.ds.transaction(async (m) => {
      const v = await m.findOne(AppVersion, { where: { id: p.id }, lock: { mode: 'pessimistic_write' } });
      if (!v) throw RpcError.notFound(APP_VERSION_MESSAGES.notFound);
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app-version:${p.platform ?? v.platform}`]);
      if (p.versionString !== undefined) v.versionString = p.versionString;
      if (p.platform !== undefined) v.platform = p.platform;
      if (p.needsDatabaseDeleteOnMobile !== undefined) v.needsDatabaseDeleteOnMobile = p.needsDatabaseDeleteOnMobile;
      if (p.isTheRequiredMinimumVersionCurrently !== undefined) v.isRequiredMinimum = p.isTheRequiredMinimumVersionCurrently;
      return toView(await this.save(m, v));
    });
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    AccountAccess.assertAdmin(actor);
    const res: [unknown[], number] = await this.ds.manager.query('DELETE FROM app_version WHERE id = $1 RETURNING id', [id]);
    if (res[1] === 0) throw RpcError.notFound(APP_VERSION_MESSAGES.notFound);
    return { deleted: true };
  }
}
