import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** HSTS for a year, subdomains included: sent only on answers to requests that came over TLS */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The origin (`scheme://host[:port]`) of a media storage address, or null when there is none
 * or it is not an http(s) URL.
 */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the web app's pages (and of the API docs): scripts only from
 * the gateway's own origin (the built app has no inline script); styles from it and inline
 * (emotion, which MUI styles with, inserts `<style>` tags, and components set `style`
 * attributes); pictures and videos from the gateway, the media storage (presigned links) and
 * `blob:` / `data:` (the order creator's previews of the chosen files, icons); requests to the
 * gateway and to the media storage (presigned POST uploads); frames of the gateway and the
 * media storage (a download opens its presigned link in a hidden frame); no plugins, no `<base>` elsewhere,
 * forms posting only to the gateway, and no page may frame it.
 */
export function webAppPolicy(mediaOrigins: readonly string[]): Record<string, string[]> {
  const media = [...new Set(mediaOrigins)];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...media],
    'frame-src': ["'self'", ...media],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The policy of the API's own answers (JSON, files): they load nothing and are framed by nobody. */
export const API_POLICY: Record<string, string[]> = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** An API answer (not the API docs, which are a page): the path is under /api. */
const isApi = (path: string): boolean => (path === '/api' || path.startsWith('/api/')) && !(path === '/api/docs' || path.startsWith('/api/docs/'));

/**
 * Security headers on every answer of the gateway, the web app's files and the API alike:
 * `Content-Security-Policy` (the web app's policy on pages, `default-src 'none'` on API
 * answers; both `frame-ancestors 'none'`) with `X-Frame-Options: DENY` for browsers without
 * it, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (the app's URLs, a
 * reset code in one, go nowhere else), `Cross-Origin-Opener-Policy: same-origin` and helmet's
 * other defaults; `Strict-Transport-Security` only on answers to requests that came over TLS
 * (`req.secure`: TLS here, or `X-Forwarded-Proto: https` from a proxy the gateway trusts).
 * `mediaOrigins`: the origins of the media storage that pages load pictures from and upload
 * to.
 */
export function securityHeaders(mediaOrigins: readonly string[]): RequestHandler {
  const common = {
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // the API's answers may be read by the configured origins (CORS); pictures come from storage
    crossOriginResourcePolicy: false,
  } as const;
  const page = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: webAppPolicy(mediaOrigins) } });
  const api = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: API_POLICY } });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    (isApi(req.path) ? api : page)(req, res, next);
  };
}
