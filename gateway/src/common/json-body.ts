import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH, jsonDeeperThan } from './json-depth';

/** The error a JSON body nested too deep is refused with (answered 400 by the error filter). */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/**
 * The JSON body parser's `verify` hook: it sees the raw bytes before `JSON.parse` and refuses
 * a body nested deeper than MAX_JSON_DEPTH with one linear scan, so a megabyte of brackets
 * costs about a millisecond and never reaches the parser or the validator.
 */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  if (jsonDeeperThan(/^utf-?8$/i.test(encoding) ? body : asUtf8(body, encoding))) throw new JsonTooDeepError();
}

/** A body in another UTF encoding (UTF-16), re-encoded for the scan; one the platform cannot read is 415. */
function asUtf8(body: Buffer, encoding: string): Buffer {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: false }).decode(body);
  } catch {
    throw Object.assign(new Error(`Unsupported charset "${encoding.toUpperCase()}"`), { status: 415, type: 'charset.unsupported' });
  }
  return Buffer.from(text, 'utf8');
}
