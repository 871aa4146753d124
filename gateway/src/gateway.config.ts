import { CommonConfig } from '@app/config';
import { originOf } from './common/security-headers';
import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';

const PROXY_ADDRESS = String.raw`\s*(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:/\d{1,3})?\s*`;
const TRUSTED_PROXIES_FORMAT = new RegExp(`^(?:${PROXY_ADDRESS})(?:,(?:${PROXY_ADDRESS}))*$`);

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

  /**
   * At SIGTERM, how long readiness answers 503 "shutting down" while the gateway still
   * serves, before it stops accepting connections: the time the orchestrator needs to take it
   * out of rotation (Kubernetes: a readiness probe period or two), so no client meets a
   * refused connection meanwhile. In-flight requests then have SHUTDOWN_GRACE_MS to finish.
   */
  @IsInt()
  @Min(0)
  @Max(120000)
  SHUTDOWN_DELAY_MS: number = 2000;

  /** folder of the built web app to serve beside the API (single-machine mode) */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  /** secret that signs access tokens (HS256): at least 32 characters, the same on every gateway replica */
  @IsString()
  @MinLength(32)
  JWT_SECRET!: string;

  /** lifetime of an access token in seconds; the refresh token renews it */
  @IsInt()
  @Min(30)
  @Max(86400)
  ACCESS_TOKEN_TTL_S: number = 900;

  /**
   * how long a session check's answer is reused for the same access token; the users service
   * says when sessions change, so revocations and role changes still apply on the next
   * request (0: ask the users service on every request)
   */
  @IsInt()
  @Min(0)
  @Max(60000)
  SESSION_CACHE_MS: number = 10000;

  /**
   * origins (scheme://host[:port], comma separated) whose browser pages may call the API with
   * credentials; when unset, only the gateway's own origin `http://localhost:<PORT>`, where
   * it serves the web app itself (which needs no CORS at all)
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s,/]+(,\s*https?:\/\/[^\s,/]+)*$/, {
    message: 'must be one or more http(s)://host[:port] origins separated by commas',
  })
  CORS_ORIGINS?: string;

  /** The origins allowed by CORS: `CORS_ORIGINS`, or the gateway's own. */
  corsOrigins(): string[] {
    if (!this.CORS_ORIGINS) return [`http://localhost:${this.PORT}`];
    return this.CORS_ORIGINS.split(',').map((o) => o.trim());
  }

  /**
   * the proxies (IP addresses or CIDR ranges, comma separated) whose `X-Forwarded-For` the
   * gateway believes: the client of a request is the address before the last of them. Unset:
   * no proxy is trusted and the client is the connection's own peer, whatever headers it sends
   * (sign-in and robot-key limits count per client, so a client must not choose its own)
   */
  @IsOptional()
  @Matches(TRUSTED_PROXIES_FORMAT, { message: 'must be IP addresses or CIDR ranges (like 10.0.0.0/8) separated by commas' })
  TRUSTED_PROXIES?: string;

  /** `TRUSTED_PROXIES` as a list (empty: trust none). */
  trustedProxies(): string[] {
    return (this.TRUSTED_PROXIES ?? '').split(',').map((p) => p.trim()).filter((p) => p.length > 0);
  }

  /** requests with a wrong robot key from one client within 15 minutes before the client is locked (429) */
  @IsInt()
  @Min(1)
  @Max(100000)
  ROBOT_KEY_MAX_FAILURES: number = 20;

  /** the first lock of a client that sent too many wrong robot keys; each next lock lasts twice as long, at most 15 minutes */
  @IsInt()
  @Min(100)
  @Max(900000)
  ROBOT_KEY_LOCKOUT_MS: number = 60000;

  /**
   * The media storage the web app's pages load pictures from and upload to (presigned
   * links): `S3_PUBLIC_ENDPOINT`, else `S3_ENDPOINT`, as the services sign them. Only their
   * origins are used, in the pages' Content-Security-Policy.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, { message: 'must be an http(s)://host[:port] URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, { message: 'must be an http(s)://host[:port] URL' })
  S3_PUBLIC_ENDPOINT?: string;

  /** The origin of the media storage that browsers reach (none when the gateway is not told it). */
  mediaOrigins(): string[] {
    const origin = originOf(this.S3_PUBLIC_ENDPOINT ?? this.S3_ENDPOINT);
    return origin ? [origin] : [];
  }

  /** largest JSON body accepted */
  @IsString()
  BODY_LIMIT: string = '1mb';
}
