import type { JsonObject, OpenApiDocument, Operation } from './response-checker';
import type { SeededRandom } from './seeded-random';

/**
 * Bad input for one operation, made from its OpenAPI description and a valid request to
 * start from: one thing is broken per case (a field, the body, a path or query parameter,
 * the content type), so the request gets as deep into the route as it can.
 */

/** A request ready to send: path and query already percent-encoded, the body as raw text. */
export interface FuzzRequest {
  method: string;
  url: string;
  contentType?: string;
  body?: string;
  /** more request headers */
  headers?: Record<string, string>;
  /** the sign-in is broken: a route that needs one must answer 401 */
  brokenSignIn?: boolean;
  /** what this case broke, for the report */
  label: string;
}

/** A valid request of the operation, split into its parts. */
export interface BaseRequest {
  pathParams: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

/** 100 KB: far past every documented maximum, well under the 1 MB body limit */
const HUGE = 100 * 1024;
/** past the longest id and name anywhere, short enough for the 16 KB of a request line */
const LONG = 8 * 1024;

/** numbers written as JSON text: exponents, negative zero, past double precision, overflow to Infinity */
const ODD_NUMBERS = ['1e-7', '1e308', '-0', '1E3', '1e21', '9007199254740993', '1e400', '-1e400', '0.5', '-1', '2147483648'];
/** the same in a path or query */
const ODD_NUMBER_TEXT = ['1e-7', '1e308', '-0', '1E3', '0x10', '1.5', '-1', '9007199254740993', 'NaN', 'Infinity', '1e400'];
/** percent-encoded path and query values: NUL, a lone surrogate as bytes, invalid UTF-8, a bare %, traversal */
const ODD_SEGMENTS = ['%00', 'a%00b', '%ED%A0%80', '%ED%B0%80', '%FF%FE', '%', '%zz', '..%2F..%2Fetc', '%2e%2e', '%C0%AE', '%F0%9F%92%A9'];
/** ISO 8601 forms a loose check accepts and a date parser may not: week and ordinal dates, day 30 of February, year 0 and 275760, 24:00 */
const ODD_DATES = [
  '2026-02-30', '2026-W01', '2026-W01-1', '2026-001', '20260101', '2026', '2026-01', '0000-01-01', '9999-12-31T23:59:59.999Z',
  '2026-01-01T24:00:00Z', '2026-06-15T12:00:00+14:00', '2026-06-15T12:00:00.123456789Z', '+275760-09-13T00:00:00.000Z', '-000001-01-01',
];
/** text a search or a name must take as it is: LIKE wildcards, a trailing backslash, quotes, case folding that changes length, zero-width and right-to-left characters, emoji */
const TRICKY_TEXT = ['%', '_', '\\', 'a\\', "'", '"', "O'Brien", 'İstanbul', 'ß', 'ﬃ', 'a\u200bb', 'عربي', '😀', ' padded ', '%_\\%'];
/** months a `YYYY-MM` check must refuse or take with care: before 2023, month 13 and 0, one digit, a date, far ahead, a week */
const ODD_MONTHS = ['2022-12', '2023-13', '2023-00', '2023-1', '2023-01-01', '9999-12', '0000-01', '2023-W01', '2023-01%00'];
const NOT_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '1', '0', "' OR 1=1 --", '{}', 'null', 'undefined', 'true'];

/** a raw JSON token to put in place of a value (for numbers JSON.stringify would normalise) */
class RawJson {
  constructor(readonly text: string) {}
}

type Mutable = Record<string, unknown>;

export function resolveSchema(doc: OpenApiDocument, schema: unknown): JsonObject {
  let s = (schema ?? {}) as JsonObject;
  for (let i = 0; i < 10; i++) {
    if (typeof s.$ref === 'string') s = doc.components.schemas[s.$ref.split('/').pop() as string] ?? {};
    else if (Array.isArray(s.allOf) && s.allOf.length === 1) s = s.allOf[0] as JsonObject;
    else break;
  }
  return s;
}

function bodySchemaOf(doc: OpenApiDocument, operation: Operation): JsonObject | undefined {
  const content = operation.op.requestBody?.content;
  const schema = content?.['application/json']?.schema;
  return schema ? resolveSchema(doc, schema) : undefined;
}

