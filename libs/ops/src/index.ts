export * from './ops-server';
export * from './metrics';
export * from './metrics-text';
export * from './trace-context';
export * from './tracing';
export * from './health/loop-lag';
export * from './health/readiness';
export * from './health/process-health';
