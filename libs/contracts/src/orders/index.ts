export * from './tags.contract';
export * from './orders.contract';
export * from './order-events.contract';
export * from './order-event-payloads.contract';
export * from './qa-statistics.contract';
export * from './qa-workspace.contract';
