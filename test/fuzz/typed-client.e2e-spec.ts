import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startTestStack, type TestStack } from '../support';
import ts from 'typescript';

/**
 * openapi-typescript's Node API, run in a Node process of its own: the package loads ES
 * modules, which jest's module system cannot require.
 */
const GENERATE = `
import openapiTS, { astToString } from 'openapi-typescript';
import { readFileSync, writeFileSync } from 'node:fs';
const [docPath, outPath] = process.argv.slice(1);
writeFileSync(outPath, astToString(await openapiTS(JSON.parse(readFileSync(docPath, 'utf8')))));
`;

/**
 * A client generated from the OpenAPI document, as the mobile app or a robot author would
 * make one (openapi-typescript), must type a small program that creates an order, reads the
 * list, follows an upload and signs in. The program also states what must NOT compile (a
 * text used as a number, a field that is not there): an untyped answer would let those pass.
 */
const PROGRAM = `
import type { components, paths } from './api';

type OrderView = components['schemas']['OrderView'];
type CreateOrder = paths['/api/orders']['post']['requestBody']['content']['application/json'];
type Created = paths['/api/orders']['post']['responses'][201]['content']['application/json'];
type OrderPage = paths['/api/orders/get-orders']['get']['responses'][200]['content']['application/json'];
type Images = paths['/api/images/order/{id}']['get']['responses'][200]['content']['application/json'];
type SignIn = paths['/api/auth/login']['post']['responses'][200]['content']['application/json'];
type ApiError = components['schemas']['ErrorResponse'];
type UpdateOrder = components['schemas']['UpdateOrderBody'];

export const body: CreateOrder = { orderName: 'Front row', styleGuide: '0b9a4a3e-4f0e-4c55-9a43-6d1f2d3c4b5a', takenImagesCount: 4 };

export function progress(order: OrderView): string {
  const salesPerson: string = order.salesMan ? order.salesMan.name : 'no sales person';
  const done: number = order.uploadedImagesCount + order.processedImagesCount;
  const waiting: boolean = order.status === 'Uploading' && order.QAstatus === 'Waiting For QA';
  return \`\${order.orderName}: \${done}/\${order.takenImagesCount} by \${salesPerson} \${waiting} \${order.user.displayName}\`;
}

export function created(answer: Created): string {
  return answer.id + answer.createdAt + answer.deviceInformation.platform;
}

export function names(page: OrderPage): string[] {
  return page.items.map((row) => \`\${row.orderName} \${row.thumbnailUrl ?? ''} \${row.tags.map((t) => t.color).join()}\`).concat(String(page.total));
}

export function pictures(images: Images): Array<string | null> {
  return images.filter((i) => i.label !== 'pipeline error').map((i) => i.thumbnailUrl);
}

export function token(answer: SignIn): string | undefined {
  return 'accessToken' in answer ? answer.accessToken + answer.user.userRole : answer.challenge;
}

export function explain(e: ApiError): string {
  return \`\${e.statusCode}: \${e.message}\`;
}

export function mistakes(order: OrderView, e: ApiError): void {
  // @ts-expect-error an order name is text
  const n: number = order.orderName;
  // @ts-expect-error there is no such status
  const s: OrderView['status'] = 'Lost';
  // @ts-expect-error the note may be null
  const note: string = order.note;
  // @ts-expect-error an error has no body of its own
  const b: unknown = e.body;
  // @ts-expect-error the car type may be null (a nullable reference reads as one)
  const car: string = order.carType.carTypeName;
  // @ts-expect-error a note sent to clear it may be null, never an object
  const clear: UpdateOrder['note'] = {};
  void n, s, note, b, car, clear;
}
`;

async function typeErrors(doc: object): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', GENERATE, join(dir, 'openapi.json'), join(dir, 'api.ts')], {
      cwd: resolve(__dirname, '../..'),
    });
    writeFileSync(join(dir, 'client.ts'), PROGRAM);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      lib: ['lib.es2022.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ROOT = resolve(__dirname, '../..');
type Schema = Record<string, unknown>;
type Document = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ name: string; in: string }> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

