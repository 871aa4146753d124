export * from './push.contract';
export * from './delivery-queue.contract';
