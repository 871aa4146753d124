import { StorageConfig } from '@app/config';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/** Environment of the style-guides service (see the configuration table in the README). */
export class StyleGuidesConfig extends StorageConfig {
  /** development only: the demo angles, car types and "Demo Studio" guide at start */
  @Transform(({ value }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  SEED_DEMO_DATA: boolean = false;
}
