import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS, jsonShapeProblem } from './json-depth';

/** The error a JSON body of the wrong shape is refused with (answered 400 by the error filter). */
export class JsonShapeError extends Error {
  readonly status = 400;
  readonly type = 'entity.shape.refused';
}

export const JSON_TOO_DEEP_MESSAGE = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
export const JSON_TOO_MANY_ITEMS_MESSAGE = `JSON body holds more than ${MAX_JSON_ITEMS} items (array elements and object members)`;

/**
 * The JSON body parser's `verify` hook: it sees the raw bytes before `JSON.parse` and refuses
 * a body nested deeper than MAX_JSON_DEPTH, or holding more than MAX_JSON_ITEMS items, with
 * one linear scan: a megabyte of brackets costs about a millisecond and never reaches the
 * parser, the transformer or the validator.
 */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  const problem = jsonShapeProblem(/^utf-?8$/i.test(encoding) ? body : asUtf8(body, encoding));
  if (problem === 'too-deep') throw new JsonShapeError(JSON_TOO_DEEP_MESSAGE);
  if (problem === 'too-many-items') throw new JsonShapeError(JSON_TOO_MANY_ITEMS_MESSAGE);
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