/** Fields of the body schema one level deep, with their schemas: `address.country`. */
function fieldsOf(doc: OpenApiDocument, schema: JsonObject): Array<{ path: string[]; schema: JsonObject }> {
  const out: Array<{ path: string[]; schema: JsonObject }> = [];
  const props = (schema.properties ?? {}) as Record<string, JsonObject>;
  for (const [name, raw] of Object.entries(props)) {
    const s = resolveSchema(doc, raw);
    out.push({ path: [name], schema: s });
    const nested = (s.type === 'array' ? resolveSchema(doc, s.items) : s).properties as Record<string, JsonObject> | undefined;
    for (const [inner, innerRaw] of Object.entries(nested ?? {})) {
      out.push({ path: s.type === 'array' ? [name, '0', inner] : [name, inner], schema: resolveSchema(doc, innerRaw) });
    }
  }
  return out;
}

/** Nested arrays and objects, written as text (too deep for JSON.stringify with a replacer). */
function deepValue(rnd: SeededRandom): RawJson {
  const depth = rnd.pick([64, 512, 4000]);
  const shapes = Array.from({ length: depth }, () => rnd.chance(0.5));
  const open = shapes.map((array) => (array ? '[' : '{"a":')).join('');
  const close = shapes.reverse().map((array) => (array ? ']' : '}')).join('');
  return new RawJson(`${open}${rnd.pick(['"x"', '1', 'null'])}${close}`);
}

/** a month parameter: `YYYY-MM` by its pattern, or named so */
function isMonthField(name: string, schema: JsonObject): boolean {
  return (typeof schema.pattern === 'string' && schema.pattern.startsWith('^\\d{4}-')) || /^timeStamp$|Month$/.test(name);
}

/** A member of the list written almost right: another case, padded, cut short, with a suffix, or a word next to them. */
function nearMiss(rnd: SeededRandom, values: readonly unknown[]): string {
  const member = String(rnd.pick(values as unknown[]));
  const misses = [
    member.toUpperCase() === member ? member.toLowerCase() : member.toUpperCase(),
    ` ${member}`,
    `${member} `,
    member.slice(0, -1),
    `${member}x`,
    `${member},${member}`,
    rnd.pick(['hour', 'quarter', 'previous', 'next', 'ALL', 'none', '15', '0']),
  ];
  return rnd.pick(misses);
}

function isDateField(name: string, schema: JsonObject): boolean {
  return schema.format === 'date-time' || schema.format === 'date' || /^(from|to)$|Date$|At$/.test(name);
}

function looksLikeId(name: string, schema: JsonObject): boolean {
  return schema.format === 'uuid' || /(^id$|Id$|^ids$|Ids$)/.test(name) || ['styleGuide', 'salesMan', 'carType', 'order', 'userId'].includes(name);
}

