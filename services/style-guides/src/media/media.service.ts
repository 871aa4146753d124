import {
  clampPage,
  MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  PAGE_SIZE,
  paged,
  RpcError,
  type Actor,
  type CreateMediaBody,
  type CreateMediaResult,
  type MediaKind,
  type MediaListQuery,
  type MediaView,
  type Paged,
} from '@app/contracts';
import { IMAGE_TYPES, ObjectKeys, ObjectRejectedError, StorageService } from '@app/storage';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { UtilityMedia } from './utility-media.entity';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};
const ALLOWED = [...IMAGE_TYPES, 'image/svg+xml'];
/** download links of media live this long */
const URL_TTL_SECONDS = 60 * 60;

/**
 * Utility media: uploaded by presigned POST straight to S3, checked by the server the first
 * time something uses them, served by short-lived presigned GET.
 */
@Injectable()
export class MediaService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly storage: StorageService,
  ) {}

  async create(actor: Actor, body: CreateMediaBody): Promise<CreateMediaResult> {
    StyleGuideAccess.assertManager(actor);
    if (!(MEDIA_KINDS as readonly string[]).includes(body.mediaType)) throw RpcError.badRequest(MEDIA_MESSAGES.invalidType(body.mediaType));
    const ext = body.fileExtension === 'jpeg' ? 'jpg' : body.fileExtension;
    const id = randomUUID();
    const key = ObjectKeys.media(body.mediaType, id, ext);
    const media = await this.ds.manager.save(
      UtilityMedia,
      this.ds.manager.create(UtilityMedia, {
        id,
        mediaType: body.mediaType as MediaKind,
        fileExtension: ext,
        objectKey: key,
        uploaded: false,
        sizeBytes: null,
        createdBy: actor.userId ?? null,
      }),
    );
    const post = await this.storage.presignedPost({ key, contentType: CONTENT_TYPES[ext], maxBytes: MEDIA_MAX_BYTES, expiresInSeconds: 15 * 60 });
    return { url: post.url, fields: post.fields, expiresAt: post.expiresAt, utilityMedia: await this.view(media) };
  }

  async list(actor: Actor, q: MediaListQuery): Promise<Paged<MediaView>> {
    StyleGuideAccess.assertManager(actor);
    if (q.mediaType && !(MEDIA_KINDS as readonly string[]).includes(q.mediaType)) throw RpcError.badRequest(MEDIA_MESSAGES.invalidType(q.mediaType));
    const where = q.mediaType ? { mediaType: q.mediaType as MediaKind } : {};
    const total = await this.ds.manager.count(UtilityMedia, { where });
    const page = clampPage(q.page, total);
    const rows = await this.ds.manager.find(UtilityMedia, {
      where,
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    });
    return paged(await Promise.all(rows.map((r) => this.view(r))), total, page);
  }

  async view(media: UtilityMedia): Promise<MediaView> {
    if (!media.uploaded) await this.checkUpload(media);
    const url = media.uploaded ? await this.storage.presignedGet(media.objectKey, URL_TTL_SECONDS) : null;
    return {
      id: media.id,
      mediaType: media.mediaType,
      fileExtension: media.fileExtension,
      url,
      thumbnailUrl: url,
      uploaded: media.uploaded,
      createdAt: media.createdAt.toISOString(),
    };
  }

  /** Looks whether the file of a pending medium has arrived and is valid; remembers it if so. */
  private async checkUpload(media: UtilityMedia): Promise<void> {
    try {
      const verified = await this.storage.verifyObject(media.objectKey, { maxBytes: MEDIA_MAX_BYTES, allowedTypes: ALLOWED });
      await this.ds.manager.update(UtilityMedia, { id: media.id }, { uploaded: true, sizeBytes: verified.size });
      media.uploaded = true;
      media.sizeBytes = verified.size;
    } catch (err) {
      if (!(err instanceof ObjectRejectedError)) throw err;
    }
  }

  /** Views of several media at once, by id (missing ids are left out). */
  async views(ids: Array<string | null | undefined>): Promise<Map<string, MediaView>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (!wanted.length) return new Map();
    const rows = await this.ds.manager
      .createQueryBuilder(UtilityMedia, 'm')
      .where('m.id = ANY(:ids)', { ids: wanted })
      .getMany();
    const out = new Map<string, MediaView>();
    for (const row of rows) out.set(row.id, await this.view(row));
    return out;
  }

  /**
   * Every medium a change refers to must exist and have its file uploaded and valid. The
   * first use checks the object in S3 (size, type by its first bytes) and remembers it.
   */
  async requireUploaded(m: EntityManager, ids: Array<string | null | undefined>): Promise<void> {
    for (const id of new Set(ids.filter((x): x is string => !!x))) {
      const media = await m.findOne(UtilityMedia, { where: { id } });
      if (!media) throw RpcError.badRequest(`${MEDIA_MESSAGES.notFound}: ${id}`);
      if (media.uploaded) continue;
      try {
        const verified = await this.storage.verifyObject(media.objectKey, { maxBytes: MEDIA_MAX_BYTES, allowedTypes: ALLOWED });
        await m.update(UtilityMedia, { id }, { uploaded: true, sizeBytes: verified.size });
      } catch (err) {
        if (err instanceof ObjectRejectedError) throw RpcError.badRequest(MEDIA_MESSAGES.notUploaded(id));
        throw err;
      }
    }
  }
}
