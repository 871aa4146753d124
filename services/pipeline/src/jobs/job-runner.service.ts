import { hostname } from 'node:os';
import {
  checkPayload,
  PipelineEvents,
  LIST_THUMB_HEIGHT,
  LIST_THUMB_WIDTH,
  ObjectKeys,
  pipelineOutputKeys,
  pipelineVersionOutputKeys,
  ROUTES,
  UUID_PATTERN,
  type PipelineFailureCode,
  PipelineJob,
  type PipelineLane,
  type PlateQuad,
  type Route,
} from '@app/contracts';
import { faultPoint } from '@app/config';
import { runWithRequestContext } from '@app/logging';
import { PARK_RETRY_MS, type WorkMessage } from '@app/messaging';
import { extractTraceContext, inSpan, messagingAttributes, METRICS, METRICS_REGISTRY, SpanKind, type Metrics } from '@app/ops';
import { inTransaction, MessagingHost, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ImageRenderer, type DecodeOptions } from '../imaging/image-renderer';
import { PipelineFiles } from '../imaging/pipeline-files';
import type { PipelineConfig } from '../pipeline.config';
import { editDisclosureXmp } from '@app/storage';
import { NumberPlates } from '../plates/number-plates';
import { disclosureOf } from '../routes/edit-disclosure';
import { decodeOptionsFor, resolveJobOptions } from '../routes/job-options';
import { JobContext, type StepTiming } from './job-context';
import { JobFailure } from './job-failure';
import { JobsRepository } from './jobs.repository';
import { RouteRegistry } from './route-registry';

/** One delivery of a job, as the runner settles it (the work queue of `@app/messaging` finishes the message). */
export type JobMessage = WorkMessage;

interface RenderedJob {
  optimized: Buffer;
  quality: number;
  width: number;
  height: number;
  thumb: Buffer;
  thumbWidth: number;
  thumbHeight: number;
  /** the orders list's picture; none for a test job (a version's output) */
  listThumb: Buffer | null;
  timings: StepTiming[];
  /** the number plates masked, on the original; none when plates were left as they are */
  plates?: PlateQuad[];
}

/** Enough of a broken job to tell the images service which image failed. */
interface JobIdentity {
  jobId: string;
  imageId: string;
  orderId: string;
  route: Route;
  lane: PipelineLane;
}

/** the longest wait before a failed job is tried again (the first is PIPELINE_RETRY_DELAY_MS) */
const JOB_RETRY_MAX_MS = 60_000;
const UUID = UUID_PATTERN;
/** the visible mark of an edited picture (the account setting editedImageLabel) */
export const EDITED_LABEL_TEXT = 'Digitally edited';

/** The only keys a job may write: the image's own outputs, or for a test job its version's. */
function ownOutputKeys(job: PipelineJob) {
  return job.versionId ? pipelineVersionOutputKeys(job.orderId, job.imageId, job.versionId) : pipelineOutputKeys(job.orderId, job.imageId);
}

/**
 * Runs one job end to end and settles its message:
 *
 * 1. a job already recorded as finished (a redelivery after the result was committed) is
 *    acknowledged without running again;
 * 2. the original is read and decoded once, the route's steps run, the picture is encoded
 *    within maxImageSize and a thumbnail made, with progress acks after every step;
 * 3. in one transaction, under a per-image lock: the outputs are written under their fixed
 *    keys, the job is recorded and the `processed` event goes into the outbox; then the
 *    message is acknowledged;
 * 4. bad input fails at once (`failed` event with the reason, acknowledged); anything else
 *    is retried with backoff, and on the last attempt (or when the worker kept dying during
 *    the job) a copy goes to the dead-letter stream and the `failed` event is published;
 * 5. the database away (restart, failover) uses up no attempt: the job is held until it
 *    answers again (at most DATABASE_WAIT_MS), then run again.
 */
