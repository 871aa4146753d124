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

  /**
   * The process's operations port (`libs/ops`): liveness, readiness and metrics for the
   * orchestrator and Prometheus. 0 (the default) starts none; the Kubernetes manifests set
   * 9090, `make dev` gives each process its own.
   */
  @IsInt()
  @Min(0)
  @Max(65535)
  OPS_PORT: number = 0;

  /** The address the operations port listens on. */
  @IsString()
  OPS_HOST: string = '0.0.0.0';

  /** Event-loop lag above which the process counts as stuck (liveness, `/health/live`). */
  @IsInt()
  @Min(50)
  @Max(600000)
  HEALTH_MAX_LOOP_LAG_MS: number = 2000;

  /** How long the lag must stay above HEALTH_MAX_LOOP_LAG_MS before liveness answers 503. */
  @IsInt()
  @Min(0)
  @Max(600000)
  HEALTH_LOOP_LAG_FOR_MS: number = 30000;

  /** Each readiness check (`/health/ready`: database, NATS, S3) is cut after this. */
  @IsInt()
  @Min(50)
  @Max(60000)
  HEALTH_CHECK_TIMEOUT_MS: number = 2000;

  /**
   * At SIGTERM, how long in-flight requests, messages and jobs may take to finish before
   * they are handed back (nak) and the process closes; it exits at the latest 5 s after.
   */
  @IsInt()
  @Min(0)
  @Max(300000)
  SHUTDOWN_GRACE_MS: number = 10000;
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

  /**
   * Copies JetStream keeps of each stream the services create (EVENTS, PIPELINE, DEADLETTER):
   * 1 on a single NATS server, 3 on a three-node cluster so that losing a node loses nothing.
   * Checked at boot against the servers; an existing stream with another count is changed.
   */
  @IsInt()
  @Min(1)
  @Max(5)
  NATS_STREAM_REPLICAS: number = 1;
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
