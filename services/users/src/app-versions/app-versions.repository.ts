import { APP_VERSION_MESSAGES, clampPage, PAGE_SIZE, RpcError, type AppVersionListQuery } from '@app/contracts';
import { escapeLike, isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppVersion } from './app-version.entity';

/** Versions of the mobile app (`app_version`). */
@Injectable()
export class AppVersionsRepository {
  /** One page of versions, newest first, of one platform or all, searched in the version string. */
  async page(m: EntityManager, q: Omit<AppVersionListQuery, 'page'>, requestedPage: number | undefined): Promise<{ rows: AppVersion[]; total: number; page: number }> {
    const qb = m.createQueryBuilder(AppVersion, 'v').orderBy('v.created_at', 'DESC').addOrderBy('v.id', 'ASC');
    if (q.platform) qb.andWhere('v.platform = :p', { p: q.platform });
    if (q.search) qb.andWhere('v.version_string LIKE :s', { s: `%${escapeLike(q.search)}%` });
    const total = await qb.getCount();
    const page = clampPage(requestedPage, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total, page };
  }

  /** The version; with `lock`, locked until the transaction ends. */
  findById(m: EntityManager, id: string, lock = false): Promise<AppVersion | null> {
    return m.findOne(AppVersion, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** Makes changes of one platform's required minimum in other transactions wait for this one. */
  async lockPlatform(m: EntityManager, platform: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app-version:${platform}`]);
  }

  create(m: EntityManager, fields: Partial<AppVersion>): AppVersion {
    return m.create(AppVersion, fields);
  }

  /**
   * Saves a new or changed version. One that becomes the required minimum of its platform
   * clears the previous one first (one at a time, also guarded by a unique index); the same
   * version string twice on a platform is 409.
   */
  async save(m: EntityManager, v: AppVersion): Promise<AppVersion> {
    if (v.isRequiredMinimum) {
      await m.query('UPDATE app_version SET is_required_minimum = false, updated_at = now() WHERE platform = $1 AND is_required_minimum AND id IS DISTINCT FROM $2::uuid', [
        v.platform,
        v.id ?? null,
      ]);
    }
    try {
      return await m.save(AppVersion, v);
    } catch (err) {
      if (isUniqueViolation(err)) throw RpcError.conflict(APP_VERSION_MESSAGES.duplicate);
      throw err;
    }
  }

  /** Removes the version; false when there was none. */
  async delete(m: EntityManager, id: string): Promise<boolean> {
    const res: [unknown[], number] = await m.query('DELETE FROM app_version WHERE id = $1 RETURNING id', [id]);
    return res[1] > 0;
  }
}