/** A bad value for one field, by what the field is. */
function badValue(rnd: SeededRandom, name: string, schema: JsonObject, ids: readonly string[]): { value: unknown; label: string } {
  const type = schema.type as string | undefined;
  const kinds = ['wrong type', 'null', 'huge', 'deep', 'NUL', 'lone surrogate', 'odd number', 'empty'];
  if (looksLikeId(name, schema)) kinds.push('invalid id', 'invalid id', 'other id');
  if (type === 'number' || type === 'integer') kinds.push('odd number', 'odd number');
  if (type === 'string' && !schema.enum && !looksLikeId(name, schema)) kinds.push('tricky text', 'tricky text');
  if (isDateField(name, schema)) kinds.push('odd date', 'odd date');
  const kind = rnd.pick(kinds);
  switch (kind) {
    case 'wrong type': {
      const others: unknown[] =
        type === 'string' || schema.enum
          ? [12345, true, {}, [], ['a'], { value: 'x' }]
          : type === 'number' || type === 'integer'
            ? ['12', '1e3', '', true, {}, [], [1]]
            : type === 'boolean'
              ? ['true', 'false', 1, 0, 'yes', [], {}]
              : type === 'array'
                ? ['a', {}, 1, [null], [[[]]], [{}], [1, 'a', null]]
                : ['x', 1, [], true];
      const value = rnd.pick(others);
      return { value, label: `${name}: wrong type ${JSON.stringify(value)}` };
    }
    case 'null':
      return { value: null, label: `${name}: null` };
    case 'huge':
      if (type === 'array') {
        // just under and far over what a body may hold in all (2000 items)
        const length = rnd.pick([1_500, 10_000]);
        return { value: Array.from({ length }, (_, i) => `item-${i}`), label: `${name}: ${length} items` };
      }
      if (type === 'number' || type === 'integer') return { value: new RawJson('1e308'), label: `${name}: 1e308` };
      return { value: 'x'.repeat(HUGE), label: `${name}: 100 KB string` };
    case 'deep':
      return { value: deepValue(rnd), label: `${name}: deeply nested` };
    case 'NUL':
      return { value: rnd.pick(['a\u0000b', '\u0000', 'name\u0000.jpg']), label: `${name}: string with NUL` };
    case 'lone surrogate':
      return { value: rnd.pick(['a\ud800b', '\udc00', 'x\ud83d']), label: `${name}: lone surrogate` };
    case 'odd number': {
      const text = rnd.pick(ODD_NUMBERS);
      return rnd.chance(0.7) ? { value: new RawJson(text), label: `${name}: number ${text}` } : { value: text, label: `${name}: number as text "${text}"` };
    }
    case 'empty':
      return { value: rnd.pick(['', ' ', [], {}]), label: `${name}: empty` };
    case 'tricky text': {
      const value = rnd.pick(TRICKY_TEXT);
      return { value, label: `${name}: tricky text ${JSON.stringify(value)}` };
    }
    case 'odd date': {
      const value = rnd.pick(ODD_DATES);
      return { value, label: `${name}: odd date ${value}` };
    }
    case 'invalid id': {
      const value = rnd.chance(0.3) ? 'f'.repeat(LONG) : rnd.pick(NOT_IDS);
      return { value, label: `${name}: invalid id ${value.slice(0, 40)}` };
    }
    default: {
      const value = ids.length ? rnd.pick(ids) : '7d1f1ad1-3c9b-4b8e-9e0e-2b8b1a4c5d6e';
      return { value, label: `${name}: another id ${value}` };
    }
  }
}

function setAt(target: Mutable, path: string[], value: unknown): void {
  let node: Mutable = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object') node[key] = /^\d+$/.test(path[path.indexOf(key) + 1] ?? '') ? [] : {};
    node = node[key] as Mutable;
  }
  node[path[path.length - 1]] = value;
}

