import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DownloadBundle } from './download-bundle.entity';

/** The zips made for downloads (`download_bundle`); their objects are in S3 (`ZipBundleFiles`). */
@Injectable()
export class DownloadBundlesRepository {
  async insert(m: EntityManager, bundle: Omit<DownloadBundle, 'createdAt'>): Promise<void> {
    await m.insert(DownloadBundle, bundle);
  }

  /** At most `limit` bundles whose link has expired, the oldest first. */
  expired(m: EntityManager, limit: number): Promise<DownloadBundle[]> {
    return m.createQueryBuilder(DownloadBundle, 'b').where('b.expires_at < now()').orderBy('b.expires_at', 'ASC').limit(limit).getMany();
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(DownloadBundle, { id });
  }

  /** The object keys of the order's bundles. */
  async keysOfOrder(m: EntityManager, orderId: string): Promise<string[]> {
    const rows: Array<{ object_key: string }> = await m.query('SELECT object_key FROM download_bundle WHERE order_id = $1', [orderId]);
    return rows.map((r) => r.object_key);
  }

  async deleteOfOrder(m: EntityManager, orderId: string): Promise<void> {
    await m.query('DELETE FROM download_bundle WHERE order_id = $1', [orderId]);
  }

  /** The object keys of the bundles an account made (of its own orders or, for management, of its child accounts'). */
  async keysCreatedBy(m: EntityManager, userId: string): Promise<string[]> {
    const rows: Array<{ object_key: string }> = await m.query('SELECT object_key FROM download_bundle WHERE created_by = $1', [userId]);
    return rows.map((r) => r.object_key);
  }

  async deleteCreatedBy(m: EntityManager, userId: string): Promise<void> {
    await m.query('DELETE FROM download_bundle WHERE created_by = $1', [userId]);
  }
}
