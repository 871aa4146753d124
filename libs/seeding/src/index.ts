/**
 * What seeding needs, and only seeding: the demo data of `make dev` (fixed ids, so every
 * service seeds its part of the same story) and the users service's account-seeding call used
 * by tests and benchmarks. Imports the contracts; the contracts never import it.
 */
export * from './demo/demo-accounts';
export * from './demo/demo-style-guide';
export * from './demo/demo-orders';
export * from './account-seeding';
