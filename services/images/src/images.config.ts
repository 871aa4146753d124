import { BooleanFlag, StorageConfig } from '@app/config';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';

/** Environment of the images service (see the configuration table in the README). */
export class ImagesConfig extends StorageConfig {
  /**
   * How often pending uploads are looked for in S3, for clients that never call
   * upload-complete (the web creator posts the files and moves on).
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  IMAGES_UPLOAD_POLL_MS: number = 2000;

  /**
   * A staging object is removed this long after its upload grant expired (a post that began
   * just before the expiry may still be arriving).
   */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  IMAGES_UPLOAD_LEFTOVER_MARGIN_MS: number = 300_000;

  /** the ffmpeg binary that makes video thumbnails (Debian's `ffmpeg` package) */
  @IsString()
  @MinLength(1)
  FFMPEG_PATH: string = 'ffmpeg';

  /** development only: images for the demo orders, processed by the pipeline at boot */
  @BooleanFlag()
  SEED_DEMO_DATA: boolean = false;
}
