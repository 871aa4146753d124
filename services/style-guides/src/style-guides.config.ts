import { StorageConfig } from '@app/config';

/** Environment of the style-guides service (see the configuration table in the README). */
export class StyleGuidesConfig extends StorageConfig {}
