import { CommonConfig } from '@app/config';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** Environment of the API gateway (see the configuration table in the README). */
export class GatewayConfig extends CommonConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 8080;

  /** how long the health route waits for each service's ping */
  @IsInt()
  @Min(50)
  @Max(30000)
  HEALTH_TIMEOUT_MS: number = 1000;

  /** folder of the built web app to serve beside the API (single-machine mode) */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  /** largest JSON body accepted */
  @IsString()
  BODY_LIMIT: string = '1mb';
}
