export * from './media.contract';
export * from './routes';
export * from './style-guides.contract';
