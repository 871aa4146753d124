import { BooleanFlag, StorageConfig } from '@app/config';
import { IsInt, Max, Min } from 'class-validator';

/** Environment of the style-guides service (see the configuration table in the README). */
export class StyleGuidesConfig extends StorageConfig {
  /** how often staging objects of media whose upload grant has expired are looked for and removed */
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  STYLE_GUIDES_UPLOAD_SWEEP_MS: number = 60_000;

  /**
   * A staging object of a medium is removed this long after its upload grant expired (a
   * post that began just before the expiry may still be arriving).
   */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  STYLE_GUIDES_UPLOAD_LEFTOVER_MARGIN_MS: number = 300_000;

  /** development only: the demo angles, car types and "Demo Studio" guide at start */
  @BooleanFlag()
  SEED_DEMO_DATA: boolean = false;
}
