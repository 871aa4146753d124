import { StorageConfig } from '@app/config';

/** Environment of the images service (see the configuration table in the README). */
export class ImagesConfig extends StorageConfig {}
