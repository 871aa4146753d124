import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS } from './json-depth';
import { JsonShapeError, refuseDeepJson } from './json-body';

const req = {} as IncomingMessage;
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('refuseDeepJson: the JSON body parser hook', () => {
  it('refuses a body nested too deep with a 400 the error filter answers', () => {
    const refuse = () => refuseDeepJson(req, undefined, Buffer.from(arrays(MAX_JSON_DEPTH + 1)), 'utf-8');
    expect(refuse).toThrow(JsonShapeError);
    expect(refuse).toThrow(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      refuse();
    } catch (e) {
      expect(e).toMatchObject({ status: 400, type: 'entity.shape.refused' });
    }
  });

  it(`refuses a body of more than ${MAX_JSON_ITEMS} items, however flat`, () => {
    const list = (n: number) => Buffer.from(`{"ids":[${Array(n).fill('{}').join(',')}]}`);
    // the object's one member and the list's n elements
    expect(() => refuseDeepJson(req, undefined, list(MAX_JSON_ITEMS - 1), 'utf-8')).not.toThrow();
    expect(() => refuseDeepJson(req, undefined, Buffer.from(`[ ${Array(MAX_JSON_ITEMS).fill('1').join(' , ')} ]`), 'utf-8')).not.toThrow();
    expect(() => refuseDeepJson(req, undefined, list(MAX_JSON_ITEMS + 1), 'utf-8')).toThrow(
      `JSON body holds more than ${MAX_JSON_ITEMS} items (array elements and object members)`,
    );
    expect(() => refuseDeepJson(req, undefined, Buffer.from(`{"note":"${','.repeat(MAX_JSON_ITEMS * 2)}"}`), 'utf-8')).not.toThrow();
  });

  it('lets a body at the limit through', () => {
    expect(() => refuseDeepJson(req, undefined, Buffer.from(arrays(MAX_JSON_DEPTH)), 'utf-8')).not.toThrow();
  });

  it('reads a UTF-16 body as text, not as bytes', () => {
    expect(() => refuseDeepJson(req, undefined, Buffer.from(arrays(MAX_JSON_DEPTH + 1), 'utf16le'), 'utf-16le')).toThrow(JsonShapeError);
    expect(() => refuseDeepJson(req, undefined, Buffer.from(`{"a":"${'['.repeat(40)}"}`, 'utf16le'), 'utf-16le')).not.toThrow();
  });

  it('answers 415 for an encoding it cannot read', () => {
    expect(() => refuseDeepJson(req, undefined, Buffer.from('{}'), 'utf-7')).toThrow(expect.objectContaining({ status: 415 }));
  });
});
