import { openApiBackendValidator, ResponseChecker, SLOW_MS, type OpenApiDocument } from './response-checker';

/** A document as the gateway writes it: a nullable reference, an enum, formats, a shared error. */
const DOC: OpenApiDocument & { openapi: string; info: object } = {
  openapi: '3.0.3',
  info: { title: 'things', version: '1' },
  paths: {
    '/api/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          default: { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
        },
      },
    },
    '/api/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      ErrorResponse: {
        type: 'object',
        properties: { statusCode: { type: 'number' }, message: { type: 'string' } },
        required: ['statusCode', 'message'],
      },
      Owner: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          count: { type: 'integer' },
          status: { allOf: [{ $ref: '#/components/schemas/ThingStatus' }] },
          owner: { oneOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'object', nullable: true, enum: [null] }] },
          note: { type: 'string', nullable: true },
          createdAt: { type: 'string', format: 'date-time' },
        },
        required: ['id', 'count', 'status', 'owner', 'note', 'createdAt'],
      },
      ThingStatus: { type: 'string', enum: ['new', 'done'] },
    },
  },
};

const ID = '0b9a4a3e-4f0e-4c55-9a43-6d1f2d3c4b5a';
const thing = (over: Record<string, unknown> = {}) => ({
  id: ID,
  count: 3,
  status: 'new',
  owner: { id: ID },
  note: null,
  createdAt: '2026-11-24T22:00:00.000Z',
  ...over,
});
const ROUTE = 'GET /api/things/{id}';

describe('the fuzz suite checks every answer against the OpenAPI document', () => {
  const checker = new ResponseChecker(DOC);

  it('passes an answer that matches its documented schema, nullable fields null or set', () => {
    expect(checker.check(ROUTE, { status: 200, body: thing(), ms: 5 })).toEqual([]);
    expect(checker.check(ROUTE, { status: 200, body: thing({ owner: null, note: 'a note' }), ms: 5 })).toEqual([]);
    expect(checker.check('GET /api/things', { status: 200, body: [thing(), thing({ status: 'done' })], ms: 5 })).toEqual([]);
  });

  it('reports a route that answers 500, even with the proper error shape', () => {
    const problems = checker.check(ROUTE, { status: 500, body: { statusCode: 500, message: 'Internal server error' }, ms: 5 });
    expect(problems).toEqual([expect.stringContaining('answered 500')]);
  });

  it(`reports an answer slower than ${SLOW_MS} ms`, () => {
    expect(checker.check(ROUTE, { status: 200, body: thing(), ms: SLOW_MS + 1 })).toEqual([expect.stringContaining('more than 2000 ms')]);
  });

  it('reports a field whose type is not the documented one', () => {
    const problems = checker.check(ROUTE, { status: 200, body: thing({ count: '3' }), ms: 5 });
    expect(problems).toEqual([expect.stringContaining('/count must be integer')]);
  });

  it('reports an undocumented field, a missing required field, null where none is allowed and a value off its enum', () => {
    const body = { ...thing({ extra: 1, status: 'lost', owner: { id: 'not-a-uuid' } }), note: undefined, createdAt: null };
    const [problem] = checker.check(ROUTE, { status: 200, body: JSON.parse(JSON.stringify(body)), ms: 5 });
    expect(problem).toContain('must NOT have additional properties (extra)');
    expect(problem).toContain("must have required property 'note'");
    expect(problem).toContain('/status must be equal to one of the allowed values');
    expect(problem).toContain('/owner/id must match format "uuid"');
    expect(problem).toContain('/createdAt must be string');
  });

  it('reports a success status the document does not describe', () => {
    expect(checker.check(ROUTE, { status: 201, body: thing(), ms: 5 })).toEqual([expect.stringContaining('answered 201, a status the document does not describe')]);
  });

  it('reports an error that is not { statusCode, message } with its own status', () => {
    expect(checker.check(ROUTE, { status: 404, body: { statusCode: 404, message: 'Thing not found' }, ms: 5 })).toEqual([]);
    expect(checker.check(ROUTE, { status: 400, body: { statusCode: 500, message: 'x' }, ms: 5 })).toHaveLength(1);
    expect(checker.check(ROUTE, { status: 400, body: '<html>Bad Request</html>', ms: 5 })).toHaveLength(1);
    expect(checker.check(ROUTE, { status: 400, body: { statusCode: 400, message: ['a', 'b'] }, ms: 5 })).toHaveLength(1);
  });

  /** The forms the gateway wrote before: a nullable reference as `nullable` beside a lone `allOf`, with and without `type`. */
  const loose = (owner: object): OpenApiDocument => {
    const doc = structuredClone(DOC);
    (doc.components.schemas.Thing.properties as Record<string, object>).owner = owner;
    return doc;
  };
  const ALLOF_TYPED = { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Owner' }] };
  const ALLOF_UNTYPED = { nullable: true, allOf: [{ $ref: '#/components/schemas/Owner' }] };

  it('reads `nullable` as OpenAPI 3.0.3 and a strict client do: beside a lone allOf it admits no null, without a type it is unreadable', () => {
    expect(new ResponseChecker(loose(ALLOF_TYPED)).check(ROUTE, { status: 200, body: thing({ owner: null }), ms: 5 })).toEqual([
      expect.stringContaining('/owner must be object'),
    ]);
    expect(new ResponseChecker(loose(ALLOF_UNTYPED)).check(ROUTE, { status: 200, body: thing({ owner: null }), ms: 5 })).toEqual([
      expect.stringContaining('"nullable" cannot be used without "type"'),
    ]);
    const enumDoc = structuredClone(DOC);
    (enumDoc.components.schemas.Thing.properties as Record<string, object>).status = { type: 'string', enum: ['new', 'done'], nullable: true };
    expect(new ResponseChecker(enumDoc).check(ROUTE, { status: 200, body: thing({ status: null }), ms: 5 })).toEqual([
      expect.stringContaining('/status must be equal to one of the allowed values'),
    ]);
  });

  it('a second, independent validator (openapi-backend) reads the same answers the same way', async () => {
    const strict = new ResponseChecker(DOC, await openApiBackendValidator(DOC));
    expect(strict.check(ROUTE, { status: 200, body: thing({ owner: null }), ms: 5 })).toEqual([]);
    expect(strict.check('GET /api/things', { status: 200, body: [thing()], ms: 5 })).toEqual([]);
    const wrong = strict.check(ROUTE, { status: 200, body: thing({ count: 'three' }), ms: 5 });
    expect(wrong).toEqual([expect.stringContaining('/count must be integer'), expect.stringContaining('openapi-backend: answer 200 does not match')]);
    const looseChecker = new ResponseChecker(DOC, await openApiBackendValidator(loose(ALLOF_TYPED) as typeof DOC));
    expect(looseChecker.check(ROUTE, { status: 200, body: thing({ owner: null }), ms: 5 })).toEqual([expect.stringContaining('openapi-backend: answer 200')]);
  });
});