/** JSON text with raw number tokens put back in. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => (v instanceof RawJson ? `\u0001RAW${raws.push(v.text) - 1}\u0001` : v));
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]);
}

function encodeValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function urlOf(path: string, params: Record<string, string>, query: Array<[string, string]>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? 'missing');
  const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
  return qs ? `${filled}?${qs}` : filled;
}

/** Splits a valid request's URL into its path parameters and query (both percent-encoded). */
export function baseFromUrl(template: string, url: string, body?: unknown): BaseRequest {
  const [path, qs = ''] = url.split('?');
  const names: string[] = [];
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, n: string) => (names.push(n), '([^/]+)'))}$`, 'i');
  const match = pattern.exec(path);
  const pathParams = Object.fromEntries(names.map((n, i) => [n, match?.[i + 1] ?? 'missing']));
  const query = Object.fromEntries(qs.split('&').filter(Boolean).map((p) => p.split('=') as [string, string]));
  return { pathParams, query, body };
}

/** One bad request for the operation; the same random state gives the same request. */
export function badRequest(rnd: SeededRandom, doc: OpenApiDocument, operation: Operation, base: BaseRequest, ids: readonly string[]): FuzzRequest {
  const { method, path } = operation;
  const params = operation.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = bodySchemaOf(doc, operation);
  const baseQuery = Object.entries(base.query);
  const baseBody = base.body ?? (bodySchema ? {} : undefined);
  const json = (body: unknown, label: string, contentType = 'application/json'): FuzzRequest => ({
    method,
    url: urlOf(path, base.pathParams, baseQuery),
    contentType,
    body: toJsonText(body),
    label,
  });

  const targets: string[] = [];
  if (bodySchema) targets.push('field', 'field', 'field', 'field', 'unknown field', 'whole body', 'content type');
  else targets.push('whole body');
  if (pathParams.length) targets.push('path', 'path', 'path');
  targets.push('query', queryParams.length ? 'query' : 'unknown query', 'headers');

  switch (rnd.pick(targets)) {
    case 'field': {
      const fields = fieldsOf(doc, bodySchema as JsonObject);
      if (!fields.length) return json({ ...(baseBody as object), unexpected: 'field' }, 'body: unknown field on an empty body');
      const field = rnd.pick(fields);
      const { value, label } = badValue(rnd, field.path[field.path.length - 1], field.schema, ids);
      const body = structuredClone(baseBody ?? {}) as Mutable;
      setAt(body, field.path, value);
      return json(body, `body ${field.path.join('.')}: ${label.split(': ').slice(1).join(': ')}`);
    }
    case 'unknown field': {
      const declared = Object.keys((bodySchema as JsonObject).properties ?? {});
      const names = ['isAdmin', 'userRole', '__proto__', 'constructor', 'prototype', 'id', 'createdAt', 'x'.repeat(300), 'a\u0000b', ''];
      const name = rnd.pick(names.filter((n) => !declared.includes(n)));
      const body = { ...(structuredClone(baseBody ?? {}) as Mutable) };
      Object.defineProperty(body, name, { value: rnd.pick([true, 'Admin', { polluted: true }, 1e21, null]), enumerable: true });
      return json(body, `body: unknown field ${JSON.stringify(name.slice(0, 30))}`);
    }
    case 'whole body': {
      const kind = rnd.pick(['array', 'string', 'number', 'null', 'deep', 'broken', 'too large', 'duplicate keys']);
      const url = urlOf(path, base.pathParams, baseQuery);
      if (kind === 'broken') return { method, url, contentType: 'application/json', body: rnd.pick(['{"a":', '{a:1}', "{'a':1}", '[1,]', '\u0000', '{"a":"\\ud800"}', '{"a":1e400}']), label: 'body: broken JSON' };
      if (kind === 'too large') return { method, url, contentType: 'application/json', body: `{"a":"${'x'.repeat(1_100_000)}"}`, label: 'body: past the 1 MB limit' };
      if (kind === 'duplicate keys') {
        const text = toJsonText(baseBody ?? {});
        return { method, url, contentType: 'application/json', body: text.replace(/^\{/, '{"__proto__":{"x":1},"__proto__":[],'), label: 'body: duplicate __proto__ keys' };
      }
      const value = kind === 'array' ? [baseBody ?? {}] : kind === 'string' ? 'text' : kind === 'number' ? new RawJson('1e308') : kind === 'null' ? null : deepValue(rnd);
      return json(value, `body: ${kind}`);
    }
    case 'content type': {
      const kind = rnd.pick(['text/plain', 'form', 'xml', 'utf-16', 'none', 'gzip']);
      const url = urlOf(path, base.pathParams, baseQuery);
      const text = toJsonText(baseBody ?? {});
      if (kind === 'form') return { method, url, contentType: 'application/x-www-form-urlencoded', body: 'a=1&b[c]=2&orderName=x&__proto__[x]=1', label: 'content type: form' };
      if (kind === 'xml') return { method, url, contentType: 'application/xml', body: '<a>1</a>', label: 'content type: xml' };
      if (kind === 'utf-16') return { method, url, contentType: 'application/json; charset=utf-16', body: text, label: 'content type: json in utf-16' };
      if (kind === 'gzip') return { method, url, contentType: 'application/json', headers: { 'content-encoding': 'gzip' }, body: text, label: 'content type: json with a gzip encoding it is not' };
      if (kind === 'none') return { method, url, body: text, label: 'content type: none' };
      return { method, url, contentType: 'text/plain', body: text, label: 'content type: text/plain' };
    }
    case 'headers': {
      // a broken sign-in (it replaces the caller's token) or a request id that is not one
      const url = urlOf(path, base.pathParams, baseQuery);
      const body = bodySchema ? { contentType: 'application/json', body: toJsonText(baseBody) } : {};
      if (rnd.chance(0.3)) {
        const id = rnd.pick(['x'.repeat(LONG), '../../etc', 'a b', '%00', '{"a":1}']);
        return { method, url, ...body, headers: { 'x-request-id': id }, label: `header x-request-id: ${id.slice(0, 40)}` };
      }
      const authorization = rnd.pick([
        'Bearer',
        'Bearer ',
        'Bearer x.y.z',
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4IiwidHlwIjoiYWNjZXNzIn0.',
        'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOlsxXSwic2lkIjp7fX0.c2lnbmF0dXJl',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${'a'.repeat(LONG)}`,
        'Bearer a.b',
      ]);
      return { method, url, ...body, headers: { authorization }, brokenSignIn: true, label: `header authorization: ${authorization.slice(0, 40)}` };
    }
    case 'path': {
      const param = rnd.pick(pathParams);
      const kind = rnd.pick(['not an id', 'long', 'odd', 'odd', 'number', 'other id']);
      const value =
        kind === 'not an id'
          ? encodeValue(rnd.pick(NOT_IDS))
          : kind === 'long'
            ? 'f'.repeat(LONG)
            : kind === 'odd'
              ? rnd.pick(ODD_SEGMENTS)
              : kind === 'number'
                ? rnd.pick(ODD_NUMBER_TEXT)
                : ids.length
                  ? rnd.pick(ids)
                  : '7d1f1ad1-3c9b-4b8e-9e0e-2b8b1a4c5d6e';
      const url = urlOf(path, { ...base.pathParams, [param.name]: value }, baseQuery);
      return { method, url, ...(bodySchema ? { contentType: 'application/json', body: toJsonText(baseBody) } : {}), label: `path ${param.name}: ${kind} ${value.slice(0, 40)}` };
    }
    default: {
      const param = queryParams.length && rnd.chance(0.8) ? rnd.pick(queryParams) : { name: rnd.pick(['unknown', '__proto__[x]', 'page[]', 'sort[a]']), schema: {} };
      const kinds = ['number', 'odd', 'long', 'repeated', 'nested', 'empty', 'id', 'text'];
      const schema = resolveSchema(doc, param.schema ?? {});
      if (isDateField(param.name, schema)) kinds.push('date', 'date', 'date');
      // a list (timePeriod, eventName …) gets values next to its members; a month (timeStamp) months out of range or malformed
      if (Array.isArray(schema.enum)) kinds.push('not in the list', 'not in the list', 'not in the list');
      if (isMonthField(param.name, schema)) kinds.push('month', 'month', 'month');
      const kind = rnd.pick(kinds);
      const value =
        kind === 'number'
          ? rnd.pick(ODD_NUMBER_TEXT)
          : kind === 'odd'
            ? rnd.pick(ODD_SEGMENTS)
            : kind === 'long'
              ? 'q'.repeat(LONG)
              : kind === 'empty'
                ? ''
                : kind === 'id'
                  ? rnd.pick([...NOT_IDS.map(encodeValue), ...ids.slice(0, 5)])
                  : kind === 'date'
                    ? encodeValue(rnd.pick(ODD_DATES))
                    : kind === 'not in the list'
                      ? encodeValue(nearMiss(rnd, schema.enum as unknown[]))
                      : kind === 'month'
                        ? rnd.pick(ODD_MONTHS)
                    : kind === 'text'
                      ? encodeValue(rnd.pick(TRICKY_TEXT))
                      : 'x';
      const query: Array<[string, string]> = baseQuery.filter(([k]) => k !== param.name);
      if (kind === 'repeated') query.push([param.name, '1'], [param.name, '2']);
      else if (kind === 'nested') query.push([`${param.name}[a]`, '1']);
      else query.push([param.name, value]);
      const url = urlOf(path, base.pathParams, query);
      return { method, url, ...(bodySchema ? { contentType: 'application/json', body: toJsonText(baseBody) } : {}), label: `query ${param.name}: ${kind} ${value.slice(0, 40)}` };
    }
  }
}
