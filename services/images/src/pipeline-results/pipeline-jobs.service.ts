import {
  pipelineOutputKeys,
  pipelineVersionOutputKeys,
  RpcError,
  StyleGuidesRpc,
  systemActor,
  type AngleCategory,
  type PipelineJob,
  type PipelineLane,
  type PipelineRepushSettings,
  type PositionPipelineSettings,
  type Route,
  type StyleGuidePipelineSettings,
} from '@app/contracts';
import { currentRequestId } from '@app/logging';
import { RpcCallError } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { VersionRecorder, type QueuedVersion } from '../versions/version-recorder';

/** What a job for one image needs from other services, gathered before its transaction. */
export interface PreparedJob {
  position: PositionPipelineSettings;
  desaturateYellowLight: boolean;
  /** the account's editedImageLabel: the visible "Digitally edited" mark */
  editedImageLabel: boolean;
}

/** How a job is queued beyond its image: the lane, and the version it makes. */
export interface QueueOptions {
  /** `live` unless said (the test pipeline uses `bulk`) */
  lane?: PipelineLane;
  /** who asked and why (the system's processing when absent); a `test` job writes its own version's keys */
  version?: QueuedVersion;
  /** a repush's method, category and settings */
  overrides?: JobOverrides;
}

export interface JobTarget {
  id: string;
  orderId: string;
  accountId: string;
  styleGuideId: string;
  position: number;
  originalKey: string;
}

/** What a repush changes in a job: the method (route), the category and the dialog's settings. */
export interface JobOverrides {
  route?: Route;
  category?: AngleCategory;
  repush?: PipelineRepushSettings;
}

/** The style guide is gone, so there is nothing to process the image with. */
export class StyleGuideGoneError extends Error {
  constructor() {
    super("The order's style guide no longer exists, so the image cannot be processed.");
    this.name = 'StyleGuideGoneError';
  }
}

/**
 * Builds pipeline jobs and queues them through the outbox, in the caller's transaction.
 * The route and settings come from the style guide's configuration of the image's position
 * (the guide's `fallback` for a position it does not configure), the yellow fix's Auto from
 * the account.
 */
@Injectable()
export class PipelineJobsService {
  constructor(
    private readonly host: MessagingHost,
    private readonly access: OrderAccessService,
    private readonly versions: VersionRecorder,
  ) {}

  /** The guide's settings per position (asked as the system). */
  async guideSettings(styleGuideId: string): Promise<StyleGuidePipelineSettings> {
    try {
      return await this.host.rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId }, systemActor(currentRequestId()));
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) throw new StyleGuideGoneError();
      throw err;
    }
  }

  /** The settings of one position: the configured one, else the guide's fallback at that position. */
  static positionSettings(guide: StyleGuidePipelineSettings, position: number): PositionPipelineSettings {
    const configured = guide.positions.find((p) => p.position === position);
    if (configured) return configured;
    return { ...guide.fallback, position, settings: { ...guide.fallback.settings, position } };
  }

  async prepare(target: Pick<JobTarget, 'styleGuideId' | 'accountId' | 'position'>): Promise<PreparedJob> {
    const [guide, account] = await Promise.all([this.guideSettings(target.styleGuideId), this.access.pipelineSettings(target.accountId)]);
    return { position: PipelineJobsService.positionSettings(guide, target.position), ...account };
  }

  /** The jobs of several pictures of one order: the guide and the account are asked once. */
  async prepareMany(targets: ReadonlyArray<Pick<JobTarget, 'styleGuideId' | 'accountId' | 'position'>>): Promise<PreparedJob[]> {
    if (!targets.length) return [];
    const [guide, account] = await Promise.all([this.guideSettings(targets[0].styleGuideId), this.access.pipelineSettings(targets[0].accountId)]);
    return targets.map((t) => ({ position: PipelineJobsService.positionSettings(guide, t.position), ...account }));
  }

  /**
   * Queues the job in `m`'s transaction, with the version it will make (who asked, why, the
   * route and settings); returns the job's id (the image's latest job from now on, unless it
   * is a test job, which writes its version's own keys and leaves the image as it is).
   */
  async queue(m: EntityManager, target: JobTarget, prepared: PreparedJob, options: QueueOptions = {}): Promise<string> {
    const overrides = options.overrides ?? {};
    const jobId = randomUUID();
    const version = options.version ?? { kind: 'pipeline', reason: 'processing', author: null };
    const versionId = randomUUID();
    const test = version.kind === 'test';
    const job: PipelineJob = {
      jobId,
      imageId: target.id,
      orderId: target.orderId,
      lane: options.lane ?? 'live',
      route: overrides.route ?? prepared.position.route,
      category: overrides.category ?? prepared.position.category,
      sourceKey: target.originalKey,
      outputKeys: test ? pipelineVersionOutputKeys(target.orderId, target.id, versionId) : pipelineOutputKeys(target.orderId, target.id),
      settings: prepared.position.settings,
      desaturateYellowLight: prepared.desaturateYellowLight,
      ...(overrides.repush ? { repush: overrides.repush } : {}),
      ...(prepared.editedImageLabel ? { editedImageLabel: true } : {}),
      ...(test ? { versionId } : {}),
      requestedAt: new Date().toISOString(),
    };
    // the position's angle: what the picture is processed as (the image's detectedAngle once applied)
    const settings = { category: job.category, angle: prepared.position.angleName, ...(job.repush ? { repush: job.repush } : {}) };
    await this.versions.queued(m, target, { jobId, route: job.route, settings }, version, versionId);
    try {
      await this.host.outbox.addPipelineJob(m, job);
    } catch (err) {
      // a setting outside the job contract: a bug or a guide the pipeline cannot take
      if (err instanceof Error && err.message.startsWith('Invalid pipeline job')) throw RpcError.badRequest(err.message);
      throw err;
    }
    return jobId;
  }
}
