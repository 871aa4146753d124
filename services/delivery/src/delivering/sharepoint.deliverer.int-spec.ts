import type { IntegrationForDelivery } from '@app/contracts';
import { DEFAULT_OUTPUT_RULES } from '@app/contracts';
import { OUTBOUND_REFUSED_MESSAGE, OutboundHttp, OutboundPolicy, parseAllowance } from '@app/outbound';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeliveryJob, PreparedFile } from './delivery-job';
import { DeliveryFailure } from './order-deliverer';
import { GRAPH_RANGE_UNIT, SharepointDeliverer } from './sharepoint.deliverer';

const TENANT = 'contoso.onmicrosoft.com';
const DRIVE = 'b!Xk3dRive_01-library';
const CLIENT_ID = '6731de76-14a6-49ae-97bc-6eba6914391e';
const CLIENT_SECRET = 'graph-secret-2026';

interface Session {
  path: string;
  name: string;
  total: number | null;
  received: Buffer[];
  next: number;
}

interface RangeSeen {
  session: string;
  start: number;
  end: number;
  total: number;
  authorization: string | undefined;
}

/**
 * A stand-in for Microsoft's token endpoint and Graph's drive and upload-session API on the
 * loopback: it checks the client credentials, the bearer token on Graph calls (and none on
 * the upload URL), each range's Content-Range and length against what the session expects
 * and Graph's 320 KiB rule, and keeps the files it completed by path (a new upload of the
 * same path replaces the file). `faults` cut or refuse chosen ranges.
 */
