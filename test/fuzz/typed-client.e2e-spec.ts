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
  void n, s, note, b;
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

describe('a typed client generated from the OpenAPI document', () => {
  let stack: TestStack;
  let doc: { components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> } };

  beforeAll(async () => {
    // the gateway alone writes the document
    stack = await startTestStack({ label: 'typed_client', services: [] });
    doc = (await stack.http().get('/api/docs/openapi.json').expect(200)).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

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
