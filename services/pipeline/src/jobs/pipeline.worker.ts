import { PIPELINE_DURABLES, pipelineLaneFilter, type PipelineLane } from '@app/contracts';
import type { DurableSubscription } from '@app/messaging';
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

  constructor(
    private readonly host: MessagingHost,
    private readonly runner: JobRunner,
    @Inject(SERVICE_CONFIG) private readonly config: PipelineConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

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
    const adapt = (m: JsMsg, sub: DurableSubscription): JobMessage => ({
      data: m.data,
      delivery: m.info.redeliveryCount,
      subject: this.host.namespace.strip(m.subject),
      requestId: m.headers?.get('x-request-id') || undefined,
      working: () => m.working(),
      ack: () => m.ack(),
      nak: (delayMs) => m.nak(delayMs),
      term: () => m.term(),
      deadLetter: (reason) => sub.copyToDeadLetter(m, reason),
    });
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

  async onModuleDestroy(): Promise<void> {
    this.runner.stop();
    await this.scheduler?.stop();
    this.scheduler = null;
  }
}
