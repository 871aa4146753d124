import { clampPage, PAGE_SIZE, type MediaKind } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UtilityMedia } from './utility-media.entity';

/** Utility media (`utility_media`): the rows; their files are in S3 (`MediaService`). */
@Injectable()
export class MediaRepository {
  findById(m: EntityManager, id: string): Promise<UtilityMedia | null> {
    return m.findOne(UtilityMedia, { where: { id } });
  }

  /** The media of these ids (missing ids are left out). */
  byIds(m: EntityManager, ids: string[]): Promise<UtilityMedia[]> {
    return m.createQueryBuilder(UtilityMedia, 'm').where('m.id = ANY(:ids)', { ids }).getMany();
  }

  /** One page of media, newest first, of one kind or all. */
  async page(m: EntityManager, kind: MediaKind | undefined, requestedPage: number | undefined): Promise<{ rows: UtilityMedia[]; total: number; page: number }> {
    const where = kind ? { mediaType: kind } : {};
    const total = await m.count(UtilityMedia, { where });
    const page = clampPage(requestedPage, total);
    const rows = await m.find(UtilityMedia, { where, order: { createdAt: 'DESC', id: 'ASC' }, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE });
    return { rows, total, page };
  }

  insert(m: EntityManager, media: Partial<UtilityMedia>): Promise<UtilityMedia> {
    return m.save(UtilityMedia, m.create(UtilityMedia, media));
  }

  async update(m: EntityManager, id: string, changes: Partial<UtilityMedia>): Promise<void> {
    await m.update(UtilityMedia, { id }, changes);
  }

  /** Media a deleted user uploaded stay (guides use them), without naming who did it. */
  async forgetCreator(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE utility_media SET created_by = NULL WHERE created_by = $1', [userId]);
  }
}
