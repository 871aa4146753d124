import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { planBatch } from './fact-batch';
import type { FactEvent } from './fact-events';
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

  /** The batch inside the caller's transaction: entities first, then orders and what hangs on them, deletions of accounts last. */
  async applyIn(m: EntityManager, events: readonly FactEvent[]): Promise<void> {
    const plan = planBatch(events);
    await this.facts.accountsCreated(m, plan.accountsCreated);
    await this.facts.accountsSaved(m, plan.accountsSaved);
    for (const list of plan.childLists) await this.facts.childList(m, list);
    await this.facts.signIns(m, plan.signIns);
    await this.facts.salesPeopleSaved(m, plan.salesPeopleSaved);
    await this.facts.salesPeopleDeleted(m, plan.salesPeopleDeleted);
    await this.facts.styleGuidesSaved(m, plan.styleGuidesSaved);
    await this.facts.styleGuidesDeleted(m, plan.styleGuidesDeleted);
    await this.facts.ordersCreated(m, plan.ordersCreated);
    await this.facts.orderStatuses(m, plan.orderStatuses);
    await this.facts.orderSalesPeople(m, plan.orderSalesPeople);
    await this.facts.timeline(m, plan.timeline);
    await this.facts.timelineOrders(m, plan.timelineOrders);
    await this.facts.ordersDeleted(m, plan.ordersDeleted);
    await this.facts.imagesProcessed(m, plan.imagesProcessed);
    await this.facts.accountsDeleted(m, plan.accountsDeleted);
  }

  /** Empties the fact tables. */
  async truncate(): Promise<void> {
    await this.facts.truncate(this.ds.manager);
  }
}
