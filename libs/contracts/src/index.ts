export * from './services';
export * from './rpc-error';
export * from './envelope';
export * from './rpc';
export * from './streams';
export * from './system/health.contract';
export * from './validation';
