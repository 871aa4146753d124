import {
  MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  paged,
  RpcError,
  UPLOAD_URL_TTL_SECONDS,
  type Actor,
  type CreateMediaBody,
  type CreateMediaResult,
  type MediaKind,
  type MediaListQuery,
  type MediaView,
  type Paged,
} from '@app/contracts';
import { afterCommit } from '@app/service-kit';
import { ObjectKeys, ObjectRejectedError, StorageService } from '@app/storage';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { StyleGuideAccess } from '../access/style-guide-access';
import { MediaRepository } from './media.repository';
import type { UtilityMedia } from './utility-media.entity';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};
/**
 * What a medium may be, by its bytes: raster images only. An SVG is a document that can
 * carry scripts, and media are served to browsers: it is refused.
 */
const ALLOWED = ['image/jpeg', 'image/png', 'image/webp'];
/** download links of media live this long */
const URL_TTL_SECONDS = 60 * 60;

const svgRefused = (id: string) => `The file of media ${id} is an SVG image, which is not accepted: upload a PNG, JPEG or WebP image`;

/** The medium's file failed the check; `svg` when it is an SVG document. */
class MediaRefusedError extends Error {
  constructor(readonly svg: boolean) {
    super(svg ? 'an SVG document' : 'not an image');
    this.name = 'MediaRefusedError';
  }
}

/**
 * Utility media: uploaded by presigned POST straight to S3, to a one-time staging key; checked
 * by the server the first time something uses them or lists them, and then kept (the checked
 * bytes) under a final key that no upload grant names; served by short-lived presigned GETs
 * that answer the checked image type, as a download (`Content-Disposition`), whatever was
 * posted.
 */
@Injectable()
export class MediaService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly mediaRows: MediaRepository,
    private readonly storage: StorageService,
  ) {}

  async create(actor: Actor, body: CreateMediaBody): Promise<CreateMediaResult> {
    StyleGuideAccess.assertManager(actor);
    if (!(MEDIA_KINDS as readonly string[]).includes(body.mediaType)) throw RpcError.badRequest(MEDIA_MESSAGES.invalidType(body.mediaType));
    const ext = body.fileExtension === 'jpeg' ? 'jpg' : body.fileExtension;
    const id = randomUUID();
    // the final key is where the checked file will be kept; the grant names only a staging key
    const key = ObjectKeys.media(body.mediaType, id, ext);
    const uploadKey = ObjectKeys.mediaUpload(body.mediaType, id, randomUUID(), ext);
    const uploadExpiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
    const media = await this.mediaRows.insert(this.ds.manager, {
      id,
      mediaType: body.mediaType as MediaKind,
      fileExtension: ext,
      objectKey: key,
      uploadKey,
      uploadExpiresAt,
      uploaded: false,
      sizeBytes: null,
      createdBy: actor.userId ?? null,
    });
    const post = await this.storage.presignedPost({ key: uploadKey, contentType: CONTENT_TYPES[ext], maxBytes: MEDIA_MAX_BYTES, expiresInSeconds: UPLOAD_URL_TTL_SECONDS });
    return { url: post.url, fields: post.fields, expiresAt: post.expiresAt, utilityMedia: await this.view(media) };
  }

  async list(actor: Actor, q: MediaListQuery): Promise<Paged<MediaView>> {
    StyleGuideAccess.assertManager(actor);
    if (q.mediaType && !(MEDIA_KINDS as readonly string[]).includes(q.mediaType)) throw RpcError.badRequest(MEDIA_MESSAGES.invalidType(q.mediaType));
    const { rows, total, page } = await this.mediaRows.page(this.ds.manager, q.mediaType as MediaKind | undefined, q.page);
    return paged(await Promise.all(rows.map((r) => this.view(r))), total, page);
  }

  async view(media: UtilityMedia): Promise<MediaView> {
    if (!media.uploaded) await this.checkUpload(media);
    const url = media.uploaded
      ? this.storage.signedGetAs(media.objectKey, URL_TTL_SECONDS, {
          contentType: CONTENT_TYPES[media.fileExtension] ?? 'application/octet-stream',
          downloadName: `${media.mediaType}-${media.id}.${media.fileExtension}`,
        })
      : null;
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

  /** Looks whether the file of a pending medium has arrived and is valid; keeps and remembers it if so. */
  private async checkUpload(media: UtilityMedia): Promise<void> {
    try {
      Object.assign(media, await this.accept(this.ds.manager, media));
    } catch (err) {
      if (!(err instanceof MediaRefusedError)) throw err;
    }
  }

  /**
   * The check of a pending medium's file, on its bytes: at most 10 MB, a JPEG, PNG or WebP
   * image (an SVG is refused). The checked bytes are stored under the final key with the
   * checked type (no grant names that key: posting the grant again changes nothing) and the
   * row updated in `m`'s transaction; the staging object is removed only once that
   * transaction has committed. A transaction that rolls back, or that `inTransaction` runs
   * again after a deadlock, leaves the medium pending with its staging file in place, so the
   * next check accepts it (writing the same bytes under the same final key). A medium from
   * before staging keys is checked where it was uploaded.
   */
  private async accept(m: EntityManager, media: UtilityMedia): Promise<Partial<UtilityMedia>> {
    const from = media.uploadKey ?? media.objectKey;
    let verified;
    try {
      verified = await this.storage.readVerified(from, { maxBytes: MEDIA_MAX_BYTES, allowedTypes: ALLOWED });
    } catch (err) {
      if (!(err instanceof ObjectRejectedError)) throw err;
      throw new MediaRefusedError(err.reason === 'wrong-type' && (await this.isSvg(from)));
    }
    const changes: Partial<UtilityMedia> = { uploaded: true, sizeBytes: verified.size };
    if (media.uploadKey) {
      changes.objectKey = ObjectKeys.media(media.mediaType, media.id, verified.type.ext);
      changes.fileExtension = verified.type.ext;
      changes.uploadKey = null;
      await this.storage.put(changes.objectKey, verified.bytes, verified.type.mime);
    }
    await this.mediaRows.update(m, media.id, changes);
    const staging = media.uploadKey;
    if (staging) await afterCommit(m, () => this.storage.delete(staging).catch(() => undefined));
    return changes;
  }

  /** An SVG document (by its bytes: an XML prolog or comment may come first). */
  private async isSvg(key: string): Promise<boolean> {
    try {
      const head = (await this.storage.getBuffer(key)).subarray(0, 4096).toString('utf8');
      return /<svg[\s>]/i.test(head);
    } catch {
      return false;
    }
  }

  /** Views of several media at once, by id (missing ids are left out). */
  async views(ids: Array<string | null | undefined>): Promise<Map<string, MediaView>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (!wanted.length) return new Map();
    const rows = await this.mediaRows.byIds(this.ds.manager, wanted);
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
      const media = await this.mediaRows.findById(m, id);
      if (!media) throw RpcError.badRequest(`${MEDIA_MESSAGES.notFound}: ${id}`);
      if (media.uploaded) continue;
      try {
        await this.accept(m, media);
      } catch (err) {
        if (err instanceof MediaRefusedError) throw RpcError.badRequest(err.svg ? svgRefused(id) : MEDIA_MESSAGES.notUploaded(id));
        throw err;
      }
    }
  }
}
