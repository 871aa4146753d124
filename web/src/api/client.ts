/**
 * Small fetch wrapper for the gateway's REST API under `/api`.
 *
 * - Sends and expects JSON.
 * - Any failure is thrown as an {@link ApiError}: HTTP errors carry the status and the server's
 *   `message` (NestJS bodies are `{ statusCode, message }`, `message` possibly a list of
 *   validation messages); a request that never got an answer has `statusCode` 0.
 */

export const API_BASE = '/api';

/** `statusCode` used when the server could not be reached at all (network error, CORS, abort). */
export const NO_RESPONSE = 0;

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
  /** Serialised as JSON. */
  body?: unknown;
  /** Appended as a query string; `null` and `undefined` values are left out. */
  query?: Query;
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

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body: payload, query, headers, ...init } = options;
  const finalHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  if (payload !== undefined) finalHeaders['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      ...init,
      method,
      headers: finalHeaders,
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(NO_RESPONSE, reason || 'Network error', undefined, { cause });
  }

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

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
