export * from './logger';
export * from './request-context';
export * from './log-destination';
