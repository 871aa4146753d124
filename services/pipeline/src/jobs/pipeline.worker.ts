import { PIPELINE_DURABLES, pipelineLaneFilter, type PipelineLane } from '@app/contracts';
import type { DurableSubscription } from '@app/messaging';
import { PROCESS_HEALTH, type ProcessHealth } from '@app/ops';
import { MessagingHost, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { PipelineConfig } from '../pipeline.config';
import { JobRunner, type JobMessage } from './job-runner.service';
import { LaneScheduler } from './lane-scheduler';

/**
 * The worker: the two lanes' durable consumers (shared by every replica) and the scheduler
 * that feeds the job runner. Starts after boot; at shutdown it stops pulling and lets the
 * running jobs finish before messaging and the database close.
 */
@Injectable()
export class PipelineWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private scheduler: LaneScheduler | null = null;
  /** jobs taken and not settled yet: handed back (nak) if they cannot finish within the grace period */
  private readonly inHand = new Set<JsMsg>();

  constructor(
    private readonly host: MessagingHost,
    private readonly runner: JobRunner,
    @Inject(SERVICE_CONFIG) private readonly config: PipelineConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    @Inject(PROCESS_HEALTH) private readonly health: ProcessHealth,
  ) {
    // ready only once the lanes are bound and jobs are being pulled
    health.readiness.add('job-lanes', () => {
      if (!this.scheduler) throw new Error('the worker is not pulling jobs');
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
    const live = this.lane('live');
    const bulk = this.lane('bulk');
    await live.ensure();
    await bulk.ensure();
    const adapt = (m: JsMsg, sub: DurableSubscription): JobMessage => {
      const settle = (how: () => void) => {
        this.inHand.delete(m);
        how();
      };
      this.inHand.add(m);
      return {
        data: m.data,
        delivery: m.info.redeliveryCount,
        subject: this.host.namespace.strip(m.subject),
        requestId: m.headers?.get('x-request-id') || undefined,
        headers: m.headers,
        working: () => m.working(),
        ack: () => settle(() => m.ack()),
        nak: (delayMs) => settle(() => m.nak(delayMs)),
        term: () => settle(() => m.term()),
        deadLetter: (reason) => sub.copyToDeadLetter(m, reason),
      };
    };
    this.scheduler = new LaneScheduler({
      live,
      bulk,
      concurrency: this.config.PIPELINE_CONCURRENCY,
      logger: this.logger,
      run: (m, lane) => this.runner.handle(adapt(m, lane === 'live' ? live : bulk), lane),
    });
    this.scheduler.start();
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
    const scheduler = this.scheduler;
    this.scheduler = null;
    if (!scheduler) return;
    this.runner.stop();
    const graceMs = this.health.remainingGraceMs();
    const left = await scheduler.stop(graceMs);
    if (left > 0) {
      this.logger.warn({ jobs: left, graceMs }, 'jobs still running at the end of the grace period; handed back for another worker');
      for (const m of this.inHand) m.nak();
      this.inHand.clear();
    }
  }
}
