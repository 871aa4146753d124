import { StorageConfig } from '@app/config';

/** Environment of the pipeline service (see the configuration table in the README). */
export class PipelineConfig extends StorageConfig {}
