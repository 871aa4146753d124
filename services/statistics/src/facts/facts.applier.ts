import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { planBatch, writePlan, type FactEvent } from './facts';
import { FactsRepository } from './facts.repository';

/**
 * Applies events to the fact tables, a batch in one transaction: the live consumer and both
 * sources of `rebuild` (the stream, the services' backfill) go through here, so they leave
 * the same rows. Applying a batch again, or its events in another order or other batches,
 * leaves the same rows too (see FactsRepository).
 */
@Injectable()
export class FactsApplier {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly facts: FactsRepository,
  ) {}

  /** One transaction for the batch (run again as a whole on a deadlock or serialization failure). */
  async applyBatch(events: readonly FactEvent[]): Promise<void> {
    if (!events.length) return;
    await inTransaction(this.ds, (m) => this.applyIn(m, events));
  }

  /** The batch inside the caller's transaction, fact by fact in the order of FACTS (entities first, deletions of accounts last). */
  async applyIn(m: EntityManager, events: readonly FactEvent[]): Promise<void> {
    await writePlan(this.facts, m, planBatch(events));
  }

  /** Empties the fact tables. */
  async truncate(): Promise<void> {
    await this.facts.truncate(this.ds.manager);
  }
}
