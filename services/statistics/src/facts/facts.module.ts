import { Module } from '@nestjs/common';
import { FactsApplier } from './facts.applier';
import { FactsConsumer } from './facts.consumer';
import { FactsRepository } from './facts.repository';

/** The fact tables fed from EVENTS (docs/statistics.md, "Facts"). */
@Module({
  providers: [FactsRepository, FactsApplier, FactsConsumer],
  exports: [FactsRepository, FactsApplier],
})
export class FactsModule {}
