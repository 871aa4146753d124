export * from './images.contract';
export * from './videos.contract';
export * from './re-edit-requests.contract';
export * from './image-versions.contract';
export * from './media360.contract';
