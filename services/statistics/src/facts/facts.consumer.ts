import { STATISTICS_DURABLES } from '@app/contracts';
import { BatchConsumer, decodeJson, type BatchRead } from '@app/messaging';
import { MessagingHost, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JsMsg } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { StatisticsConfig } from '../statistics.config';
import { toFactEvent, type FactEvent } from './fact-events';
import { FactsApplier } from './facts.applier';

/**
 * The one durable consumer of the statistics service: every subject of EVENTS (`evt.>`).
 * NATS 2.9 takes one subject filter per consumer, and one consumer keeps one order across the
 * services (an account's deletion after its orders); events the service does not read are
 * acknowledged without work.
 */
export const FACTS_FILTER = 'evt.>';

/** What a message is to the facts: an event to apply, one the service does not read, or one that breaks its contract. */
export async function readFactMessage(m: JsMsg, subject: string, id: string): Promise<BatchRead<FactEvent>> {
  let data: unknown;
  try {
    data = decodeJson<unknown>(m.data);
  } catch (err) {
    return { problem: `payload is not JSON: ${(err as Error).message}` };
  }
  const read = await toFactEvent(subject, data, { id, seq: m.seq, storedAt: new Date(Math.floor(m.info.timestampNanos / 1e6)) });
  if (read === 'skip') return read;
  return 'problem' in read ? { problem: `payload refused: ${read.problem}` } : { item: read.event };
}

/**
 * Feeds the fact tables from EVENTS in batches (`BatchConsumer` of `@app/messaging`, up to
 * `STATISTICS_FACTS_BATCH` events in one transaction, acknowledged after its commit). Nothing
 * is recorded per message: the facts are idempotent themselves (FactsRepository), so a
 * redelivery, or a batch applied again after a crash before its acks, leaves the same rows.
 */
@Injectable()
export class FactsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly subscription: BatchConsumer<FactEvent>;

  constructor(
    host: MessagingHost,
    applier: FactsApplier,
    @InjectDataSource() ds: DataSource,
    @Inject(SERVICE_LOGGER) logger: Logger,
    @Inject(SERVICE_CONFIG) config: StatisticsConfig,
  ) {
    this.subscription = host.track(
      new BatchConsumer<FactEvent>({
        nc: host.nc,
        namespace: host.namespace,
        logger,
        dataSource: ds,
        stream: 'EVENTS',
        durable: STATISTICS_DURABLES.facts,
        filterSubject: FACTS_FILTER,
        batchMax: config.STATISTICS_FACTS_BATCH,
        read: readFactMessage,
        apply: (events) => applier.applyBatch(events),
      }),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.subscription.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.subscription.stop();
  }
}
