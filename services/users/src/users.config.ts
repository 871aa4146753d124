import { BooleanFlag, DatabaseConfig } from '@app/config';
import { IsOutboundAllowance } from '@app/outbound';
import { IsEmail, IsInt, Matches, Max, Min } from 'class-validator';

const MINUTE = 60_000;

/** Environment of the users service (see the configuration table in the README). */
export class UsersConfig extends DatabaseConfig {
  /** Outgoing mail (sign-in codes, temporary passwords): smtp://user:pass@host:port */
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL!: string;

  @IsEmail()
  MAIL_FROM: string = 'no-reply@dealer-photo.local';

  /** where the web app is reached, for links in mails */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s):// URL' })
  APP_URL: string = 'http://localhost:8080';

  /** 32-byte key (64 hex characters) that encrypts integration passwords at rest */
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hexadecimal characters (a 32-byte key)' })
  INTEGRATION_SECRET_KEY!: string;

  /**
   * internal targets an integration may name after all: host names, addresses and CIDR
   * ranges separated by commas, the delivery service's OUTBOUND_ALLOW (empty: refused)
   */
  @IsOutboundAllowance() OUTBOUND_ALLOW: string = '';

  /** scrypt cost as log2(N): 15 means N = 32768 (32 MiB per hash) */
  @IsInt() @Min(10) @Max(20) PASSWORD_HASH_COST: number = 15;

  /** failed sign-ins for one e-mail from one client within the window before that pair is locked */
  @IsInt() @Min(1) @Max(1000) AUTH_MAX_FAILURES: number = 5;
  /** failed sign-ins from one client, whatever the e-mail, within the window before the client is locked */
  @IsInt() @Min(1) @Max(10000) AUTH_CLIENT_MAX_FAILURES: number = 30;
  /** failed sign-ins for one e-mail from all clients together within the window before the e-mail is locked */
  @IsInt() @Min(1) @Max(100000) AUTH_EMAIL_MAX_FAILURES: number = 100;
  @IsInt() @Min(1000) AUTH_FAILURE_WINDOW_MS: number = 15 * MINUTE;
  /** the first lock; each next lock of the same key lasts twice as long (the growing delay) */
  @IsInt() @Min(100) AUTH_LOCKOUT_MS: number = MINUTE;
  /** the longest lock */
  @IsInt() @Min(100) AUTH_MAX_LOCKOUT_MS: number = 15 * MINUTE;

  /** how long a forgot-password code is valid */
  @IsInt() @Min(1000) RESET_CODE_TTL_MS: number = 15 * MINUTE;
  /** how long the new-password challenge after a temporary password is valid */
  @IsInt() @Min(1000) CHALLENGE_TTL_MS: number = 10 * MINUTE;
  @IsInt() @Min(1) @Max(365) REFRESH_TOKEN_TTL_DAYS: number = 30;
  /**
   * how long after a refresh the same refresh token still answers the same new pair (two tabs
   * refreshing at once); later, a spent token ends the whole session (0: never)
   */
  @IsInt() @Min(0) @Max(60000) REFRESH_REUSE_GRACE_MS: number = 10000;

  /** development only: create the demo accounts of the README at start */
  @BooleanFlag()
  SEED_DEMO_DATA: boolean = false;

  /**
   * development and tests only: answer `users.seeding.accounts` (accounts and sales people
   * with a chosen password, no mail), which test harnesses and benchmarks call
   */
  @BooleanFlag()
  ACCOUNT_SEEDING: boolean = false;
}
