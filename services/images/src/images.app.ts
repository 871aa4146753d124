import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { ImagesConfig } from './images.config';

/** The images service: owns images, videos, uploads, approvals, repush requests and download bundles. */
export const imagesApp: ServiceApp<ImagesConfig> = {
  definition: {
    name: 'images',
    entities: [],
    migrations: [],
  },
  modules: (config) => [StorageModule.forRoot(config)],
};
