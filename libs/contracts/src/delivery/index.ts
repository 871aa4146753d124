export * from './push.contract';
