/**
 * Fetch wrapper for the gateway's REST API under `/api`.
 *
 * - Sends and expects JSON; adds the signed-in session's access token.
 * - Any failure is thrown as an {@link ApiError}: HTTP errors carry the status and the server's
 *   `message` (NestJS bodies are `{ statusCode, message }`, `message` possibly a list of
 *   validation messages); a request that never got an answer has `statusCode` 0.
 * - Session: a call answered 401 refreshes the session once
 *   (`POST /api/auth/refresh`, one refresh shared by every call failing at the same time) and
 *   is sent again. No session to refresh: `onSignedOut` (the app goes to /logout). The
 *   refresh refused: `onSessionExpired` (the app says "Your session cannot be refreshed.
 *   Please log in again" and goes to /logout). Still 401 after a good refresh:
 *   `onUnauthorized` (the app shows /error/401).
 * - Retries (the shared policy, `@app/contracts/http` retry-policy.ts): a GET, HEAD, PUT or
 *   DELETE, or a POST of a route marked `idempotent`, that gets no answer or a 502, 503 or 504
 *   is sent again after a wait (250 ms, 500 ms, 1 s with jitter, or the answer's `Retry-After`),
 *   4 sends in all; the caller sees the failure of the last one. Any other POST or PATCH is sent
 *   once. An aborted call is not sent again; `retry: false` sends a call once whatever it is.
 */
import {
  isRetryable,
  NO_ANSWER,
  retryDelayMs,
  routeUrl,
  type PathParams,
  type RouteBody,
  type RouteDef,
  type RoutePath,
  type RouteQuery,
  type RouteResult,
} from '@app/contracts/http';
import { SESSION_REFRESH_FAILED_MESSAGE, type RefreshRequest, type TokenPair } from '@app/contracts/wire';
import { sessionStore } from './session';

export const API_BASE = '/api';

/** `statusCode` used when the server could not be reached at all (network error, CORS, abort). */
export const NO_RESPONSE = NO_ANSWER;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    message: string,
    /** The parsed body of the error response, when it was JSON. */
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions extends Omit<RequestInit, 'body' | 'method' | 'headers'> {
  headers?: Record<string, string>;
  /**
   * `false` for the sign-in calls: no access token is sent and a 401 is an answer (wrong
   * password, spent refresh token), not a session to refresh.
   */
  session?: boolean;
  /** Serialised as JSON. */
  body?: unknown;
  /** Appended as a query string; `null` and `undefined` values are left out. */
  query?: Query;
  /**
   * `true`: a POST or PATCH the server makes safe to repeat (its route is marked `idempotent`),
   * sent again like a GET; `api.call` sets it from the route.
   */
  idempotent?: boolean;
  /** `false`: sent once whatever the method (a probe whose failure is the answer, such as the status page's). */
  retry?: false;
}

/** How the client waits before sending a call again; `setRetryWait` replaces it (tests). Rejects when `signal` aborts. */
export type RetryWait = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

const abortedError = (signal: AbortSignal) => {
  const reason: unknown = signal.reason;
  return new ApiError(NO_RESPONSE, reason instanceof Error && reason.message ? reason.message : 'The call was aborted', undefined, { cause: reason });
};

/** The client's own wait: a timer, cut short by the call's abort signal. */
export const timerWait: RetryWait = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

let retryWait: RetryWait = timerWait;

/** Replaces how the client waits between sends; returns a function restoring the previous one. */
export function setRetryWait(next: RetryWait): () => void {
  const previous = retryWait;
  retryWait = next;
  return () => {
    retryWait = previous;
  };
}

/** Waits `ms` before the next send, the way the client does it (`setRetryWait`); the uploads to storage wait with it too. */
export function waitBeforeRetry(ms: number, signal?: AbortSignal): Promise<void> {
  return retryWait(ms, signal);
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Picks a readable message out of a NestJS-style error body. */
function messageFrom(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length > 0) return message.map(String).join('; ');
  return undefined;
}

interface Body {
  json: boolean;
  value: unknown;
}

async function readBody(response: Response): Promise<Body> {
  const text = await response.text();
  if (!text) return { json: true, value: undefined };
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { json: false, value: text };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, value: text };
  }
}

/** What the app does when the session fails; set once by the app shell (see `ApiBridge`). */
export interface SessionHooks {
  /** A call needed a session and there is none. */
  onSignedOut(): void;
  /** The session could not be refreshed. */
  onSessionExpired(): void;
  /** A call was refused with 401 although the session was just refreshed. */
  onUnauthorized(): void;
}

const noop = () => undefined;
let hooks: SessionHooks = { onSignedOut: noop, onSessionExpired: noop, onUnauthorized: noop };

/** Installs the app's reactions; returns a function restoring the previous ones. */
export function setSessionHooks(next: Partial<SessionHooks>): () => void {
  const previous = hooks;
  hooks = { ...hooks, ...next };
  return () => {
    hooks = previous;
  };
}

