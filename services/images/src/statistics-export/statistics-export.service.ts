import { isUuid, PipelineEvents, RpcError, type Actor, type BackfillPage, type BackfillPagePayload, type PipelineImageProcessed, type Route } from '@app/contracts';
import { assertBackfillCaller, backfilled, backfillPage, BACKFILL_MESSAGES, type BackfillSection } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Image } from '../images/image.entity';
import type { ImageVersion } from '../versions/image-version.entity';
import { ImagesExportRepository, type KeptProcessedJob } from './images-export.repository';


/** What a backfilled job's event says of what the images service does not keep: the pipeline's quality, thumbnail size, attempts and time. */
const NOT_KEPT = { quality: 0, thumbWidth: 0, thumbHeight: 0, attempt: 1, durationMs: 0, worker: 'backfill' } as const;

/**
 * A processed image as the `PipelineEvents.imageProcessed` its last job published. What the
 * images service does not keep of the job (quality, thumbnail size, attempt, duration, worker,
 * lane) is a neutral value; the statistics service reads the job, image, order, route and time.
 * The job id is the image's last job (the image's own id for a picture QA put in place).
 */
export function processedEvent(i: Image): PipelineImageProcessed {
  return {
    jobId: i.latestJobId ?? i.id,
    imageId: i.id,
    orderId: i.orderId,
    route: i.optimisedVia!,
    lane: 'live',
    keys: { optimized: i.optimizedKey ?? '', thumb: i.thumbKey ?? '' },
    width: Math.max(1, i.width ?? 1),
    height: Math.max(1, i.height ?? 1),
    fileSize: Math.max(1, i.fileSize ?? 1),
    ...NOT_KEPT,
    processedAt: i.processedAt!.toISOString(),
  };
}

/**
 * The `PipelineEvents.imageProcessed` of an earlier job of the image, from the version its
 * result made: the version's route, sizes and files, and the time the images service applied
 * it (the pipeline's own time is not kept; it is moments before).
 */
export function versionProcessedEvent(i: Image, v: ImageVersion): PipelineImageProcessed {
  return {
    ...processedEvent({ ...i, optimisedVia: v.route, processedAt: v.readyAt, width: v.width, height: v.height, fileSize: v.fileSize, optimizedKey: v.fileKey, thumbKey: v.thumbKey } as Image),
    jobId: v.jobId!,
  };
}

/** The `PipelineEvents.imageProcessed` of a deleted picture's job (`processed_job_kept`). */
export function keptProcessedEvent(k: KeptProcessedJob): PipelineImageProcessed {
  return {
    jobId: k.job_id,
    imageId: k.image_id,
    orderId: k.order_id,
    route: k.route as Route,
    lane: 'live',
    keys: { optimized: '', thumb: '' },
    width: 1,
    height: 1,
    fileSize: 1,
    ...NOT_KEPT,
    processedAt: k.processed_at.toISOString(),
  };
}

/**
 * `images.statistics.backfill`: `PipelineEvents.imageProcessed` of every pipeline job whose
 * result an image kept, for the statistics service's rebuild (System only), page by image id.
 * The live consumer counts one processed picture per job, so a repushed picture counts each
 * time: an image's earlier jobs come from its pipeline versions (id
 * `backfill:images:job:<jobId>`), its last from the image itself (id `backfill:images:<imageId>`).
 * Then the jobs of deleted pictures, kept when they were deleted (section `deleted`, by job id,
 * id `backfill:images:job:<jobId>`).
 */
@Injectable()
export class StatisticsExportService {
  private readonly sections: BackfillSection[] = [
    {
      name: 'processed',
      read: async (after, limit) => {
        if (after !== null && !isUuid(after)) throw RpcError.badRequest(BACKFILL_MESSAGES.badCursor);
        const images = await this.rows.processedAfter(this.ds.manager, after, limit);
        const versions = await this.rows.pipelineVersionsOf(
          this.ds.manager,
          images.map((i) => i.id),
        );
        return images.map((i) => {
          const done = i.optimisationStatus === 'completed' && i.processedAt !== null && i.optimisedVia !== null;
          // the last job is the image's own event while the image is processed; otherwise (a repush under way) every kept job is a version
          const earlier = versions.filter((v) => v.imageId === i.id && !(done && v.jobId === i.latestJobId));
          return {
            key: i.id,
            events: [
              ...earlier.map((v) => backfilled(PipelineEvents.imageProcessed, `backfill:images:job:${v.jobId}`, versionProcessedEvent(i, v))),
              ...(done ? [backfilled(PipelineEvents.imageProcessed, `backfill:images:${i.id}`, processedEvent(i))] : []),
            ],
          };
        });
      },
    },
    {
      name: 'deleted',
      read: async (after, limit) => {
        if (after !== null && !isUuid(after)) throw RpcError.badRequest(BACKFILL_MESSAGES.badCursor);
        return (await this.rows.keptAfter(this.ds.manager, after, limit)).map((k) => ({
          key: k.job_id,
          events: [backfilled(PipelineEvents.imageProcessed, `backfill:images:job:${k.job_id}`, keptProcessedEvent(k))],
        }));
      },
    },
  ];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly rows: ImagesExportRepository,
  ) {}

  page(actor: Actor, p: BackfillPagePayload): Promise<BackfillPage> {
    assertBackfillCaller(actor);
    return backfillPage(this.sections, p);
  }
}
