import { createPrivateKey, createSign } from 'node:crypto';
import { tracedFetch } from '@app/ops';
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { DeviceOutcome, PushMessage, PushProvider } from './push-provider';

/** What the provider needs of a Firebase service account's JSON key. */
export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** where access tokens are asked for (`token_uri` of the key) */
  tokenUri: string;
}

export interface FcmOptions {
  /** FCM's HTTP v1 base, `https://fcm.googleapis.com` */
  apiUrl: string;
  /** the token endpoint; the key's `token_uri` when left out */
  tokenUrl?: string | undefined;
  /** how long one request (a token, a send) may take */
  timeoutMs: number;
  /** the clock (tests move it to expire a token) */
  now?: () => number;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** an access token is used until this long before Google's expiry */
const TOKEN_MARGIN_MS = 60_000;
/** an assertion asks for a token of at most an hour, Google's maximum */
const ASSERTION_LIFETIME_S = 3600;
/** devices sent to at once */
const CONCURRENCY = 4;

/**
 * Reads the service account from FCM_SERVICE_ACCOUNT_JSON (the key's content) or
 * FCM_SERVICE_ACCOUNT_FILE (its path) and checks it holds what is needed; the error names
 * the variable and what is wrong, so the service refuses to start with it.
 */
export function readFcmServiceAccount(env: { FCM_SERVICE_ACCOUNT_JSON?: string | undefined; FCM_SERVICE_ACCOUNT_FILE?: string | undefined }): FcmServiceAccount {
  let variable: string;
  let text: string;
  if (env.FCM_SERVICE_ACCOUNT_JSON) {
    variable = 'FCM_SERVICE_ACCOUNT_JSON';
    text = env.FCM_SERVICE_ACCOUNT_JSON;
  } else if (env.FCM_SERVICE_ACCOUNT_FILE) {
    variable = 'FCM_SERVICE_ACCOUNT_FILE';
    try {
      text = readFileSync(env.FCM_SERVICE_ACCOUNT_FILE, 'utf8');
    } catch (err) {
      throw new Error(`FCM_SERVICE_ACCOUNT_FILE cannot be read (${env.FCM_SERVICE_ACCOUNT_FILE}): ${(err as Error).message}`);
    }
  } else {
    throw new Error('PUSH_PROVIDER is fcm: set FCM_SERVICE_ACCOUNT_JSON (the service account key, JSON) or FCM_SERVICE_ACCOUNT_FILE (its path)');
  }
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${variable} is not JSON: it must be a Firebase service account key`);
  }
  const field = (name: string): string => {
    const value = key?.[name];
    if (typeof value !== 'string' || value === '') throw new Error(`${variable} has no ${name}: it must be a Firebase service account key`);
    return value;
  };
  const account: FcmServiceAccount = {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUri: typeof key.token_uri === 'string' && key.token_uri !== '' ? key.token_uri : 'https://oauth2.googleapis.com/token',
  };
  try {
    createPrivateKey(account.privateKey);
  } catch {
    throw new Error(`${variable} has a private_key that is not a PEM private key`);
  }
  return account;
}

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/** A failure to get an access token: no answer (`unreachable`), or Google refused the credentials. */
class AccessTokenError extends Error {
  constructor(
    message: string,
    readonly unreachable: boolean,
  ) {
    super(message);
  }
}

interface FcmErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: Array<{ '@type'?: string; errorCode?: string }> };
}

/**
 * Firebase Cloud Messaging, HTTP v1: an OAuth2 access token from a self-signed RS256 JWT of
 * the service account (node:crypto), kept until shortly before it expires and shared by
 * concurrent sends; then one `POST /v1/projects/{project}/messages:send` per device token.
 * A 401 on a send (a token revoked early) fetches a new token once and tries again. A token
 * answered 404 UNREGISTERED or 400 INVALID_ARGUMENT no longer names a device (`unregistered`:
 * the caller removes it).
 */
export class FcmPushProvider implements PushProvider {
  readonly name = 'fcm' as const;
  private accessToken: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly account: FcmServiceAccount,
    private readonly options: FcmOptions,
    private readonly logger: Logger,
  ) {
    this.now = options.now ?? Date.now;
  }

  async send(message: PushMessage, tokens: readonly string[]): Promise<DeviceOutcome[]> {
    const outcomes: DeviceOutcome[] = [];
    for (let i = 0; i < tokens.length; i += CONCURRENCY) {
      outcomes.push(...(await Promise.all(tokens.slice(i, i + CONCURRENCY).map((token) => this.sendOne(message, token)))));
    }
    return outcomes;
  }

  private async sendOne(message: PushMessage, token: string): Promise<DeviceOutcome> {
    try {
      let res = await this.post(token, message, await this.token(false));
      if (res.status === 401) res = await this.post(token, message, await this.token(true));
      if (res.ok) return { token, result: 'sent' };
      const body = (await res.json().catch(() => ({}))) as FcmErrorBody;
      const code = body.error?.details?.find((d) => d.errorCode)?.errorCode ?? body.error?.status ?? `HTTP ${res.status}`;
      const reason = `${code}${body.error?.message ? ` (${body.error.message})` : ''}`;
      if ((res.status === 404 && (code === 'UNREGISTERED' || code === 'NOT_FOUND')) || (res.status === 400 && code === 'INVALID_ARGUMENT')) {
        return { token, result: 'unregistered', reason };
      }
      return { token, result: 'failed', reason, unreachable: res.status >= 500 };
    } catch (err) {
      const unreachable = err instanceof AccessTokenError ? err.unreachable : true;
      return { token, result: 'failed', reason: (err as Error).message, unreachable };
    }
  }

  private post(token: string, message: PushMessage, accessToken: string): Promise<Response> {
    const url = `${this.options.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(this.account.projectId)}/messages:send`;
    return tracedFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: { token, notification: { title: message.title, body: message.body }, data: message.data } }),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    }).catch((err: unknown) => {
      throw new Error(`FCM did not answer: ${describeFetchError(err)}`);
    });
  }

  /** The cached access token, or a new one (`renew`: the last one was refused); concurrent callers share one request. */
  private async token(renew: boolean): Promise<string> {
    if (renew) this.accessToken = null;
    if (this.accessToken && this.accessToken.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.accessToken.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const tokenUrl = this.options.tokenUrl ?? this.account.tokenUri;
    const iat = Math.floor(this.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(JSON.stringify({ iss: this.account.clientEmail, scope: SCOPE, aud: tokenUrl, iat, exp: iat + ASSERTION_LIFETIME_S }));
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(this.account.privateKey).toString('base64url');
    let res: Response;
    try {
      res = await tracedFetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: GRANT_TYPE, assertion: `${header}.${claims}.${signature}` }).toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new AccessTokenError(`the FCM access token could not be fetched: ${describeFetchError(err)}`, true);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
    if (!res.ok || typeof body.access_token !== 'string') {
      const why = [body.error, body.error_description].filter((s) => typeof s === 'string').join(': ') || `HTTP ${res.status}`;
      throw new AccessTokenError(`the FCM access token was refused: ${why}`, res.status >= 500);
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : ASSERTION_LIFETIME_S;
    this.accessToken = { value: body.access_token, expiresAt: this.now() + expiresIn * 1000 };
    this.logger.debug({ expiresIn }, 'FCM access token fetched');
    return body.access_token;
  }
}

function describeFetchError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'no answer in time';
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
