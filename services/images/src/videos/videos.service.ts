import {
  DOWNLOAD_URL_TTL_SECONDS,
  IMAGE_MESSAGES,
  RpcError,
  UPLOAD_URL_TTL_SECONDS,
  VIDEO_MESSAGES,
  VIEW_URL_TTL_SECONDS,
  type Actor,
  type OrderStatus,
  type VideoContentType,
  type VideoSignedUploadBody,
  type VideoSignedUploadResult,
  type VideoStatus,
  type VideoUploadCompleteBody,
  type VideoView,
} from '@app/contracts';
import { inTransaction, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { safeFileName } from '../downloads/downloads.service';
import { OrderEventsWriter, userOf } from '../images/order-events.writer';
import type { Video } from './video.entity';
import { VideosRepository } from './videos.repository';
import { FfmpegUnavailableError, VIDEO_EXTENSIONS as EXTENSIONS, VideoFiles, VideoMissingError, VideoRejectedError, type KeptVideo } from './video-files';
/**
 * An order's owner may add videos until the order is completed: a video does not move the
 * order, and the capture app may send it after the last picture.
 */
const CLOSED_FOR_VIDEOS: readonly OrderStatus[] = ['Completed'];

/** Where an accepted video is read: its final key; a video accepted before final keys existed is read where it was uploaded. */
const keptKey = (video: Video): string => video.fileKey ?? video.uploadKey;

/**
 * Videos of orders: signed upload straight to S3, the server's check (size, container by its
 * first bytes, readable by ffmpeg), a 225 px thumbnail, the list and a download link.
 */
@Injectable()
export class VideosService {
  private readonly running = new Map<string, Promise<Video | null>>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly videos: VideosRepository,
    private readonly access: OrderAccessService,
    private readonly files: VideoFiles,
    private readonly events: OrderEventsWriter,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** `POST /videos/get-signed-url-for-upload` */
  async signedUpload(actor: Actor, body: VideoSignedUploadBody): Promise<VideoSignedUploadResult> {
    const order = await this.access.write(actor, body.order);
    if (!OrderAccessService.addsToClosedOrders(actor) && CLOSED_FOR_VIDEOS.includes(order.status)) throw new RpcError(409, IMAGE_MESSAGES.orderNotUploading);
    const id = randomUUID();
    const contentType = body.contentType ?? 'video/mp4';
    // the grant names a one-time staging key; the checked video is kept under a final key no grant names
    const key = ObjectKeys.videoUpload(order.id, id, randomUUID(), EXTENSIONS[contentType]);
    await this.videos.insert(this.ds.manager, {
      id,
      orderId: order.id,
      accountId: order.accountId,
      status: 'awaiting-upload',
      contentType,
      uploadKey: key,
      fileKey: null,
      thumbKey: null,
      fileSize: null,
      durationSeconds: null,
      failureReason: null,
      createdBy: userOf(actor),
      uploadExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
      uploadCheckedAt: null,
    });
    const post = await this.files.presignedPost(key, contentType, UPLOAD_URL_TTL_SECONDS);
    return { url: post.url, fields: JSON.stringify(post.fields), videoId: id, expiresAt: post.expiresAt };
  }

  /** `POST /videos/upload-complete`: the video once checked; 400 with the reason when refused. */
  async uploadComplete(actor: Actor, body: VideoUploadCompleteBody): Promise<VideoView> {
    const video = await this.videos.findById(this.ds.manager, body.videoId);
    if (!video) throw RpcError.notFound(VIDEO_MESSAGES.notFound);
    await this.access.readFor(actor, video.orderId, VIDEO_MESSAGES.notFound, true);
    const done = (await this.complete(video.id, actor)) ?? video;
    if (done.status === 'rejected') throw RpcError.badRequest(done.failureReason ?? VIDEO_MESSAGES.notAVideo);
    if (done.status === 'awaiting-upload') throw new RpcError(409, VIDEO_MESSAGES.notUploaded);
    return this.view(done);
  }

  /**
   * Checks an awaited video and makes its thumbnail; safe to repeat (the sweeper calls it too).
   * A file that is not whole is refused when a client says it is posted; the sweeper waits for
   * it while the upload link lives and refuses it at its `lastCheck`, as for pictures.
   */
  complete(videoId: string, actor: Actor | null, opts: { lastCheck?: boolean } = {}): Promise<Video | null> {
    const running = this.running.get(videoId);
    if (running) return running;
    const work = this.doComplete(videoId, actor, actor !== null || opts.lastCheck === true).finally(() => this.running.delete(videoId));
    this.running.set(videoId, work);
    return work;
  }

  private async doComplete(videoId: string, actor: Actor | null, incompleteIsFinal: boolean): Promise<Video | null> {
    const video = await this.videos.findById(this.ds.manager, videoId);
    if (!video || video.status !== 'awaiting-upload') return video;
    let kept: KeptVideo;
    try {
      kept = await this.files.keepChecked(video.uploadKey, (ext) => ObjectKeys.video(video.orderId, video.id, 'original', ext), { incompleteIsFinal });
    } catch (err) {
      if (err instanceof VideoMissingError) return video;
      if (err instanceof VideoRejectedError) return this.refuse(video, err.message);
      if (err instanceof FfmpegUnavailableError) {
        // never accepted unchecked: the upload waits until ffmpeg runs again
        this.logger.error({ videoId, reason: err.message }, 'a video could not be checked');
        throw new RpcError(503, err.message);
      }
      throw err;
    }
    const thumbKey = ObjectKeys.video(video.orderId, video.id, 'thumb', 'jpg');
    await this.files.putThumbnail(thumbKey, kept.thumbnail.jpeg);
    const durationSeconds = kept.thumbnail.durationSeconds;
    const accepted = await this.whileAwaited(videoId, async (m, current) => {
      Object.assign(current, {
        status: 'ready',
        fileKey: kept.key,
        contentType: kept.mime as VideoContentType,
        fileSize: kept.size,
        thumbKey,
        durationSeconds,
        failureReason: null,
      } satisfies Partial<Video>);
      await this.videos.save(m, current);
      await this.events.timeline(m, current.orderId, 'VIDEO_UPLOADED', userOf(actor) ?? current.createdBy, {
        videoId: current.id,
        fileSize: kept.size,
        durationSeconds,
      });
      await this.events.progress(m, current.orderId);
    });
    await this.files.delete(video.uploadKey).catch(() => undefined);
    return accepted;
  }

  /**
   * Runs `change` in one transaction on the video, locked, if it still awaits its upload: a
   * completion that another call or replica settled first is left as it is. Answers the
   * video as it ends up (null when it is gone).
   */
  private whileAwaited(videoId: string, change: (m: EntityManager, current: Video) => Promise<void>): Promise<Video | null> {
    return inTransaction(this.ds, async (m) => {
      const current = await this.videos.lockForUpdate(m, videoId);
      if (!current || current.status !== 'awaiting-upload') return current;
      await change(m, current);
      return current;
    });
  }

  private async refuse(video: Video, reason: string): Promise<Video | null> {
    const refused = await this.whileAwaited(video.id, async (m, current) => {
      current.status = 'rejected';
      current.failureReason = reason;
      await this.videos.save(m, current);
    });
    if (refused?.status === 'rejected') {
      await this.files.delete(video.uploadKey).catch((err: unknown) => this.logger.warn({ err, videoId: video.id }, 'could not remove a refused video'));
    }
    return refused;
  }

  /** A video whose upload link expired with nothing posted. */
  async expire(videoId: string): Promise<void> {
    const video = await this.videos.findById(this.ds.manager, videoId);
    if (video?.status === 'awaiting-upload') await this.refuse(video, IMAGE_MESSAGES.uploadExpired);
  }

  /**
   * `GET /videos/order/{id}`: the order's videos, oldest first; an empty list when there is
   * none (an order without videos is not a missing resource: a 404 there would be logged as a
   * failed request by every browser opening the tab). Admin and QA also see refused ones with
   * the reason.
   */
  async ofOrder(actor: Actor, orderId: string): Promise<VideoView[]> {
    await this.access.read(actor, orderId);
    const statuses: VideoStatus[] = OrderAccessService.seesRefusedMedia(actor) ? ['ready', 'rejected'] : ['ready'];
    const videos = await this.videos.ofOrder(this.ds.manager, orderId, statuses);
    return Promise.all(videos.map((v) => this.view(v)));
  }

  /** `POST /videos/download/{id}`: a short-lived link that saves the video under the order's name. */
  async download(actor: Actor, id: string): Promise<{ url: string; expiresAt: string }> {
    const video = await this.videos.findById(this.ds.manager, id);
    if (!video) throw RpcError.notFound(VIDEO_MESSAGES.notFound);
    const order = await this.access.readFor(actor, video.orderId, VIDEO_MESSAGES.notFound);
    if (video.status !== 'ready') throw new RpcError(409, VIDEO_MESSAGES.notUploaded);
    const name = `${safeFileName(order.orderName)}-video.${EXTENSIONS[video.contentType]}`;
    const url = await this.files.presignedGet(keptKey(video), DOWNLOAD_URL_TTL_SECONDS, name);
    return { url, expiresAt: new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString() };
  }

  async view(video: Video): Promise<VideoView> {
    const ready = video.status === 'ready';
    const [url, thumbnailUrl] = await Promise.all([
      ready ? this.files.presignedGet(keptKey(video), VIEW_URL_TTL_SECONDS) : null,
      video.thumbKey ? this.files.presignedGet(video.thumbKey, VIEW_URL_TTL_SECONDS) : null,
    ]);
    return {
      id: video.id,
      orderId: video.orderId,
      status: video.status,
      thumbnailUrl,
      url,
      fileSize: video.fileSize,
      durationSeconds: video.durationSeconds,
      contentType: video.contentType,
      failureReason: video.failureReason,
      createdAt: video.createdAt.toISOString(),
    };
  }
}
