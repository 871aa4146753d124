export * from './images.contract';
export * from './videos.contract';
export * from './image-versions.contract';
