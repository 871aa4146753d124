import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** answers smaller than this go out as they are: compressing them saves less than a packet */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Types compressed on the fly: the API's JSON (and problem+json), text and the like. Never
 * media (pictures, videos, zips are compressed already), never an event stream (each event
 * must reach the client when written, not when a compressor's buffer fills), never a file the
 * web app's build compressed (those carry their own Content-Encoding, see web-app.ts).
 */
const COMPRESSIBLE = /^(application\/(json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(;|$)/i;

export function shouldCompress(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (!COMPRESSIBLE.test(type)) return false;
  // an answer sent in parts (Range) stays as sent
  if (req.headers.range) return false;
  return true;
}

/**
 * gzip (or deflate/brotli by the request's Accept-Encoding, as the `compression` package
 * negotiates) for answers above COMPRESS_THRESHOLD_BYTES of a compressible type; `Vary:
 * Accept-Encoding` on them; `Cache-Control: no-transform` answers are left alone.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: COMPRESS_THRESHOLD_BYTES, filter: shouldCompress, level: 6 }) as RequestHandler;
}