@Injectable()
export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}`;
  /** set at shutdown: a job waiting for the database gives up waiting and is offered again later */
  private stopping = false;
  private readonly stepSeconds;
  private readonly jobSeconds;
  private readonly jobsTotal;

  constructor(
    private readonly registry: RouteRegistry,
    private readonly imaging: ImageRenderer,
    private readonly files: PipelineFiles,
    private readonly dataSource: DataSource,
    private readonly jobs: JobsRepository,
    private readonly host: MessagingHost,
    @Inject(SERVICE_CONFIG) private readonly config: PipelineConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    @Inject(METRICS_REGISTRY) metrics: Metrics,
  ) {
    this.stepSeconds = metrics.histogram(METRICS.pipelineStepSeconds);
    this.jobSeconds = metrics.histogram(METRICS.pipelineJobSeconds);
    this.jobsTotal = metrics.counter(METRICS.pipelineJobsTotal);
  }

  /** Counts a settled delivery of a job and its time, and for a processed one each step's time. */
  private count(job: { route: string; lane: string } | null, lane: string, outcome: string, started: number, steps: StepTiming[] = []): void {
    const labels = { route: job?.route ?? 'unknown', lane: job?.lane ?? lane, outcome };
    this.jobsTotal.inc(labels);
    this.jobSeconds.observe(labels, (performance.now() - started) / 1000);
    for (const t of steps) this.stepSeconds.observe({ step: t.step, route: labels.route, lane: labels.lane }, t.ms / 1000);
  }

  /** The worker is shutting down: jobs stop waiting for an absent database. */
  stop(): void {
    this.stopping = true;
  }

  /** Runs one delivery of a job inside a span named after its subject, child of the work that queued it. */
  async handle(msg: JobMessage, lane: PipelineLane): Promise<void> {
    const attributes = { ...messagingAttributes(msg.subject, 'process'), 'messaging.message.delivery': msg.delivery, 'pipeline.lane': lane };
    await inSpan(msg.subject, { kind: SpanKind.CONSUMER, parent: extractTraceContext(msg.headers), attributes }, () => this.handleJob(msg, lane));
  }

  private async handleJob(msg: JobMessage, lane: PipelineLane): Promise<void> {
    const started = performance.now();
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(msg.data));
    } catch {
      await this.park(msg, null, 'invalid-job', 'The job message is not JSON.', started);
      this.count(null, lane, 'invalid', started);
      return;
    }
    const check = await checkPayload(PipelineJob, raw, { unknownFields: 'refuse' });
    if (check.problem !== undefined) {
      await this.park(msg, identify(raw, lane), 'invalid-job', `The job message is invalid: ${check.problem}.`, started);
      this.count(identify(raw, lane), lane, 'invalid', started);
      return;
    }
    const job = check.value;
    const keys = ownOutputKeys(job);
    if (!ObjectKeys.isImageOriginal(job.sourceKey, job.orderId, job.imageId) || job.outputKeys.optimized !== keys.optimized || job.outputKeys.thumb !== keys.thumb) {
      await this.park(msg, identify(raw, lane), 'invalid-job', "The job's object keys are not the image's own keys.", started);
      this.count(job, lane, 'invalid', started);
      return;
    }
    await runWithRequestContext({ requestId: msg.requestId ?? job.jobId, subject: msg.subject }, () => this.run(msg, job, started));
  }

  private async run(msg: JobMessage, job: PipelineJob, started: number): Promise<void> {
    const log = this.logger.child({ jobId: job.jobId, imageId: job.imageId, route: job.route, lane: job.lane, delivery: msg.delivery });
    const max = this.config.PIPELINE_MAX_ATTEMPTS;
    try {
      if (await this.jobs.isFinished(this.dataSource.manager, job.jobId)) {
        log.info('job already finished; acknowledging the redelivery');
        msg.ack();
        this.count(job, job.lane, 'duplicate', started);
        return;
      }
      if (msg.delivery > max) {
        const reason = `The pipeline stopped while processing this image on each of its ${max} attempts (the worker crashed or was stopped).`;
        if (await this.giveUp(msg, job, reason, started)) {
          log.error('job given up: the worker kept stopping during it');
          this.count(job, job.lane, 'dead_lettered', started);
        }
        return;
      }
      log.info('job started');
      const outcome = await this.withProgress(msg, async () => {
        const rendered = await this.render(job, msg);
        const storing = performance.now();
        const result = await this.complete(job, rendered, msg.delivery, started);
        rendered.timings.push({ step: 'store', ms: Math.round((performance.now() - storing) * 10) / 10 });
        return { rendered, result };
      });
      msg.ack();
      this.count(job, job.lane, outcome.result, started, outcome.result === 'processed' ? outcome.rendered.timings : []);
      log.info(
        { result: outcome.result, ms: Math.round(performance.now() - started), steps: outcome.rendered.timings, bytes: outcome.rendered.optimized.length },
        `job ${outcome.result}`,
      );
    } catch (err) {
      // the database away (a restart, a failover) is not the job's fault: the job is held, and
      // run again once the database answers, without using up an attempt
      if (await msg.holdWhileDatabaseAway(err, this.dataSource, () => this.stopping)) return this.run(msg, job, started);
      if (err instanceof JobFailure) {
        await this.settle(msg, log, async () => {
          await this.recordFailure(job, err.code, err.reason, msg.delivery, false, started);
          msg.ack();
          log.warn({ code: err.code, reason: err.reason }, 'job failed');
          this.count(job, job.lane, 'failed', started);
        });
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      if (msg.delivery >= max) {
        if (await this.giveUp(msg, job, `Processing failed ${max} times; the last error: ${reason}`, started)) {
          log.error({ err }, 'job failed on its last attempt; moved to the dead-letter stream');
          this.count(job, job.lane, 'dead_lettered', started);
        }
        return;
      }
      const delay = msg.retryLater({ baseMs: this.config.PIPELINE_RETRY_DELAY_MS, maxMs: JOB_RETRY_MAX_MS });
      log.warn({ err, retryInMs: delay }, 'job failed; it will be retried');
      this.count(job, job.lane, 'retried', started);
    }
  }

  /** Runs `fn`; if settling the job fails (the database is away), the job is offered again later. */
  private async settle(msg: JobMessage, log: Logger, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, 'could not record the job result; it will be offered again');
      msg.handBack(PARK_RETRY_MS);
    }
  }

  /** Progress acks while `fn` runs, and a deadline after which the job counts as failed (and is retried). */
  private async withProgress<T>(msg: JobMessage, fn: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => msg.working(), Math.max(500, Math.floor(this.config.PIPELINE_ACK_WAIT_MS / 3)));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The job took longer than ${Math.round(this.config.PIPELINE_JOB_TIMEOUT_MS / 1000)} s.`)),
        this.config.PIPELINE_JOB_TIMEOUT_MS,
      );
    });
    const work = fn();
    // past the deadline the work may still end (and settle itself idempotently); its error is not news
    work.catch(() => undefined);
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearInterval(beat);
      clearTimeout(timer);
    }
  }

  private async render(job: PipelineJob, msg: JobMessage): Promise<RenderedJob> {
    const ctx = new JobContext(job, resolveJobOptions(job), () => msg.working());
    ctx.source = await this.load(ctx, job.sourceKey, decodeOptionsFor(ctx.options, ctx.outW, ctx.outH));
    const outcome = await this.registry.handlerFor(job.route).run(ctx);
    if (outcome.status === 'failed') throw new JobFailure(outcome.code, outcome.reason);
    let image = outcome.image;
    const labelled = job.editedImageLabel === true;
    if (labelled) image = await ctx.step('edited-label', () => this.imaging.editedLabel(outcome.image, EDITED_LABEL_TEXT));
    // the output says in its XMP that it was digitally edited, and how
    const xmp = editDisclosureXmp(disclosureOf(ctx, labelled));
    const finished = image;
    const jpeg = await ctx.step('encode', () =>
      this.imaging.encodeJpeg(finished, job.settings.maxImageSize, this.config.PIPELINE_JPEG_QUALITY, xmp),
    );
    const thumb = await ctx.step('thumbnail', () => this.imaging.thumbnail(finished, this.config.PIPELINE_THUMB_WIDTH));
    const listThumb = job.versionId ? null : await ctx.step('list-thumbnail', () => this.imaging.listThumbnail(finished, LIST_THUMB_WIDTH, LIST_THUMB_HEIGHT));
    return {
      optimized: jpeg.data,
      quality: jpeg.quality,
      width: image.width,
      height: image.height,
      thumb: thumb.data,
      thumbWidth: thumb.width,
      thumbHeight: thumb.height,
      listThumb: listThumb?.data ?? null,
      timings: ctx.timings,
      plates: NumberPlates.onOriginal(ctx),
    };
  }

  /** read + decode: the encoded bytes go out of scope as soon as the pixels exist */
  private async load(ctx: JobContext, key: string, decode: DecodeOptions) {
    const bytes = await ctx.step('read', () => this.files.readSource(key));
    return ctx.step('decode', () => this.imaging.decodeSource(bytes, decode));
  }

  /**
   * Writes the outputs and commits the result, under a lock per image: a job finished by
   * another worker meanwhile is left alone, and a job older than the one that last wrote
   * this image's outputs does not overwrite them (it is recorded as superseded).
   */
  private async complete(job: PipelineJob, out: RenderedJob, attempt: number, started: number): Promise<'processed' | 'superseded' | 'duplicate'> {
    return inTransaction(this.dataSource, async (m) => {
      await this.jobs.lockImage(m, job.orderId, job.imageId);
      if (await this.jobs.isFinished(m, job.jobId)) return 'duplicate';
      const requestedAt = new Date(job.requestedAt);
      const base = {
        jobId: job.jobId,
        imageId: job.imageId,
        orderId: job.orderId,
        route: job.route,
        lane: job.lane,
        attempt,
        worker: this.worker,
        requestedAt,
      };
      // a test job writes its version's own keys: it neither overwrites nor is overwritten by the image's outputs
      const last = job.versionId ? null : await this.jobs.lastOutput(m, job.orderId, job.imageId);
      if (last && last.jobId !== job.jobId && last.requestedAt.getTime() > requestedAt.getTime()) {
        await this.jobs.record(m, {
          ...base,
          status: 'superseded',
          reason: `job ${last.jobId}, requested later, wrote this image's outputs`,
          durationMs: Math.round(performance.now() - started),
        });
        return 'superseded';
      }
      // the list's picture at the image's own key, whatever an older producer put in the job
      const listThumbKey = out.listThumb ? pipelineOutputKeys(job.orderId, job.imageId).listThumb : undefined;
      await this.files.writeOutputs(job.outputKeys, out.optimized, out.thumb, listThumbKey && out.listThumb ? { key: listThumbKey, bytes: out.listThumb } : null);
      await faultPoint('pipeline.outputs-written', { jobId: job.jobId, imageId: job.imageId });
      const durationMs = Math.round(performance.now() - started);
      if (!job.versionId) await this.jobs.saveOutput(m, job.orderId, job.imageId, job.jobId, requestedAt);
      await this.jobs.record(m, { ...base, status: 'processed', width: out.width, height: out.height, fileSize: out.optimized.length, durationMs });
      await this.host.outbox.add(m, PipelineEvents.imageProcessed, {
        jobId: job.jobId,
        imageId: job.imageId,
        orderId: job.orderId,
        route: job.route,
        lane: job.lane,
        keys: { optimized: job.outputKeys.optimized, thumb: job.outputKeys.thumb, ...(listThumbKey ? { listThumb: listThumbKey } : {}) },
        width: out.width,
        height: out.height,
        fileSize: out.optimized.length,
        quality: out.quality,
        thumbWidth: out.thumbWidth,
        thumbHeight: out.thumbHeight,
        attempt,
        durationMs,
        worker: this.worker,
        processedAt: new Date().toISOString(),
        ...(out.plates ? { plates: out.plates } : {}),
      });
      return 'processed';
    });
  }

  private async recordFailure(
    job: JobIdentity & { requestedAt?: string },
    code: PipelineFailureCode,
    reason: string,
    attempts: number,
    deadLettered: boolean,
    started: number,
  ): Promise<void> {
    await inTransaction(this.dataSource, async (m) => {
      const fresh = await this.jobs.record(m, {
        jobId: job.jobId,
        imageId: job.imageId,
        orderId: job.orderId,
        route: job.route,
        lane: job.lane,
        status: 'failed',
        code,
        reason,
        attempt: attempts,
        worker: this.worker,
        requestedAt: job.requestedAt ? new Date(job.requestedAt) : new Date(),
        durationMs: Math.round(performance.now() - started),
      });
      if (!fresh) return;
      await this.host.outbox.add(m, PipelineEvents.imageFailed, {
        jobId: job.jobId,
        imageId: job.imageId,
        orderId: job.orderId,
        route: job.route,
        lane: job.lane,
        code,
        reason,
        attempts,
        deadLettered,
        failedAt: new Date().toISOString(),
      });
    });
  }

  /**
   * Last attempt used up: a copy to the dead-letter stream, the `failed` event, and the job is
   * terminated. False when it could not be parked (it is offered again later).
   */
  private giveUp(msg: JobMessage, job: PipelineJob, reason: string, started: number): Promise<boolean> {
    return msg.deadLetter(reason, () => this.recordFailure(job, 'processing-error', reason, msg.delivery, true, started));
  }

  /** A message that is not a valid job: parked for operators, and reported when the image is known. */
  private async park(msg: JobMessage, who: JobIdentity | null, code: PipelineFailureCode, reason: string, started: number): Promise<void> {
    const parked = await msg.deadLetter(reason, async () => {
      if (who) await this.recordFailure(who, code, reason, msg.delivery, true, started);
    });
    if (parked) this.logger.error({ subject: msg.subject, reason, jobId: who?.jobId }, 'invalid job moved to the dead-letter stream');
  }
}

/** The ids of a job that failed validation, when they are usable. */
function identify(raw: unknown, lane: PipelineLane): JobIdentity | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const jobId = str(r.jobId);
  const route = str(r.route);
  if (!UUID.test(jobId) || !str(r.imageId) || !str(r.orderId) || !(ROUTES as readonly string[]).includes(route)) return null;
  return { jobId, imageId: str(r.imageId), orderId: str(r.orderId), route: route as Route, lane };
}
