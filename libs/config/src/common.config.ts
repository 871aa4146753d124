import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Settings every process shares. Defaults are the single-machine ones. */
export class CommonConfig {
  @Matches(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, {
    message: 'must be one or more nats:// URLs separated by commas',
  })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /** Prefix of every subject and stream name: lets test runs and installs share a NATS server. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]*$/, { message: 'may hold only letters, digits, "_" and "-"' })
  NATS_NAMESPACE: string = '';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /** How long a request-reply call waits for a service before answering 503. */
  @IsInt()
  @Min(50)
  @Max(120000)
  RPC_TIMEOUT_MS: number = 5000;
}

/** Settings of a service that owns a PostgreSQL schema. */
export class DatabaseConfig extends CommonConfig {
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_SIZE: number = 10;

  /** How often the outbox relay looks for unsent events when nothing pokes it. */
  @IsInt()
  @Min(10)
  @Max(60000)
  OUTBOX_POLL_MS: number = 500;
}

/** Settings of a service that reads or writes media in S3. */
export class StorageConfig extends DatabaseConfig {
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, { message: 'must be an http(s)://host[:port] URL' })
  S3_ENDPOINT!: string;

  @IsString()
  S3_ACCESS_KEY!: string;

  @IsString()
  S3_SECRET_KEY!: string;

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid S3 bucket name' })
  S3_BUCKET: string = 'dealer-media';

  @IsString()
  S3_REGION: string = 'us-east-1';

  /**
   * Address that browsers and apps use for presigned URLs, when it differs from S3_ENDPOINT
   * (for example a public host in front of MinIO).
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, { message: 'must be an http(s)://host[:port] URL' })
  S3_PUBLIC_ENDPOINT?: string;
}
