export * from './media.contract';
export * from './style-guides.contract';
