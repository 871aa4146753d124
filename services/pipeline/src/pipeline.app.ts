import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { PipelineConfig } from './pipeline.config';

/** The pipeline service: owns processing jobs from the PIPELINE stream. */
export const pipelineApp: ServiceApp<PipelineConfig> = {
  definition: {
    name: 'pipeline',
    entities: [],
    migrations: [],
  },
  modules: (config) => [StorageModule.forRoot(config)],
};
