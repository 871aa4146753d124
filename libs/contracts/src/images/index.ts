export * from './images.contract';
export * from './videos.contract';
