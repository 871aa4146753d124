export * from './load-config';
export * from './common.config';
export * from './fault-points';
export * from './flag';
