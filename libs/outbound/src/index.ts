export * from './outbound.policy';
export * from './outbound.connections';
export * from './outbound.allowance';
