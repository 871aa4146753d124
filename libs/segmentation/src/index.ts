export * from './mask-model';
export * from './model-side';
