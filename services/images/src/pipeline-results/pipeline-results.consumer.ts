import {
  IMAGE_TYPE_OF_ROUTE,
  IMAGES_DURABLES,
  PipelineEvents,
  type ImageType,
  plainPlate,
  type PlateQuad,
  type PipelineImageFailed,
  type PipelineImageProcessed,
} from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost, type TaggedEvent } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Image } from '../images/image.entity';
import { ImagesRepository } from '../images/images.repository';
import { OrderEventsWriter } from '../images/order-events.writer';
import { VersionRecorder } from '../versions/version-recorder';

/** The type labels of a picture the pipeline made by `route`. */
export function processedTypes(route: PipelineImageProcessed['route']): ImageType[] {
  return [...new Set<ImageType>(['optimized', IMAGE_TYPE_OF_ROUTE[route]])];
}

/**
 * The angle the pipeline processed a picture as: the angle of its style-guide position when
 * the job was queued (`angle` of the job's settings; the pipeline does not recognise angles
 * from the pixels). A job queued before the angle was kept with it leaves the image's as it is;
 * a position without an angle (free-form) has none.
 */
export function processedAngle(image: Pick<Image, 'detectedAngle'>, settings: Record<string, unknown> | null): Pick<Image, 'detectedAngle'> {
  if (!settings || !('angle' in settings)) return { detectedAngle: image.detectedAngle };
  return { detectedAngle: typeof settings.angle === 'string' && settings.angle ? settings.angle : null };
}

/** The plates an output has masked, as the image keeps them (corners only); null when the job masked none. */
export function platesOf(e: Pick<PipelineImageProcessed, 'plates'>): PlateQuad[] | null {
  if (!e.plates) return null;
  return e.plates.map(plainPlate);
}

/** The pipeline's two results, by the name the consumer tells them apart by. */
const PIPELINE_RESULTS = { processed: PipelineEvents.imageProcessed, failed: PipelineEvents.imageFailed };

/**
 * Takes the pipeline's results (a durable consumer: each event applied once, in one
 * transaction with its processed-message record). A result updates the image only when it
 * is of the image's latest job: a result of an older job (the image was processed again,
 * or QA replaced the picture since) is ignored. Every applied result sends the order's
 * progress, and a failure goes on the order's timeline. Every applied output is kept as a
 * version of the image, which becomes current; a test job's output is kept as a version
 * beside the current picture and changes nothing else.
 */
@Injectable()
export class PipelineResultsConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly images: ImagesRepository,
    private readonly events: OrderEventsWriter,
    private readonly versions: VersionRecorder,
  ) {}

  onModuleInit(): void {
    this.host.on(PIPELINE_RESULTS, IMAGES_DURABLES.pipelineResults, (result, ctx) => this.apply(result, ctx));
  }

  async apply(result: TaggedEvent<typeof PIPELINE_RESULTS>, ctx: Pick<MessageHandlerContext, 'manager'>): Promise<void> {
    if (result.event === 'processed') await this.processed(ctx.manager, result.data);
    else await this.failed(ctx.manager, result.data);
  }

  private async latest(m: EntityManager, imageId: string, jobId: string): Promise<Image | null> {
    const image = await this.images.lockForUpdate(m, imageId);
    return image && image.latestJobId === jobId ? image : null;
  }

  private async processed(m: EntityManager, e: PipelineImageProcessed): Promise<void> {
    const locked = await this.images.lockForUpdate(m, e.imageId);
    if (!locked) return;
    const image = locked.latestJobId === e.jobId ? locked : null;
    const settings = await this.versions.processed(m, locked, e, image !== null);
    if (!image) return;
    Object.assign(image, {
      ...processedAngle(image, settings),
      optimisationStatus: 'completed',
      failureReason: null,
      optimisedVia: e.route,
      types: processedTypes(e.route),
      optimizedKey: e.keys.optimized,
      thumbKey: e.keys.thumb,
      // absent from results of before the list's picture existed: the list shows the thumbnail
      listThumbKey: e.keys.listThumb ?? null,
      width: e.width,
      height: e.height,
      fileSize: e.fileSize,
      processedAt: new Date(e.processedAt),
      // the plates masked on this output; absent: none (the job did not mask plates)
      numberPlates: platesOf(e),
    } satisfies Partial<Image>);
    await this.images.save(m, image);
    await this.events.progress(m, image.orderId);
  }

  private async failed(m: EntityManager, e: PipelineImageFailed): Promise<void> {
    const image = await this.latest(m, e.imageId, e.jobId);
    await this.versions.failed(m, e.jobId, e.reason, new Date(e.failedAt));
    if (!image) return;
    Object.assign(image, {
      optimisationStatus: 'rejected',
      failureReason: e.reason,
      optimisedVia: e.route,
      processedAt: new Date(e.failedAt),
    } satisfies Partial<Image>);
    await this.images.save(m, image);
    await this.events.timeline(m, image.orderId, 'PIPELINE_ERROR', null, {
      imageId: image.id,
      position: image.position,
      code: e.code,
      reason: e.reason,
      attempts: e.attempts,
    });
    await this.events.progress(m, image.orderId);
  }
}
