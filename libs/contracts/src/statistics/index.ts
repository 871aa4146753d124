export * from './statistics.contract';
export * from './backfill.contract';
