import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Document } from 'openapi-backend';

/** The parts of an OpenAPI 3.0 document the fuzz suite reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonObject> };
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonObject }>;
  requestBody?: { content: Record<string, { schema: JsonObject }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonObject }> }>;
  security?: unknown[];
}

export type JsonObject = { [key: string]: unknown };

/** One operation of the document: `POST /api/orders`. */
export interface Operation {
  method: string;
  path: string;
  op: OpenApiOperation;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

export const routeName = (o: { method: string; path: string }): string => `${o.method} ${o.path}`;

/** What came back for one request. */
export interface Answer {
  status: number;
  body: unknown;
  /** milliseconds from sending to the whole answer */
  ms: number;
}

/** Answers slower than this fail the suite. */
export const SLOW_MS = 2000;

const REF_PREFIX = '#/components/schemas/';
const ROOT_ID = 'openapi';

/**
 * OpenAPI 3.0.3 schema -> JSON Schema as ajv reads it, made strict. `nullable` is left to
 * ajv's own `nullable` keyword, which reads it as OpenAPI 3.0.3 says and as an outside client
 * does: it adds null to the `type` beside it and to nothing else, so `nullable` beside a lone
 * `allOf: [$ref]` or an enum without null admits no null, and `nullable` without a `type`
 * is an error. An object that lists its properties allows no others (an undocumented field
 * fails, so the document has to keep up with the answers).
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema as JsonObject)) {
    if (key === 'example' || key === 'examples') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
      out.$ref = `${ROOT_ID}#/definitions/${value.slice(REF_PREFIX.length)}`;
    } else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, toJsonSchema(v)]));
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** A second validator: what a client built on openapi-backend (ajv behind its own reading of the document) says of an answer. */
export interface IndependentValidator {
  /** problems of a success answer to `route`, none when it is fine */
  check(route: string, status: number, body: unknown): string[];
}

/**
 * openapi-backend 5 reads the document itself (its own dereferencing, its own ajv with
 * OpenAPI's `nullable`) and validates answers as a client or a proxy built on it would.
 * It loads as an ES-module-free CommonJS package, so it runs inside jest.
 */
export async function openApiBackendValidator(doc: OpenApiDocument): Promise<IndependentValidator> {
  const { default: OpenAPIBackend } = await import('openapi-backend');
  const api = new OpenAPIBackend({
    definition: structuredClone(doc) as unknown as Document,
    strict: true,
    quick: false,
    validate: true,
    // the formats the document uses (uuid, date-time, uri, email) checked, as a client would
    customizeAjv: (ajv) => {
      addFormats(ajv as unknown as Ajv);
      return ajv;
    },
  });
  await api.init();
  const byRoute = new Map(api.getOperations().map((o) => [`${o.method.toUpperCase()} ${o.path}`, o]));
  return {
    check(route, status, body) {
      const operation = byRoute.get(route);
      if (!operation) return [`openapi-backend does not know ${route}`];
      const result = api.validator.validateResponse(body, operation, status);
      if (result.valid) return [];
      const errors = (result.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
      return [`openapi-backend: answer ${status} does not match its documented schema: ${errors.join('; ')}`];
    },
  };
}

/**
 * Checks answers against the document: no 5xx, none slower than SLOW_MS, every error as
 * `{ statusCode, message }` with its own status, and every success answer documented for its
 * status and valid against its schema (required fields, types, formats, no undocumented field).
 */
export class ResponseChecker {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction | null | undefined>();
  private readonly operations = new Map<string, OpenApiOperation>();

  /** `independent`: a second validator every success answer also goes through */
  constructor(doc: OpenApiDocument, private readonly independent?: IndependentValidator) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    const definitions = Object.fromEntries(Object.entries(doc.components.schemas).map(([name, s]) => [name, toJsonSchema(s)]));
    this.ajv.addSchema({ $id: ROOT_ID, definitions });
    for (const o of operationsOf(doc)) this.operations.set(routeName(o), o.op);
  }

  /** Problems with one answer to `route` (`GET /api/orders/{id}`); none when it is fine. */
  check(route: string, answer: Answer): string[] {
    const problems: string[] = [];
    if (answer.status >= 500) problems.push(`answered ${answer.status} ${short(answer.body)}`);
    if (answer.ms > SLOW_MS) problems.push(`took ${Math.round(answer.ms)} ms (more than ${SLOW_MS} ms)`);
    if (answer.status >= 400) {
      const body = answer.body as { statusCode?: unknown; message?: unknown } | null;
      if (!body || typeof body !== 'object' || body.statusCode !== answer.status || typeof body.message !== 'string' || !body.message) {
        problems.push(`error ${answer.status} is not { statusCode: ${answer.status}, message }: ${short(answer.body)}`);
      }
    } else if (answer.status >= 200 && answer.status < 300) {
      problems.push(...this.checkSuccess(route, answer));
    }
    return problems;
  }

  private checkSuccess(route: string, answer: Answer): string[] {
    const op = this.operations.get(route);
    if (!op) return [`${route} is not in the document`];
    let validate: ValidateFunction | null | undefined;
    try {
      validate = this.validator(route, op, answer.status);
    } catch (e) {
      // e.g. `nullable` without a `type`: a strict reader cannot even compile the schema
      return [`the documented schema of ${route} ${answer.status} cannot be read: ${(e as Error).message}`];
    }
    if (validate === undefined) return [`answered ${answer.status}, a status the document does not describe for ${route}`];
    if (validate === null) return [];
    const independent = this.independent?.check(route, answer.status, answer.body) ?? [];
    if (validate(answer.body)) return independent;
    const errors = (validate.errors ?? []).slice(0, 8).map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
      return `${e.instancePath || '(body)'} ${e.message}${extra}`;
    });
    return [`answer ${answer.status} does not match its documented schema: ${errors.join('; ')}`, ...independent];
  }

  /** undefined: status not documented; null: documented without a JSON body */
  private validator(route: string, op: OpenApiOperation, status: number): ValidateFunction | null | undefined {
    const key = `${route} ${status}`;
    if (this.validators.has(key)) return this.validators.get(key);
    const response = op.responses[String(status)];
    let validate: ValidateFunction | null | undefined;
    if (!response) validate = undefined;
    else {
      const schema = response.content?.['application/json']?.schema;
      validate = schema ? this.ajv.compile(toJsonSchema(schema) as object) : null;
    }
    this.validators.set(key, validate);
    return validate;
  }
}

function short(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return (text ?? '').slice(0, 200);
}
