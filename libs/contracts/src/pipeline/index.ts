export * from './pipeline.subjects';
export * from './pipeline-job.contract';
export * from './pipeline-results.contract';
export * from './pipeline.publisher';
