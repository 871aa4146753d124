import { DEMO_ORDERS, DEMO_POSITIONS, DEMO_STYLE_GUIDE_ID, demoImageId, type DemoOrder } from '@app/seeding';
import { inTransaction, lockSeeding, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { ObjectKeys } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ImageFiles } from '../images/image-files';
import { ImagesRepository } from '../images/images.repository';
import type { ImagesConfig } from '../images.config';
import { OrderEventsWriter } from '../images/order-events.writer';
import { PipelineJobsService } from '../pipeline-results/pipeline-jobs.service';
import { demoPhoto } from './demo-photos';

/** how long seeding waits for the style guides and users services to answer at boot */
const WAIT_MS = 5 * 60_000;
const RETRY_MS = 2000;
const FINISHED = ['Ready to download', 'Completed', 'Delivering'];

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): photos for the demo orders,
 * uploaded as originals with their pipeline jobs queued, so the running pipeline processes
 * them at boot. Orders seeded as finished get approved images; the order waiting for
 * edition gets one image marked for edition. An image that exists is left as it is, so a
 * restart changes nothing. Runs in the background once the other services answer.
 */
@Injectable()
export class DemoSeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ImagesConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly images: ImagesRepository,
    private readonly files: ImageFiles,
    private readonly jobs: PipelineJobsService,
    private readonly events: OrderEventsWriter,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.SEED_DEMO_DATA) return;
    this.running = this.seedWhenReady().finally(() => (this.running = null));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async seedWhenReady(): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!this.stopped) {
      try {
        const created = await this.seed();
        if (created) this.logger.info({ images: created }, 'demo images uploaded; the pipeline processes them now');
        return;
      } catch (err) {
        if (Date.now() > deadline) {
          this.logger.error({ err }, 'demo images not seeded: the style guides or users service did not answer');
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  /** Seeds what is missing; returns how many images it made. */
  async seed(): Promise<number> {
    let created = 0;
    for (const [variant, order] of DEMO_ORDERS.entries()) {
      for (const position of order.positions) {
        if (this.stopped) return created;
        if (await this.seedImage(order, variant, position)) created++;
      }
    }
    return created;
  }

  private async seedImage(order: DemoOrder, variant: number, position: number): Promise<boolean> {
    const id = demoImageId(order.id, position);
    if (await this.images.exists(this.ds.manager, id)) return false;
    const interior = DEMO_POSITIONS.find((p) => p.position === position)?.category === 'interior';
    const photo = await demoPhoto(variant, position, interior);
    const key = ObjectKeys.image(order.id, id, 'original', 'jpg');
    const target = { id, orderId: order.id, accountId: order.accountId, styleGuideId: DEMO_STYLE_GUIDE_ID, position, originalKey: key };
    const prepared = await this.jobs.prepare(target);
    await this.files.put(key, photo, 'image/jpeg');
    const finished = FINISHED.includes(order.status);
    const needsEdition = order.QAstatus === 'Waiting For Edition' && position === order.positions[1];
    return inTransaction(this.ds, async (m) => {
      // the replicas of the service seed at the same start: one inserts, the others find its row
      await lockSeeding(m, 'demo-seed:images');
      if (await this.images.exists(m, id)) return false;
      const jobId = await this.jobs.queue(m, target, prepared);
      await this.images.insert(m, {
        id,
        orderId: order.id,
        accountId: order.accountId,
        styleGuideId: DEMO_STYLE_GUIDE_ID,
        position,
        source: 'upload',
        mediaOrigin: 'original',
        optimisationStatus: 'queued',
        failureReason: null,
        approved: finished,
        needsEdition,
        optimisedVia: null,
        types: ['original'],
        contentType: 'image/jpeg',
        uploadKey: null,
        originalKey: key,
        optimizedKey: null,
        thumbKey: null,
        replacementKey: null,
        replacementContentType: null,
        replacementExpiresAt: null,
        declaredWidth: 1600,
        declaredHeight: 1200,
        declaredSize: photo.length,
        width: 1600,
        height: 1200,
        fileSize: photo.length,
        sensorData: order.platform === 'web' ? null : { pitch: -2.5, roll: 0.8, heading: 41 + position * 45 },
        expectedAngle: prepared.position.angleName,
        detectedAngle: null,
        latestJobId: jobId,
        createdBy: null,
        uploadExpiresAt: new Date(),
        uploadCheckedAt: null,
        uploadedAt: new Date(),
        processedAt: null,
      });
      await this.events.progress(m, order.id);
      return true;
    });
  }
}
