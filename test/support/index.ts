/**
 * The whole stack for tests: the services and the gateway booted in-process (or the browser
 * on top), accounts made by the users service's seeding call, signed-in sessions, and
 * factories that go through the API. Infrastructure that needs nothing above the libs
 * (databases, namespaces, S3, waiting, test files) is `@app/testing`.
 */
export * from './service-apps';
export * from './test-stack';
export * from './accounts';
export * from './sessions';
export * from './cast';
export * from './mail-reading';
export * from './media-upload';
export * from './order-factories';
export * from './image-factories';
export * from './image-reads';
export * from './media360-factories';
export * from './browser-stack';
export * from './upload-scene';
export * from './account-traces';
export * from './event-stream';
export * from './csp-violations';
export * from './accessibility';
export * from './demo-pictures';
