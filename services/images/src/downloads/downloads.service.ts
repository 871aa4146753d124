import {
  DELIVERY_URL_TTL_SECONDS,
  DOWNLOAD_URL_TTL_SECONDS,
  IMAGE_MESSAGES,
  RpcError,
  type Actor,
  type DownloadMedia,
  type DownloadMediaPayload,
  type DownloadPayload,
  type DeliveryFiles,
  type OrderAccess,
  type DownloadResult,
  type UrlResult,
  type ZipMedia,
} from '@app/contracts';
import { inTransaction, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import type { Image } from '../images/image.entity';
import { ImageFiles } from '../images/image-files';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import { PipelineJobsService, StyleGuideGoneError } from '../pipeline-results/pipeline-jobs.service';
import { VIDEO_EXTENSIONS } from '../videos/video-files';
import { Media360Repository } from '../media360/media360.repository';
import { VideosRepository } from '../videos/videos.repository';
import { DownloadBundlesRepository } from './download-bundles.repository';
import { MissingFileError, ZipBundleFiles, type ZipEntry } from './zip-bundle-files';

const NOT_FOUND = IMAGE_MESSAGES.notFound;

/** A name that is safe as a file name on every system: no path separators or reserved characters. */
export function safeFileName(name: string, fallback = 'order'): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return cleaned || fallback;
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * The file of an image for one kind of download, or null when it has none (yet). A picture
 * being processed again keeps its optimized file until the new one replaces it.
 */
function fileOf(image: Image, media: DownloadMedia): string | null {
  return media === 'original' ? image.originalKey : image.optimizedKey;
}

/** The folder of each kind of file in a zip of everything (`media: 'all'`). */
const ALL_FOLDERS = { original: 'originals', optimized: 'optimized', video: 'videos', media360: '360' } as const;

/**
 * The name a zip is saved under, saying what it holds: `{order}-all.zip` (originals,
 * optimized pictures, videos and 360s), `{order}-optimized.zip`, `{order}-originals.zip`,
 * `{order}-required-edition.zip`; a selection adds `-selected` before it.
 */
export function zipFileName(orderName: string, media: ZipMedia, selected: boolean, needsEditionOnly: boolean): string {
  const what = needsEditionOnly ? 'required-edition' : media === 'original' ? 'originals' : media;
  return `${safeFileName(orderName)}${selected ? '-selected' : ''}-${what}.zip`;
}

/**
 * Downloads: a zip of an order's images (selected or all, optimized or originals, named by
 * order and position or by the style guide), streamed from S3 into S3 and answered as a
 * short-lived link; one image's link. Bundles are removed when their link has expired.
 */
@Injectable()
export class DownloadsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly images: ImagesRepository,
    private readonly bundles: DownloadBundlesRepository,
    private readonly access: OrderAccessService,
    private readonly zips: ZipBundleFiles,
    private readonly files: ImageFiles,
    private readonly jobs: PipelineJobsService,
    private readonly events: OrderEventsWriter,
    private readonly videos: VideosRepository,
    private readonly media360: Media360Repository,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** `POST /images/download/{orderId}?downloadStyleGuide` */
  async download(actor: Actor, p: DownloadPayload): Promise<DownloadResult> {
    if (p.order && p.order !== p.orderId) throw RpcError.badRequest('order in the body must be the order of the path');
    const order = await this.access.read(actor, p.orderId);
    const media: ZipMedia = p.media ?? 'optimized';
    const selected = p.images?.length ? [...new Set(p.images)] : undefined;
    let images = await this.images.ofOrder(this.ds.manager, order.id, selected);
    if (selected && images.length !== selected.length) throw RpcError.notFound(NOT_FOUND);
    if (p.needsEditionOnly) images = images.filter((i) => i.needsEdition);
    const kinds: DownloadMedia[] = media === 'all' ? ['original', 'optimized'] : [media];

    const angleNames = p.downloadStyleGuide ? await this.angleNames(order.styleGuideId) : new Map<number, string>();
    const orderName = safeFileName(order.orderName);
    const entries: ZipEntry[] = [];
    for (const kind of kinds) {
      const found = images.map((image) => ({ image, key: fileOf(image, kind) })).filter((x): x is { image: Image; key: string } => !!x.key);
      const withFiles = kind === 'original' ? await this.sharedOriginals(actor, order, found) : found;
      const folder = media === 'all' ? `${ALL_FOLDERS[kind]}/` : '';
      for (const { image, key } of withFiles) {
        const ext = kind === 'optimized' ? 'jpg' : extOf(key);
        if (!p.downloadStyleGuide) {
          entries.push({ key, name: `${folder}${orderName}-${image.position}.${ext}` });
          continue;
        }
        const angle = angleNames.get(image.position);
        const pos = String(image.position).padStart(2, '0');
        entries.push({ key, name: `${folder}${angle ? `${pos}-${safeFileName(angle, 'image')}` : pos}.${ext}` });
      }
    }
    const imageCount = entries.length;
    // everything of the order: its videos and 360s too (a selection or the required-edition pictures are pictures only)
    if (media === 'all' && !selected && !p.needsEditionOnly) {
      const videos = await this.videos.ofOrder(this.ds.manager, order.id, ['ready']);
      videos.forEach((video, i) => {
        const n = videos.length > 1 ? `-${i + 1}` : '';
        entries.push({ key: video.fileKey ?? video.uploadKey, name: `${ALL_FOLDERS.video}/${orderName}-video${n}.${VIDEO_EXTENSIONS[video.contentType]}` });
      });
      // each 360 in a folder of its own: an exterior's frames in order, an interior's panorama
      const spins = await this.media360.ofOrder(this.ds.manager, order.id, ['ready']);
      const counts = { exterior360: 0, interior360: 0 };
      for (const spin of spins) {
        const folder = `${ALL_FOLDERS.media360}/${spin.kind === 'exterior360' ? 'exterior' : 'interior'}-${++counts[spin.kind]}`;
        spin.frames.forEach((frame, i) => {
          const key = frame.key ?? frame.uploadKey;
          const name = spin.kind === 'interior360' ? 'panorama' : `frame-${String(i + 1).padStart(3, '0')}`;
          entries.push({ key, name: `${folder}/${name}.${extOf(key)}` });
        });
      }
    }
    if (!entries.length) throw new RpcError(409, IMAGE_MESSAGES.noImages);

    const bundleId = randomUUID();
    const objectKey = ObjectKeys.download(bundleId);
    let size: number;
    try {
      size = await this.zips.build(objectKey, entries);
    } catch (err) {
      if (err instanceof MissingFileError) {
        this.logger.error({ err, orderId: order.id }, 'an image file is missing from storage');
        throw new RpcError(409, 'An image file of this order is missing; ask support to process the order again');
      }
      throw err;
    }
    const expiresAt = new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000);
    await inTransaction(this.ds, async (m) => {
      await this.bundles.insert(m, {
        id: bundleId,
        orderId: order.id,
        objectKey,
        imageCount,
        media,
        sizeBytes: size,
        createdBy: userOf(actor),
        // kept a little past its link, so a download that has just started can finish
        expiresAt: new Date(expiresAt.getTime() + 60_000),
      });
      await this.events.timeline(m, order.id, 'DOWNLOADED', userOf(actor), {
        bundleId,
        imageCount,
        fileCount: entries.length,
        media,
        downloadStyleGuide: !!p.downloadStyleGuide,
        needsEditionOnly: !!p.needsEditionOnly,
      });
    });
    const fileName = zipFileName(order.orderName, media, !!selected, !!p.needsEditionOnly);
    const url = await this.zips.presignedGet(objectKey, DOWNLOAD_URL_TTL_SECONDS, fileName);
    return { url, fileName, expiresAt: expiresAt.toISOString(), imageCount };
  }

  /**
   * One image's link: `GET /images/download/{id}` (optimized, everyone who sees the order)
   * and `GET /images/downloadMedia/{orderId}/{imageId}?media` (admin, QA; original or optimized).
   */
  async downloadOne(actor: Actor, p: DownloadMediaPayload): Promise<UrlResult> {
    const media: DownloadMedia = p.media ?? 'optimized';
    if (media === 'original') OrderAccessService.assertStaff(actor);
    const image = await this.images.findById(this.ds.manager, p.imageId);
    if (!image || (p.orderId && image.orderId !== p.orderId)) throw RpcError.notFound(NOT_FOUND);
    const order = await this.access.readFor(actor, image.orderId, NOT_FOUND);
    const kept = fileOf(image, media);
    if (!kept) throw new RpcError(409, media === 'original' ? IMAGE_MESSAGES.notUploaded : IMAGE_MESSAGES.notProcessed);
    const key = media === 'original' ? (await this.sharedOriginals(actor, order, [{ image, key: kept }]))[0]!.key : kept;
    const ext = media === 'optimized' ? 'jpg' : extOf(key);
    const name = `${safeFileName(order.orderName)}-${image.position}${media === 'original' ? '-original' : ''}.${ext}`;
    const url = await this.zips.presignedGet(key, DOWNLOAD_URL_TTL_SECONDS, name);
    return { url, expiresAt: new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString() };
  }

  /**
   * The order's processed pictures for a delivery, each with its angle, the guide's logo for
   * its position and a link signed for 24 hours. The system only (the delivery service):
   * 403 for anyone else. Pictures not processed (yet) are left out.
   */
  async deliveryFiles(actor: Actor, orderId: string): Promise<DeliveryFiles> {
    OrderAccessService.assertSystem(actor);
    const order = await this.access.read(actor, orderId);
    const images = (await this.images.ofOrder(this.ds.manager, order.id)).filter((i) => i.optimizedKey);
    let guide: Awaited<ReturnType<PipelineJobsService['guideSettings']>> | null = null;
    try {
      guide = await this.jobs.guideSettings(order.styleGuideId);
    } catch (err) {
      if (!(err instanceof StyleGuideGoneError)) throw err;
    }
    const orderName = safeFileName(order.orderName);
    const files = await Promise.all(images.map(async (image) => {
      const settings = guide ? PipelineJobsService.positionSettings(guide, image.position) : null;
      const key = image.optimizedKey!;
      return {
        imageId: image.id,
        position: image.position,
        angleName: guide?.positions.find((p) => p.position === image.position)?.angleName ?? null,
        key,
        url: await this.zips.presignedGet(key, DELIVERY_URL_TTL_SECONDS, `${orderName}-${image.position}.jpg`),
        bytes: image.fileSize,
        width: image.width,
        height: image.height,
        logoKey: settings?.settings.media?.logo ?? null,
      };
    }));
    return { order: { id: order.id, orderName: order.orderName, accountId: order.accountId }, files };
  }

  /**
   * The originals as this actor downloads them: their shared copies, without GPS, serial
   * numbers and owner names (made now for an original that has none yet), unless the actor
   * is the owning dealership and its account keeps them. The kept originals never change.
   */
  private async sharedOriginals(actor: Actor, order: OrderAccess, originals: Array<{ image: Image; key: string }>): Promise<Array<{ image: Image; key: string }>> {
    if (await this.access.keepsOriginalMetadata(actor, order)) return originals;
    const shared: Array<{ image: Image; key: string }> = [];
    // a few at a time: an original without its copy yet is read and written once here
    for (let i = 0; i < originals.length; i += 8) {
      const batch = originals.slice(i, i + 8);
      shared.push(
        ...(await Promise.all(
          batch.map(async ({ image, key }) => {
            if (image.sharedOriginalKey) return { image, key: image.sharedOriginalKey };
            const made = await this.files.sharedOriginal(key);
            if (!made) return { image, key };
            await this.images.update(this.ds.manager, image.id, { sharedOriginalKey: made });
            return { image, key: made };
          }),
        )),
      );
    }
    return shared;
  }

  private async angleNames(styleGuideId: string): Promise<Map<number, string>> {
    try {
      const guide = await this.jobs.guideSettings(styleGuideId);
      return new Map(guide.positions.filter((p) => p.angleName).map((p) => [p.position, p.angleName!]));
    } catch (err) {
      if (err instanceof StyleGuideGoneError) return new Map();
      throw err;
    }
  }

  /** Removes bundles whose links have expired; returns how many. */
  async removeExpired(limit = 50): Promise<number> {
    const rows = await this.bundles.expired(this.ds.manager, limit);
    for (const row of rows) {
      await this.zips.delete(row.objectKey);
      await this.bundles.delete(this.ds.manager, row.id);
    }
    return rows.length;
  }
}
