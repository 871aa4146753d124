import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { ImageOutputRecord, JobRecord } from './jobs/job-record.entity';
import { JobsModule } from './jobs/jobs.module';
import { PipelineJobs1764000000000 } from './migrations/1764000000000-pipeline-jobs';
import { PipelineConfig } from './pipeline.config';

/**
 * The pipeline service: takes image jobs from the PIPELINE stream (live lane first), runs
 * the route's steps with sharp, writes the outputs to S3 and publishes the result through
 * its outbox. Its only request-reply subjects are health ones (`health.pipeline`,
 * `health.pipeline.segmenter`), outside the stream's subject space (docs/pipeline.md).
 */
export const pipelineApp: ServiceApp<PipelineConfig> = {
  definition: {
    name: 'pipeline',
    entities: [JobRecord, ImageOutputRecord],
    migrations: [PipelineJobs1764000000000],
  },
  modules: (config) => [StorageModule.forRoot(config), JobsModule],
};