async function sendOnce(method: string, path: string, options: RequestOptions, accessToken: string | undefined): Promise<Response> {
  // `session`, `idempotent` and `retry` are this wrapper's options, not fetch's
  const { body: payload, query, headers, session, idempotent, retry, ...init } = options;
  void session;
  void idempotent;
  void retry;
  const finalHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  if (payload !== undefined) finalHeaders['Content-Type'] = 'application/json';
  if (accessToken) finalHeaders['Authorization'] = `Bearer ${accessToken}`;
  try {
    return await fetch(buildUrl(path, query), {
      ...init,
      method,
      headers: finalHeaders,
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(NO_RESPONSE, reason || 'Network error', undefined, { cause });
  }
}

/**
 * Sends the call, and again while the retry policy says so: a repeatable call that got no
 * answer or a 502/503/504, sends left, not aborted. Answers the last response (or throws the
 * last "no answer").
 */
async function send(method: string, path: string, options: RequestOptions, accessToken: string | undefined): Promise<Response> {
  const idempotent = options.idempotent === true;
  for (let attempt = 1; ; attempt += 1) {
    let response: Response | undefined;
    let failure: ApiError | undefined;
    try {
      response = await sendOnce(method, path, options, accessToken);
    } catch (error) {
      failure = error as ApiError;
    }
    const status = response ? response.status : NO_RESPONSE;
    const again = options.retry !== false && !options.signal?.aborted && isRetryable(method, status, attempt, idempotent);
    if (!again) {
      if (response) return response;
      throw failure;
    }
    await waitBeforeRetry(retryDelayMs(attempt, response?.headers.get('retry-after')), options.signal ?? undefined);
  }
}

async function parse<T>(method: string, path: string, response: Response): Promise<T> {
  const body = await readBody(response);
  if (!response.ok) {
    const message = messageFrom(body.value) ?? `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, message, body.value);
  }
  // A 2xx that is not JSON (e.g. a static server's HTML fallback page) means we did not reach the API.
  if (!body.json) {
    throw new ApiError(response.status, `Expected JSON from ${method} ${path}`, body.value);
  }
  return body.value as T;
}

type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

/** The refresh in flight, shared by every call that failed with the same refresh token. */
let refreshing: { token: string; outcome: Promise<RefreshOutcome> } | null = null;
/** A refresh token the server refused: later failures do not ask (or warn) again. */
let refused: string | null = null;

function refreshSession(refreshToken: string): Promise<RefreshOutcome> {
  if (refreshing?.token === refreshToken) return refreshing.outcome;
  if (refused === refreshToken) return Promise.resolve('refused');
  const outcome = (async (): Promise<RefreshOutcome> => {
    try {
      const response = await send('POST', '/auth/refresh', { body: { refreshToken } satisfies RefreshRequest }, undefined);
      const pair = await parse<TokenPair>('POST', '/auth/refresh', response);
      sessionStore.rotate(pair);
      return 'refreshed';
    } catch (error) {
      // A 4xx is the server's answer: this session is over. No answer or a 5xx says nothing
      // about the session; the call fails and the user stays signed in.
      if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) {
        refused = refreshToken;
        hooks.onSessionExpired();
        return 'refused';
      }
      return 'unreachable';
    }
  })();
  refreshing = { token: refreshToken, outcome };
  void outcome.finally(() => {
    if (refreshing?.outcome === outcome) refreshing = null;
  });
  return outcome;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const withSession = options.session !== false;
  const session = withSession ? sessionStore.get() : null;
  const response = await send(method, path, options, session?.accessToken);
  if (response.status !== 401 || !withSession) return parse<T>(method, path, response);

  // 401: the access token expired or the session ended. Refresh once, then try again.
  const now = sessionStore.get();
  if (!now) {
    hooks.onSignedOut();
    return parse<T>(method, path, response);
  }
  if (now.accessToken === session?.accessToken) {
    const outcome = await refreshSession(now.refreshToken);
    if (outcome === 'refused') throw new ApiError(401, SESSION_REFRESH_FAILED_MESSAGE);
    if (outcome === 'unreachable') return parse<T>(method, path, response);
  }
  // (when another call refreshed meanwhile, the new token is already stored)
  const retried = await send(method, path, options, sessionStore.get()?.accessToken);
  if (retried.status === 401) hooks.onUnauthorized();
  return parse<T>(method, path, retried);
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * What `api.call(route, options)` takes, from the route value: `params` exactly when the path
 * has `:name` parts, `query` when the route has a query class (any of its fields, as strings or
 * numbers as a URL holds them), `body` when it has a body class.
 */
export type CallOptions<D> = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** `false`: no access token is sent and a 401 is an answer (a `'public'` route never sends one) */
  session?: false;
  /** `false`: sent once, even when the retry policy would send it again */
  retry?: false;
} & (PathParams<RoutePath<D>> extends undefined
  ? { params?: undefined }
  : { params: PathParams<RoutePath<D>> }) &
  ([RouteQuery<D>] extends [undefined] ? { query?: undefined } : { query?: { [K in keyof RouteQuery<D>]?: QueryValue } }) &
  ([RouteBody<D>] extends [undefined] ? { body?: undefined } : { body: RouteBody<D> });

/** `options` may be left out when nothing in it is required (no `:name` in the path, no body). */
type CallArgs<D> = PathParams<RoutePath<D>> extends undefined
  ? [RouteBody<D>] extends [undefined]
    ? [options?: CallOptions<D>]
    : [options: CallOptions<D>]
  : [options: CallOptions<D>];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRoute = RouteDef<string, any, any, any>;

/**
 * Calls an HTTP operation declared in `@app/contracts/http`: the method, the path and the
 * result type come from the route value (`api.call(Routes.orders.get, { params: { id } })` is a
 * `Promise<OrderView>`).
 */
function call<D extends AnyRoute>(route: D, ...[options]: CallArgs<D>): Promise<RouteResult<D>> {
  const { params, query, body, signal, headers, session, retry } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    session?: false;
    retry?: false;
  };
  const withSession = route.access === 'public' ? false : session;
  return request<RouteResult<D>>(route.method, routeUrl(route.path, params), {
    query,
    body,
    signal,
    headers,
    ...(withSession === false ? { session: false } : {}),
    ...(route.idempotent ? { idempotent: true } : {}),
    ...(retry === false ? { retry: false } : {}),
  });
}

export const api = {
  call,
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
