import { PIPELINE_DURABLES, pipelineLaneFilter, type PipelineLane } from '@app/contracts';
import { WorkQueue, type DurableSubscription } from '@app/messaging';
import { METRICS, METRICS_REGISTRY, PROCESS_HEALTH, type Metrics, type ProcessHealth } from '@app/ops';
import { MessagingHost, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../pipeline.config';
import { JobRunner } from './job-runner.service';

/**
 * The worker: the two lanes' durable consumers (shared by every replica) in a `WorkQueue` of
 * `@app/messaging`, which feeds the job runner. Starts after boot; at shutdown it stops
 * pulling and lets the running jobs finish before messaging and the database close.
 */
@Injectable()
export class PipelineWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private queue: WorkQueue | null = null;

  constructor(
    private readonly host: MessagingHost,
    private readonly runner: JobRunner,
    @Inject(SERVICE_CONFIG) private readonly config: PipelineConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    @Inject(PROCESS_HEALTH) private readonly health: ProcessHealth,
    @Inject(METRICS_REGISTRY) metrics: Metrics,
  ) {
    metrics.gauge(METRICS.pipelineJobsInHand, (g) => g.set(this.queue?.inHandCount ?? 0));
    // ready only once the lanes are bound and jobs are being pulled
    health.readiness.add('job-lanes', () => {
      if (!this.queue?.running) throw new Error('the worker is not pulling jobs');
    });
  }

  private lane(lane: PipelineLane): DurableSubscription {
    return this.host.subscription({
      stream: 'PIPELINE',
      durable: PIPELINE_DURABLES[lane],
      filterSubject: pipelineLaneFilter(lane),
      // one delivery more than the attempts: a job whose worker died on every attempt is
      // delivered once more, to be parked with its reason instead of left undelivered
      maxDeliver: this.config.PIPELINE_MAX_ATTEMPTS + 1,
      ackWaitMs: this.config.PIPELINE_ACK_WAIT_MS,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const queue = new WorkQueue({
      namespace: this.host.namespace,
      lanes: { live: this.lane('live'), bulk: this.lane('bulk') },
      concurrency: this.config.PIPELINE_CONCURRENCY,
      logger: this.logger,
      run: (msg, lane) => this.runner.handle(msg, lane),
    });
    await queue.start();
    this.queue = queue;
    this.logger.info(
      { concurrency: this.config.PIPELINE_CONCURRENCY, segmenter: this.config.PIPELINE_SEGMENTER, worker: this.runner.worker },
      'pipeline worker pulling jobs',
    );
  }

  /**
   * At shutdown (before messaging and the database close): stops pulling, lets the jobs in
   * hand finish within the grace period, and hands back (nak) those that cannot, so another
   * worker takes them at once rather than after the ack wait. A job handed back and finished
   * here anyway is not done twice: the next delivery finds it recorded as finished.
   */
  async onModuleDestroy(): Promise<void> {
    const queue = this.queue;
    this.queue = null;
    if (!queue) return;
    this.runner.stop();
    const graceMs = this.health.remainingGraceMs();
    const left = await queue.stop(graceMs);
    if (left > 0) this.logger.warn({ jobs: left, graceMs }, 'jobs still running at the end of the grace period; handed back for another worker');
  }
}
