import { BooleanFlag, StorageConfig } from '@app/config';
import { PUSH_PROVIDERS, type PushProviderName } from '@app/contracts';
import { IsOutboundAllowance } from '@app/outbound';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';

const IsMultipleOf = (n: number): PropertyDecorator =>
  ValidateBy({
    name: 'isMultipleOf',
    validator: { validate: (v: unknown) => typeof v === 'number' && v % n === 0, defaultMessage: () => `must be a multiple of ${n}` },
  });

/** Environment of the delivery service (see the configuration table in the README). */
export class DeliveryConfig extends StorageConfig {
  /**
   * who carries push notifications to the phones: `capture` (files in PUSH_CAPTURE_DIR, for
   * `make dev` and the tests) or `fcm` (Firebase Cloud Messaging HTTP v1, for real installs)
   */
  @IsIn(PUSH_PROVIDERS)
  PUSH_PROVIDER: PushProviderName = 'capture';

  /** where the capture provider writes each notification as a JSON file */
  @IsString()
  @MinLength(1)
  PUSH_CAPTURE_DIR: string = '.data/push';

  /**
   * the Firebase service account (the JSON key file's content); with `fcm`, this or
   * FCM_SERVICE_ACCOUNT_FILE is required, and checked at start
   */
  @ValidateIf((c: DeliveryConfig) => c.FCM_SERVICE_ACCOUNT_JSON !== undefined)
  @IsString()
  @MinLength(2)
  FCM_SERVICE_ACCOUNT_JSON?: string;

  /** the path of the service account's JSON key file (instead of FCM_SERVICE_ACCOUNT_JSON) */
  @ValidateIf((c: DeliveryConfig) => c.FCM_SERVICE_ACCOUNT_FILE !== undefined)
  @IsString()
  @MinLength(1)
  FCM_SERVICE_ACCOUNT_FILE?: string;

  /** FCM's HTTP v1 API (tests point it at a local stand-in) */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s):// URL' })
  FCM_API_URL: string = 'https://fcm.googleapis.com';

  /** where the access token is asked for; empty: the service account's `token_uri` */
  @ValidateIf((c: DeliveryConfig) => c.FCM_TOKEN_URL !== undefined)
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s):// URL' })
  FCM_TOKEN_URL?: string;

  /** how long one request to FCM (a token, a send) may take */
  @IsInt()
  @Min(100)
  @Max(120_000)
  PUSH_REQUEST_TIMEOUT_MS: number = 10_000;

  /** development only: phones of the demo dealer, so a push notification reaches something */
  @BooleanFlag()
  SEED_DEMO_DATA: boolean = false;

  /** how long one step of a delivery (a connection, a file, an API request) may take before the attempt fails and is tried again */
  @IsInt() @Min(1000) @Max(600_000) DELIVERY_TIMEOUT_MS: number = 30_000;

  /**
   * internal targets integrations may deliver to after all (an on-premises installation's own
   * FTP server): host names, addresses and CIDR ranges separated by commas. Empty (the
   * default): an address inside the service's own network is refused (docs/delivery.md,
   * Outbound addresses). The users service reads the same variable for its save-time check.
   */
  @IsOutboundAllowance() OUTBOUND_ALLOW: string = '';

  /** Microsoft Graph, where SharePoint deliveries go (tests point it at a local stand-in) */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s):// URL' })
  GRAPH_API_URL: string = 'https://graph.microsoft.com/v1.0';

  /** where a SharePoint integration's access token is asked for (client credentials); `{tenantId}` is the integration's tenant */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s):// URL' })
  SHAREPOINT_TOKEN_URL: string = 'https://login.microsoftonline.com/{tenantId}/oauth2/v2.0/token';

  /** bytes of one range of a SharePoint upload session: a multiple of 320 KiB (327,680), as Graph requires, at most 60 MiB */
  @IsInt()
  @Min(327_680)
  @Max(62_914_560)
  @IsMultipleOf(327_680)
  SHAREPOINT_CHUNK_BYTES: number = 3_276_800;

  /** how long a test connection may wait for the destination */
  @IsInt() @Min(500) @Max(60_000) DELIVERY_TEST_TIMEOUT_MS: number = 8_000;

  /** how often the files kept for the links of API deliveries are looked at, and removed once their links have expired */
  @IsInt() @Min(1000) DELIVERY_LINK_SWEEP_MS: number = 60 * 60 * 1000;

  /** how often the worker looks for visible push messages (FTP, blob, API) besides the batch it just did */
  @IsInt()
  @Min(50)
  @Max(600_000)
  DELIVERY_POLL_MS: number = 1000;

  /** messages one worker claims at once */
  @IsInt()
  @Min(1)
  @Max(100)
  DELIVERY_BATCH_SIZE: number = 5;

  /** tries of a push message (and releases of a robot's) before it stops as failed */
  @IsInt()
  @Min(1)
  @Max(100)
  DELIVERY_MAX_ATTEMPTS: number = 5;

  /** wait before the second try; doubles each time up to DELIVERY_RETRY_MAX_DELAY_MS */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DELIVERY_RETRY_DELAY_MS: number = 30_000;

  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DELIVERY_RETRY_MAX_DELAY_MS: number = 3_600_000;

  /** how long a worker holds a message it delivers; past it another replica may take it */
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  DELIVERY_WORKER_LEASE_MS: number = 600_000;

  /** how long a pulled message stays a robot's before it is visible again */
  @IsInt()
  @Min(500)
  @Max(86_400_000)
  DELIVERY_ROBOT_LEASE_MS: number = 300_000;
}
