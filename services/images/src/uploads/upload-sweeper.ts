import { PeriodicTask, removeUploadLeftovers, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { DownloadsService } from '../downloads/downloads.service';
import { ImageFiles } from '../images/image-files';
import type { ImagesConfig } from '../images.config';
import { Media360Service } from '../media360/media360.service';
import { VideosService } from '../videos/videos.service';
import { CompleteUploadService } from './complete-upload.service';
import { PendingUploadsRepository } from './pending-uploads.repository';

/** pending uploads looked at per tick (the least recently checked first) */
const BATCH = 50;
/** a file posted just before its link expired is still taken this long after */
const EXPIRY_GRACE_MS = 5 * 60_000;
/** how often expired download bundles are removed */
const BUNDLE_SWEEP_MS = 60_000;

/**
 * Completes uploads nobody reported: every IMAGES_UPLOAD_POLL_MS it looks in S3 for the files
 * of awaited images and videos and runs the same check as `upload-complete` on those that
 * arrived. Replicas share the work: a batch is claimed with `FOR UPDATE SKIP LOCKED` and
 * its rows stamped as checked, so the next replica takes the next ones. Uploads whose link
 * expired with nothing posted are refused, so their position can be uploaded again. Also
 * removes staging objects whose grant has expired (see `removeLeftovers`) and download
 * bundles whose links have expired. 360s are completed by their uploader; one whose grants
 * expired is settled here (`Media360Service.settleExpired`).
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask;
  private lastBundleSweep = 0;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly pending: PendingUploadsRepository,
    private readonly completion: CompleteUploadService,
    private readonly videos: VideosService,
    private readonly media360: Media360Service,
    private readonly downloads: DownloadsService,
    private readonly files: ImageFiles,
    @Inject(SERVICE_CONFIG) private readonly config: ImagesConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask(() => this.sweep(), this.config.IMAGES_UPLOAD_POLL_MS, (err) => this.logger.error({ err }, 'upload sweep failed'));
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One pass over the pending uploads (exposed for tests). */
  async sweep(): Promise<void> {
    await this.sweepTable('image', (id, lastCheck) => this.completion.complete(id, null, { lastCheck }), (id) => this.completion.expire(id));
    await this.sweepTable('video', (id, lastCheck) => this.videos.complete(id, null, { lastCheck }), (id) => this.videos.expire(id));
    if (!this.task.stopped) await this.media360.settleExpired();
    if (!this.task.stopped) await this.removeLeftovers();
    if (Date.now() - this.lastBundleSweep > BUNDLE_SWEEP_MS) {
      this.lastBundleSweep = Date.now();
      await this.downloads.removeExpired();
    }
  }

  private async sweepTable(
    table: 'image' | 'video',
    /** `lastCheck`: the upload link has expired, so a file that is not whole is refused rather than waited for */
    complete: (id: string, lastCheck: boolean) => Promise<unknown>,
    expire: (id: string) => Promise<void>,
  ): Promise<void> {
    for (const row of await this.pending.claim(this.ds.manager, table, BATCH, EXPIRY_GRACE_MS)) {
      if (this.task.stopped) return;
      try {
        if (await this.files.exists(row.upload_key)) await complete(row.id, row.expired);
        else if (row.expired) await expire(row.id);
      } catch (err) {
        this.logger.warn({ err, [`${table}Id`]: row.id }, `could not complete a pending ${table} upload; it is tried again later`);
      }
    }
  }

  /**
   * Removes the staging objects that no row names any more (remembered in `upload_leftover`
   * when their key stopped being live) once their grant has expired, plus
   * IMAGES_UPLOAD_LEFTOVER_MARGIN_MS: from then on nothing can post there again
   * (`removeUploadLeftovers`).
   */
  async removeLeftovers(): Promise<number> {
    const keys = await removeUploadLeftovers(this.ds, { marginMs: this.config.IMAGES_UPLOAD_LEFTOVER_MARGIN_MS, remove: (key) => this.files.delete(key) });
    if (keys.length) this.logger.debug({ objects: keys.length }, 'staging objects of expired upload grants removed');
    return keys.length;
  }
}
