import { MAX_JSON_DEPTH, jsonShapeProblem } from './json-depth';

/** the depth check alone, however many items */
const jsonDeeperThan = (text: Uint8Array): boolean => jsonShapeProblem(text, MAX_JSON_DEPTH, Number.POSITIVE_INFINITY) === 'too-deep';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('jsonDeeperThan: the nesting check run on a JSON body before it is parsed', () => {
  it.each([
    ['a flat object', '{"a":1,"b":[1,2,3]}', false],
    [`${MAX_JSON_DEPTH} levels of arrays`, arrays(MAX_JSON_DEPTH), false],
    [`${MAX_JSON_DEPTH + 1} levels of arrays`, arrays(MAX_JSON_DEPTH + 1), true],
    [`${MAX_JSON_DEPTH + 1} levels of objects`, '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1), true],
    ['many siblings at one level', `[${Array(1000).fill('{}').join(',')}]`, false],
    ['brackets inside a string', `{"name":"${'[{'.repeat(100)}"}`, false],
    ['an escaped quote inside a string, brackets after it still text', `{"name":"a\\"${'['.repeat(100)}"}`, false],
    ['an escaped backslash ending a string, brackets after it counted', `{"name":"a\\\\",${'"x":['.repeat(1)}${arrays(MAX_JSON_DEPTH)}]}`, true],
    ['brackets after multi-byte text', `{"name":"Ærø 日本 🚗","x":${arrays(MAX_JSON_DEPTH)}}`, true],
  ])('%s', (_name, text, deeper) => {
    expect(jsonDeeperThan(bytes(text))).toBe(deeper);
  });

  it('reads a megabyte of brackets in one pass', () => {
    expect(jsonDeeperThan(bytes(arrays(500_000)))).toBe(true);
    expect(jsonDeeperThan(bytes(`[${'[],'.repeat(300_000)}[]]`))).toBe(false);
  });
});

describe('jsonShapeProblem: items counted as array elements and object members', () => {
  it.each([
    ['an empty object', '{}', 0],
    ['an empty list in an object', '{"a":[]}', 1],
    ['three members', '{"a":1,"b":"x,y","c":null}', 3],
    ['a list of three empty objects', '[{},{},{}]', 3],
    ['a list of three one-member objects', ' [ {"a":1} , {"b":[1, 2]} , {} ] ', 7],
  ])('%s holds %p items', (_name, text, items) => {
    expect(jsonShapeProblem(bytes(text), MAX_JSON_DEPTH, items)).toBeNull();
    if (items > 0) expect(jsonShapeProblem(bytes(text), MAX_JSON_DEPTH, items - 1)).toBe('too-many-items');
  });
});