/** Runs a linter's CLI on the document; its JSON report whatever its exit code (1 means findings). */
async function lint(doc: object, args: (file: string) => string[], bin: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 1));
    return await new Promise((done) =>
      execFile(join(ROOT, 'node_modules/.bin', bin), args(file), { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (_e, stdout) => done(stdout)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Spectral (spectral:oas, .spectral.yaml): its errors as "rule at path: message". */
async function spectralErrors(doc: object): Promise<string[]> {
  const out = await lint(doc, (file) => ['lint', '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet', file], 'spectral');
  const findings = JSON.parse(out.slice(out.indexOf('['))) as Array<{ code: string; severity: number; path: string[]; message: string }>;
  return findings.filter((f) => f.severity === 0).map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`);
}

/** Redocly (recommended, redocly.yaml): its errors as "rule at pointer: message". */
async function redoclyErrors(doc: object): Promise<string[]> {
  const out = await lint(doc, (file) => ['lint', '--format', 'json', file], 'redocly');
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
  return report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
}

/** Every schema of the document with where it is: `#/components/schemas/OrderView/properties/carType`. */
function* schemasOf(node: unknown, at = '#'): Generator<[string, Schema]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemasOf(item, `${at}/${i}`);
  } else if (node && typeof node === 'object') {
    yield [at, node as Schema];
    for (const [key, value] of Object.entries(node)) yield* schemasOf(value, `${at}/${key}`);
  }
}

/**
 * What OpenAPI 3.0.3 lets `nullable` mean: null is added to the `type` beside it, and only
 * there. So a nullable schema has a `type`, no `allOf`/`$ref` beside it (they would still
 * refuse null), and null among its `enum` values if it has any.
 */
function nullableProblems(doc: object): string[] {
  const problems: string[] = [];
  for (const [at, s] of schemasOf(doc)) {
    if (s.nullable === undefined) continue;
    if (typeof s.type !== 'string') problems.push(`${at}: nullable without a type`);
    if (s.allOf || s.$ref || s.oneOf || s.anyOf) problems.push(`${at}: nullable beside ${['allOf', '$ref', 'oneOf', 'anyOf'].filter((k) => k in s).join(', ')}, which still refuse null`);
    if (Array.isArray(s.enum) && !s.enum.includes(null)) problems.push(`${at}: nullable enum without null among its values`);
  }
  return problems;
}

/** Paths that are the same template but for their parameters' names (`/a/{id}` and `/a/{orderId}`): OpenAPI forbids them. */
function samePathPairs(doc: Document): string[] {
  const byShape = new Map<string, string[]>();
  for (const path of Object.keys(doc.paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
  }
  return [...byShape.values()].filter((paths) => paths.length > 1).map((paths) => paths.join(' and '));
}

/** The operations a client may call without signing in. */
const PUBLIC = [
  'GET /api/health/live',
  'POST /api/auth/login',
  'POST /api/auth/new-password',
  'POST /api/auth/forgot-password',
  'POST /api/auth/confirm-forgot-password',
  'POST /api/auth/refresh',
  'GET /api/app-versions',
  'GET /api/app-versions/{id}',
];

let stack: TestStack;
let doc: Document;

beforeAll(async () => {
  // the gateway alone writes the document
  stack = await startTestStack({ label: 'typed_client', services: [] });
  doc = (await stack.http().get('/api/docs/openapi.json').expect(200)).body;
});

afterAll(async () => {
  await stack?.close();
});

describe('a typed client generated from the OpenAPI document', () => {

  it('compiles a program that creates, lists and follows orders and signs in', async () => {
    expect(await typeErrors(doc)).toEqual([]);
  });

  it('does not compile once the document loses a field the program uses', async () => {
    const broken = structuredClone(doc);
    const order = broken.components.schemas.OrderView;
    delete order.properties?.uploadedImagesCount;
    order.required = order.required?.filter((f) => f !== 'uploadedImagesCount');
    expect(await typeErrors(broken)).toEqual([expect.stringContaining("Property 'uploadedImagesCount' does not exist")]);
  });
});

describe('the OpenAPI document as a strict client reads it', () => {

  it('Spectral (spectral:oas) and Redocly (recommended) find no error', async () => {
    const started = Date.now();
    const [spectral, redocly] = await Promise.all([spectralErrors(doc), redoclyErrors(doc)]);
    expect({ spectral, redocly }).toEqual({ spectral: [], redocly: [] });
    process.stdout.write(`Spectral and Redocly: ${Date.now() - started} ms\n`);
  }, 120_000);

  it('writes every nullable value in a form OpenAPI 3.0.3 admits null for: a type beside it, no allOf or $ref, null in its enum', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(nullableProblems(doc)).toEqual([]);
    // the nullable references are oneOf a reference and null
    const order = doc.components.schemas.OrderView.properties as Record<string, Schema>;
    expect(order.carType).toEqual({ oneOf: [{ $ref: '#/components/schemas/OrderCarTypeRef' }, { type: 'object', nullable: true, enum: [null] }] });
    const salesPerson = doc.components.schemas.SalesPersonView.properties as Record<string, Schema>;
    expect(salesPerson.userStatus).toMatchObject({ oneOf: [{ $ref: '#/components/schemas/UserStatus' }, { type: 'string', nullable: true, enum: [null] }] });
    expect(doc.components.schemas.UserStatus).toMatchObject({ type: 'string', enum: ['CONFIRMED', 'FORCE_CHANGE_PASSWORD'] });
    // a `string | null` field of a body has the type its validation checks, not `object`
    const update = doc.components.schemas.UpdateOrderBody.properties as Record<string, Schema>;
    expect(update.note).toMatchObject({ type: 'string', maxLength: 999, nullable: true });
    expect(update.carType).toMatchObject({ type: 'string', format: 'uuid', nullable: true });
    // and no body or answer field is an `object` that says nothing of its shape
    const shapeless = [...schemasOf(doc)].filter(([, s]) => s.type === 'object' && !s.properties && !s.additionalProperties && !s.enum && !s.oneOf && !s.allOf);
    expect(shapeless.map(([at]) => at)).toEqual([]);
  });

  it('catches the forms it wrote before', () => {
    const before = structuredClone(doc);
    const order = before.components.schemas.OrderView.properties as Record<string, Schema>;
    order.carType = { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/OrderCarTypeRef' }] };
    order.impersonatedBy = { nullable: true, allOf: [{ $ref: '#/components/schemas/OrderPersonRef' }] };
    before.paths['/api/images/download/{orderId}'] = before.paths['/api/images/download/{id}'];
    expect(nullableProblems(before)).toEqual([
      '#/components/schemas/OrderView/properties/impersonatedBy: nullable without a type',
      '#/components/schemas/OrderView/properties/impersonatedBy: nullable beside allOf, which still refuse null',
      '#/components/schemas/OrderView/properties/carType: nullable beside allOf, which still refuse null',
    ]);
    expect(samePathPairs(before)).toEqual(['/api/images/download/{id} and /api/images/download/{orderId}']);
  });

  it('has no two paths that differ only in the names of their parameters', () => {
    expect(samePathPairs(doc)).toEqual([]);
  });

  it('names its server, and states the security of every operation: none only for the public ones', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })));
    expect(operations.filter((o) => !Array.isArray(o.op.security)).map((o) => o.route)).toEqual([]);
    expect(operations.filter((o) => o.op.security?.length === 0).map((o) => o.route).sort()).toEqual([...PUBLIC].sort());
    // a sign-in that is optional (it tells staff more) is an empty requirement beside the bearer one
    const optional = operations.filter((o) => o.op.security?.some((s) => !Object.keys(s as object).length));
    expect(optional.map((o) => [o.route, o.op.security])).toEqual([
      ['GET /api/health', expect.arrayContaining([{}, { bearer: [] }])],
      ['GET /api/health/services/{service}', expect.arrayContaining([{}, { bearer: [] }])],
    ]);
  });

  it('marks the POSTs that are safe to repeat x-idempotent, as the retry policy reads them; the acknowledgement answers its receipt', () => {
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op as Record<string, unknown>)['x-idempotent'] === true)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(marked.sort()).toEqual(['POST /api/images/upload-complete', 'POST /api/robot/messages/{id}/ack', 'POST /api/videos/upload-complete']);
    expect(doc.components.schemas.RobotAckView?.required).toEqual(expect.arrayContaining(['id', 'state', 'receipt']));
  });
});
