import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ImageVersion } from './image-version.entity';

/** The versions of images' pictures (`image_version`); their files are in S3 (`ImageVersionFiles`). */
@Injectable()
export class ImageVersionsRepository {
  /** A new version; `current` ones take the mark from the image's other versions. */
  async insert(m: EntityManager, version: Omit<ImageVersion, 'createdAt' | 'current' | 'failureReason' | 'failedAt'> & { current?: boolean }): Promise<ImageVersion> {
    const row = m.create(ImageVersion, { failureReason: null, failedAt: null, ...version, current: false, createdAt: new Date() });
    // save, not insert: TypeORM's insert type does not take a free-form JSON column
    await m.save(ImageVersion, row);
    if (version.current) await this.makeCurrent(m, row.imageId, row.id);
    return { ...row, current: version.current ?? false };
  }

  /** The version becomes the image's current picture; the mark leaves any other. */
  async makeCurrent(m: EntityManager, imageId: string, versionId: string): Promise<void> {
    await m.query('UPDATE image_version SET current = false WHERE image_id = $1 AND current AND id <> $2', [imageId, versionId]);
    await m.query('UPDATE image_version SET current = true WHERE image_id = $1 AND id = $2', [imageId, versionId]);
  }

  /** No version is the current picture (a pipeline job failed and left the image without one). */
  async clearCurrent(m: EntityManager, imageId: string): Promise<void> {
    await m.query('UPDATE image_version SET current = false WHERE image_id = $1 AND current', [imageId]);
  }

  /** The version a pipeline job was queued with, locked until the transaction ends. */
  byJob(m: EntityManager, jobId: string): Promise<ImageVersion | null> {
    return m.findOne(ImageVersion, { where: { jobId }, lock: { mode: 'pessimistic_write' } });
  }

  /** A ready version of the image (one without its files yet, or of another image, is not found). */
  async readyOf(m: EntityManager, imageId: string, id: string): Promise<ImageVersion | null> {
    const v = await m.findOne(ImageVersion, { where: { id, imageId } });
    return v && v.readyAt && v.fileKey ? v : null;
  }

  /** The image's ready versions, oldest first (by when each became a picture: a job's output when it arrived). */
  readyOfImage(m: EntityManager, imageId: string): Promise<ImageVersion[]> {
    return m
      .createQueryBuilder(ImageVersion, 'v')
      .where('v.image_id = :imageId', { imageId })
      .andWhere('v.ready_at IS NOT NULL')
      .orderBy('v.ready_at', 'ASC')
      .addOrderBy('v.created_at', 'ASC')
      .addOrderBy('v.id', 'ASC')
      .getMany();
  }

  /** The latest test run of each of the order's pictures (one row per image, the newest request). */
  latestTestRuns(m: EntityManager, orderId: string): Promise<ImageVersion[]> {
    return m
      .createQueryBuilder(ImageVersion, 'v')
      .distinctOn(['v.image_id'])
      .where('v.order_id = :orderId', { orderId })
      .andWhere("v.kind = 'test'")
      .orderBy('v.image_id', 'ASC')
      .addOrderBy('v.created_at', 'DESC')
      .addOrderBy('v.id', 'DESC')
      .getMany();
  }

  save(m: EntityManager, version: ImageVersion): Promise<ImageVersion> {
    return m.save(ImageVersion, version);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.delete(ImageVersion, { id });
  }

  /** Versions a deleted user made stay, without naming who made them. */
  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE image_version SET created_by = NULL, created_by_name = NULL WHERE created_by = $1', [userId]);
  }
}