class GraphStandIn {
  readonly files = new Map<string, Buffer>();
  readonly tokens: string[] = [];
  readonly ranges: RangeSeen[] = [];
  readonly statusAsks: string[] = [];
  readonly requests: string[] = [];
  /** per range number (counted over all uploads, from 1): 'cut' destroys the connection after reading it, a number answers that status */
  faults = new Map<number, 'cut' | number>();
  private readonly sessions = new Map<string, Session>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const url = new URL(req.url ?? '/', this.url);
    const path = decodeURIComponent(url.pathname);
    this.requests.push(`${req.method} ${path}`);
    if (req.method === 'POST' && path === `/login/${TENANT}/oauth2/v2.0/token`) {
      const form = new URLSearchParams(body.toString());
      if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== `${this.url}/.default`) return this.json(res, 400, { error: 'invalid_request' });
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) return this.json(res, 401, { error: 'invalid_client' });
      const token = `token-${randomUUID()}`;
      this.tokens.push(token);
      return this.json(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: token });
    }
    if (path.startsWith('/upload/')) return this.upload(req, res, path.slice('/upload/'.length), body);
    if (!path.startsWith('/graph/')) return this.json(res, 404, { error: { code: 'itemNotFound' } });
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !this.tokens.includes(bearer)) return this.json(res, 401, { error: { code: 'InvalidAuthenticationToken' } });
    if (req.method === 'GET' && path === `/graph/drives/${DRIVE}`) return this.json(res, 200, { id: DRIVE, name: 'Documents', webUrl: 'https://contoso.sharepoint.com/sites/cars/Shared%20Documents' });
    const create = new RegExp(`^/graph/drives/${DRIVE.replace(/[!]/g, '\\$&')}/root:/(.+):/createUploadSession$`).exec(path);
    if (req.method === 'POST' && create) {
      const item = (JSON.parse(body.toString()) as { item?: { name?: string; '@microsoft.graph.conflictBehavior'?: string } }).item;
      if (item?.['@microsoft.graph.conflictBehavior'] !== 'replace') return this.json(res, 409, { error: { code: 'nameAlreadyExists' } });
      const id = randomUUID();
      this.sessions.set(id, { path: create[1], name: item.name ?? '', total: null, received: [], next: 0 });
      return this.json(res, 200, { uploadUrl: `${this.url}/upload/${id}`, expirationDateTime: new Date(Date.now() + 3_600_000).toISOString() });
    }
    if (path.startsWith(`/graph/drives/`)) return this.json(res, 404, { error: { code: 'itemNotFound' } });
    return this.json(res, 400, { error: { code: 'invalidRequest' } });
  }

  private upload(req: IncomingMessage, res: ServerResponse, id: string, body: Buffer): void {
    const session = this.sessions.get(id);
    if (!session) return this.json(res, 404, { error: { code: 'itemNotFound' } });
    if (req.method === 'GET') {
      this.statusAsks.push(id);
      return this.json(res, 200, { nextExpectedRanges: [`${session.next}-`] });
    }
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range']));
    if (req.method !== 'PUT' || !range) return this.json(res, 400, { error: { code: 'invalidRange' } });
    const [start, end, total] = range.slice(1).map(Number);
    this.ranges.push({ session: id, start, end, total, authorization: req.headers.authorization });
    const fault = this.faults.get(this.ranges.length);
    if (fault === 'cut') return void req.socket.destroy();
    if (typeof fault === 'number') return this.json(res, fault, { error: { code: 'serviceNotAvailable' } });
    if (req.headers.authorization) return this.json(res, 401, { error: { code: 'unauthenticated', message: 'no bearer token on the upload URL' } });
    if (body.length !== end - start + 1 || end >= total) return this.json(res, 400, { error: { code: 'invalidRange' } });
    if (end + 1 < total && body.length % GRAPH_RANGE_UNIT !== 0) return this.json(res, 400, { error: { code: 'invalidRange', message: 'not a multiple of 320 KiB' } });
    if (start !== session.next) return this.json(res, 416, { error: { code: 'invalidRange' } });
    session.total = total;
    session.received.push(body);
    session.next = end + 1;
    if (session.next < total) return this.json(res, 202, { expirationDateTime: new Date(Date.now() + 3_600_000).toISOString(), nextExpectedRanges: [`${session.next}-`] });
    const bytes = Buffer.concat(session.received);
    this.files.set(session.path, bytes);
    this.sessions.delete(id);
    return this.json(res, 201, { id: `item-${session.path}`, name: session.name, size: bytes.length, webUrl: `https://contoso.sharepoint.com/sites/cars/Shared%20Documents/${session.path}` });
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function file(name: string, bytes: Buffer, position: number): PreparedFile {
  return { name, bytes, sha256: sha256(bytes), contentType: 'image/jpeg', imageId: randomUUID(), position, angleName: null, url: null };
}

describe('SharepointDeliverer against a stand-in for Microsoft Graph', () => {
  let graph: GraphStandIn;
  const allowed = () => new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1') }));
  const deliverer = (outbound = allowed(), chunkBytes = GRAPH_RANGE_UNIT) =>
    new SharepointDeliverer(outbound, {
      graphUrl: `${graph.url}/graph`,
      tokenUrl: `${graph.url}/login/{tenantId}/oauth2/v2.0/token`,
      chunkBytes,
      timeoutMs: 3000,
      rangeRetryDelayMs: 10,
    });
  const integration = (over: Partial<IntegrationForDelivery> = {}, settings: Record<string, string> = {}): IntegrationForDelivery => ({
    id: randomUUID(),
    userId: randomUUID(),
    provider: 'SHAREPOINT',
    integrationType: 'BLOB',
    isActive: true,
    username: CLIENT_ID,
    password: CLIENT_SECRET,
    settings: { tenantId: TENANT, driveId: DRIVE, path: '/Cars/Delivered', ...settings },
    outputRules: DEFAULT_OUTPUT_RULES,
    ...over,
  });
  const job = (files: PreparedFile[], target = integration()): DeliveryJob => ({
    attempt: { messageId: randomUUID(), orderId: randomUUID(), integrationId: target.id, attempt: 1 },
    integration: target,
    order: { id: randomUUID(), orderName: 'Volvo XC60', accountId: target.userId },
    files,
  });
  const failureOf = async (run: Promise<unknown>): Promise<DeliveryFailure> => {
    const err = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DeliveryFailure);
    return err as DeliveryFailure;
  };

  beforeEach(async () => {
    graph = new GraphStandIn();
    await graph.start();
  });

  afterEach(async () => {
    await graph.close();
  });

  it('uploads each file through an upload session in ranges of 320 KiB multiples, on one token, and answers where they are', async () => {
    const big = randomBytes(GRAPH_RANGE_UNIT * 3 + 12_345);
    const small = randomBytes(9_000);
    const receipt = await deliverer().deliver(job([file('Volvo XC60-1.jpg', big, 1), file('Volvo XC60-2.jpg', small, 2)]));

    expect(graph.files.get('Cars/Delivered/Volvo XC60-1.jpg')?.equals(big)).toBe(true);
    expect(graph.files.get('Cars/Delivered/Volvo XC60-2.jpg')?.equals(small)).toBe(true);
    // four ranges for the big file (three whole units and the rest), one for the small one
    expect(graph.ranges.map((r) => [r.start, r.end])).toEqual([
      [0, GRAPH_RANGE_UNIT - 1],
      [GRAPH_RANGE_UNIT, 2 * GRAPH_RANGE_UNIT - 1],
      [2 * GRAPH_RANGE_UNIT, 3 * GRAPH_RANGE_UNIT - 1],
      [3 * GRAPH_RANGE_UNIT, big.length - 1],
      [0, small.length - 1],
    ]);
    expect(graph.ranges.every((r) => r.authorization === undefined)).toBe(true);
    expect(graph.tokens).toHaveLength(1);
    expect(receipt.destination).toBe(`${graph.url}/graph/drives/${DRIVE}/root:/Cars/Delivered`);
    expect(receipt.files).toEqual([
      expect.objectContaining({ name: 'Volvo XC60-1.jpg', bytes: big.length, sha256: sha256(big), position: 1, location: 'https://contoso.sharepoint.com/sites/cars/Shared%20Documents/Cars/Delivered/Volvo XC60-1.jpg' }),
      expect.objectContaining({ name: 'Volvo XC60-2.jpg', bytes: small.length, sha256: sha256(small), position: 2 }),
    ]);
  });

  it('takes larger ranges when told, still multiples of 320 KiB', async () => {
    const big = randomBytes(GRAPH_RANGE_UNIT * 5);
    await deliverer(allowed(), GRAPH_RANGE_UNIT * 2).deliver(job([file('a.jpg', big, 1)]));
    expect(graph.ranges.map((r) => r.end - r.start + 1)).toEqual([2 * GRAPH_RANGE_UNIT, 2 * GRAPH_RANGE_UNIT, GRAPH_RANGE_UNIT]);
    expect(graph.files.get('Cars/Delivered/a.jpg')?.equals(big)).toBe(true);
    expect(() => deliverer(allowed(), GRAPH_RANGE_UNIT + 1)).toThrow('multiple of 327680');
  });

  it('tries a range again after a cut connection and after a 503, from what the session expects, and the file arrives whole', async () => {
    const big = randomBytes(GRAPH_RANGE_UNIT * 2 + 500);
    graph.faults = new Map([
      [2, 'cut'],
      [3, 503],
    ]);
    await deliverer().deliver(job([file('cut.jpg', big, 1)]));
    expect(graph.files.get('Cars/Delivered/cut.jpg')?.equals(big)).toBe(true);
    // range 2 sent three times (cut, 503, accepted); the session was asked where to go on
    expect(graph.ranges.map((r) => r.start)).toEqual([0, GRAPH_RANGE_UNIT, GRAPH_RANGE_UNIT, GRAPH_RANGE_UNIT, 2 * GRAPH_RANGE_UNIT]);
    expect(graph.statusAsks.length).toBeGreaterThanOrEqual(2);
  });

  it('fails retryable when a range keeps failing, so the queue tries the message later', async () => {
    graph.faults = new Map([1, 2, 3, 4].map((n) => [n, 503] as [number, number]));
    const failure = await failureOf(deliverer().deliver(job([file('down.jpg', randomBytes(1000), 1)])));
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain('503');
    expect(graph.files.size).toBe(0);
  });

  it('delivered again, replaces the files: one copy each', async () => {
    const first = randomBytes(5000);
    const again = randomBytes(7000);
    const target = integration();
    await deliverer().deliver(job([file('same.jpg', first, 1)], target));
    await deliverer().deliver(job([file('same.jpg', again, 1)], target));
    expect([...graph.files.keys()]).toEqual(['Cars/Delivered/same.jpg']);
    expect(graph.files.get('Cars/Delivered/same.jpg')?.equals(again)).toBe(true);
  });

  it('a refused client secret is a login failure that trying again cannot fix', async () => {
    const failure = await failureOf(deliverer().deliver(job([file('x.jpg', randomBytes(10), 1)], integration({ password: 'wrong' }))));
    expect(failure).toMatchObject({ retryable: false });
    expect(failure.message).toBe(`Login: ${graph.url}/login/${TENANT}/oauth2/v2.0/token refused the client ID or secret (invalid_client)`);
    expect(graph.ranges).toHaveLength(0);
  });

  it('an unknown drive is "Not found", final', async () => {
    const failure = await failureOf(deliverer().test(integration({}, { driveId: 'b!other' })));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toMatch(/^Not found: .*\/graph\/drives\/b!other does not exist \(itemNotFound\)$/);
  });

  it('the test connection reaches the library without writing anything', async () => {
    expect(await deliverer().test(integration())).toBe('Reached the library Documents (https://contoso.sharepoint.com/sites/cars/Shared%20Documents)');
    expect(graph.files.size).toBe(0);
  });

  it('without the tenant, drive or credentials, says what is missing, final', async () => {
    const noDrive = await failureOf(deliverer().deliver(job([file('x.jpg', randomBytes(10), 1)], integration({}, { driveId: '' }))));
    expect(noDrive).toMatchObject({ retryable: false, message: 'The SharePoint tenant and drive (library) are not set in the integration' });
    const noSecret = await failureOf(deliverer().deliver(job([file('x.jpg', randomBytes(10), 1)], integration({ password: null }))));
    expect(noSecret.retryable).toBe(false);
    expect(graph.requests).toHaveLength(0);
  });

  it('goes through the outbound guard: the loopback, not allowed, is refused before any connection', async () => {
    const guarded = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('') }));
    const failure = await failureOf(deliverer(guarded).deliver(job([file('x.jpg', randomBytes(10), 1)])));
    expect(failure).toMatchObject({ retryable: false, message: OUTBOUND_REFUSED_MESSAGE });
    expect(graph.requests).toHaveLength(0);
  });
});
