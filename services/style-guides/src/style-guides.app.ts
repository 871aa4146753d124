import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { StyleGuidesConfig } from './style-guides.config';

/** The style-guides service: owns style guides, configurations, angles, car types and utility media. */
export const styleGuidesApp: ServiceApp<StyleGuidesConfig> = {
  definition: {
    name: 'style-guides',
    entities: [],
    migrations: [],
  },
  modules: (config) => [StorageModule.forRoot(config)],
};
