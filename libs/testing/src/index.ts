/**
 * Test infrastructure that needs nothing above the libs: where the shared servers are, a
 * database, NATS namespace and S3 of a test file's own, waiting, actors and test files. The
 * whole stack (services and gateway booted, accounts, sessions, factories through the API)
 * is beside the tests, in `test/support`.
 */
export * from './infra';
export * from './test-database';
export * from './test-namespace';
export * from './test-s3';
export * from './factories';
export * from './wait-for';
export * from './refusal';
export * from './test-files';
export * from './fake-fcm';
export * from './fake-graph';
export * from './test-ftp';
export * from './delivery-seeding';
export * from './test-metadata';
export * from './request-from';
