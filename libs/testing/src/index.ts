export * from './infra';
export * from './test-database';
export * from './test-namespace';
export * from './test-s3';
export * from './test-stack';
export * from './factories';
export * from './service-apps';
export * from './wait-for';
