export * from './tags.contract';
