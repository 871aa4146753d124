import { randomUUID } from 'node:crypto';
import {
  PipelineEvents,
  pipelineOutputKeys,
  publishPipelineJob,
  STREAMS,
  type PipelineImageFailed,
  type PipelineImageProcessed,
  type PipelineJob,
  type PipelineLane,
  type PipelinePositionSettings,
  type PipelineRepushSettings,
  type Route,
} from '@app/contracts';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { connectNats, ensureStreams } from '@app/messaging';
import { startService } from '@app/service-kit';
import { StorageService } from '@app/storage';
import {
  createTestDatabase,
  createTestNamespace,
  startTestS3,
  testInfra,
  waitFor,
  type TestDatabase,
  type TestNamespace,
  type TestS3,
} from '@app/testing';
import type { INestMicroservice } from '@nestjs/common';
import type { ConsumerMessages, JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { pipelineApp } from '../../src/pipeline.app';
import { PipelineConfig } from '../../src/pipeline.config';
import { startNetworkSegmenter } from './network-segmenter';

export type PipelineResult =
  | { kind: 'processed'; event: PipelineImageProcessed }
  | { kind: 'failed'; event: PipelineImageFailed };

/** Every pipeline result published on the EVENTS stream, in stream order. */
export class ResultCollector {
  readonly results: PipelineResult[] = [];
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;

  async start(js: JetStreamClient, tns: TestNamespace): Promise<void> {
    const consumer = await js.consumers.get(tns.namespace.stream(STREAMS.EVENTS.name), {
      // one filter as a string: NATS 2.9 knows filter_subject, not filter_subjects
      filterSubjects: tns.namespace.subject('evt.pipeline.>'),
    });
    const messages = await consumer.consume();
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        const subject = tns.namespace.strip(m.subject);
        if (subject === PipelineEvents.imageProcessed.subject) this.results.push({ kind: 'processed', event: m.json<PipelineImageProcessed>() });
        if (subject === PipelineEvents.imageFailed.subject) this.results.push({ kind: 'failed', event: m.json<PipelineImageFailed>() });
      }
    })();
  }

  of(jobId: string): PipelineResult[] {
    return this.results.filter((r) => r.event.jobId === jobId);
  }

  processed(): PipelineImageProcessed[] {
    return this.results.flatMap((r) => (r.kind === 'processed' ? [r.event] : []));
  }

  async next(jobId: string, timeoutMs = 20000): Promise<PipelineResult> {
    return waitFor(() => this.of(jobId)[0], `the result of job ${jobId}`, timeoutMs);
  }

  async stop(): Promise<void> {
    this.messages?.stop();
    await this.loop?.catch(() => undefined);
  }
}

export interface JobSpec {
  route: Route;
  lane?: PipelineLane;
  category?: 'exterior' | 'interior';
  orderId?: string;
  imageId?: string;
  sourceExt?: string;
  settings?: Partial<PipelinePositionSettings>;
  repush?: PipelineRepushSettings;
  desaturateYellowLight?: boolean;
  requestedAt?: string;
}

/** The test style guide's size: small, so tests are quick. */
export const OUT = { width: 480, height: 360 };

export function makeJob(spec: JobSpec): PipelineJob {
  const orderId = spec.orderId ?? randomUUID();
  const imageId = spec.imageId ?? randomUUID();
  return {
    jobId: randomUUID(),
    imageId,
    orderId,
    lane: spec.lane ?? 'live',
    route: spec.route,
    category: spec.category ?? 'exterior',
    sourceKey: `orders/${orderId}/images/${imageId}/original.${spec.sourceExt ?? 'jpg'}`,
    outputKeys: pipelineOutputKeys(orderId, imageId),
    settings: {
      position: 1,
      outputWidth: OUT.width,
      outputHeight: OUT.height,
      maxImageSize: 150_000,
      margins: { top: 10, right: 5, bottom: 4, left: 5 },
      horizonLineHeight: 50,
      interiorColor: '#FFFFFF',
      withLogo: false,
      media: {},
      ...spec.settings,
    },
    desaturateYellowLight: spec.desaturateYellowLight ?? false,
    ...(spec.repush ? { repush: spec.repush } : {}),
    requestedAt: spec.requestedAt ?? new Date().toISOString(),
  };
}

export const AUTO_REPUSH: PipelineRepushSettings = {
  crop: 'auto',
  forceLogo: 'auto',
  rotationFix: 'auto',
  yellowFix: 'auto',
  forceBackgroundRemoval: 'auto',
};

export interface PipelineTestbed {
  db: TestDatabase;
  ns: TestNamespace;
  s3: TestS3;
  storage: StorageService;
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  results: ResultCollector;
  /** environment of the pipeline service (for in-process boots and child processes) */
  env: Record<string, string>;
  app: INestMicroservice | null;
  startPipeline(extraEnv?: Record<string, string>): Promise<INestMicroservice>;
  stopPipeline(): Promise<void>;
  /** stores the original of a job and publishes the job */
  submit(job: PipelineJob, original: Buffer | null): Promise<void>;
  publish(job: PipelineJob): Promise<{ seq: number; duplicate: boolean }>;
  close(): Promise<void>;
}

/**
 * Its own database, NATS namespace and S3 for one test file, and the pipeline service booted
 * in-process on demand. With `segmenter: 'network'` the AI routes run the segmentation network
 * (the segmenter service, in-process); otherwise the segmenter `env` says (classical by default).
 */
export async function createPipelineTestbed(
  label: string,
  env: Record<string, string> = {},
  opts: { segmenter?: 'network' } = {},
): Promise<PipelineTestbed> {
  const [db, s3, network] = await Promise.all([
    createTestDatabase(label),
    startTestS3(),
    opts.segmenter === 'network' ? startNetworkSegmenter() : Promise.resolve(null),
  ]);
  const ns = createTestNamespace(label);
  const nc = await connectNats(testInfra.natsUrl, `test-${label}`);
  await ensureStreams(nc, ns.namespace);
  const storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
  await storage.ensureBucket();
  const js = nc.jetstream();
  const results = new ResultCollector();
  await results.start(js, ns);
  const baseEnv: Record<string, string> = {
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '4',
    NATS_URL: testInfra.natsUrl,
    NATS_NAMESPACE: ns.prefix,
    LOG_LEVEL: testInfra.logLevel,
    OUTBOX_POLL_MS: '200',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    PIPELINE_ACK_WAIT_MS: '5000',
    PIPELINE_RETRY_DELAY_MS: '100',
    ...(network ? { PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: network.url } : {}),
    ...env,
  };
  const bed: PipelineTestbed = {
    db,
    ns,
    s3,
    storage,
    nc,
    js,
    jsm: await nc.jetstreamManager(),
    results,
    env: baseEnv,
    app: null,
    async startPipeline(extraEnv = {}) {
      const config = loadConfig(PipelineConfig, { ...baseEnv, ...extraEnv });
      bed.app = await startService(pipelineApp, config, { gracePeriodMs: 0, logger: createLogger('pipeline', testInfra.logLevel) });
      return bed.app;
    },
    async stopPipeline() {
      await bed.app?.close();
      bed.app = null;
    },
    async submit(job, original) {
      if (original) await storage.put(job.sourceKey, original, 'image/jpeg');
      await bed.publish(job);
    },
    publish: (job) => publishPipelineJob(js, ns.namespace, job),
    async close() {
      await bed.stopPipeline().catch(() => undefined);
      await results.stop();
      await nc.close();
      await ns.cleanup();
      await Promise.all([db.drop(), s3.close(), network?.close()]);
    },
  };
  return bed;
}
