import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH } from './json-depth';
import { JsonTooDeepError, refuseDeepJson } from './json-body';

const req = {} as IncomingMessage;
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('refuseDeepJson: the JSON body parser hook', () => {
  it('refuses a body nested too deep with a 400 the error filter answers', () => {
    const refuse = () => refuseDeepJson(req, undefined, Buffer.from(arrays(MAX_JSON_DEPTH + 1)), 'utf-8');
    expect(refuse).toThrow(JsonTooDeepError);
    expect(refuse).toThrow(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      refuse();
    } catch (e) {
      expect(e).toMatchObject({ status: 400, type: 'entity.too.deep' });
    }
  });

  it('lets a body at the limit through', () => {
    expect(() => refuseDeepJson(req, undefined, Buffer.from(arrays(MAX_JSON_DEPTH)), 'utf-8')).not.toThrow();
  });

  it('reads a UTF-16 body as text, not as bytes', () => {
    expect(() => refuseDeepJson(req, undefined, Buffer.from(arrays(MAX_JSON_DEPTH + 1), 'utf16le'), 'utf-16le')).toThrow(JsonTooDeepError);
    expect(() => refuseDeepJson(req, undefined, Buffer.from(`{"a":"${'['.repeat(40)}"}`, 'utf16le'), 'utf-16le')).not.toThrow();
  });

  it('answers 415 for an encoding it cannot read', () => {
    expect(() => refuseDeepJson(req, undefined, Buffer.from('{}'), 'utf-7')).toThrow(expect.objectContaining({ status: 415 }));
  });
});
