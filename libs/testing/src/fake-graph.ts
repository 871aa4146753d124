import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Graph's unit of an upload range: every range but the last is a multiple of it (320 KiB). */
const GRAPH_RANGE_UNIT = 327_680;

export const FAKE_GRAPH = {
  tenant: 'contoso.onmicrosoft.com',
  drive: 'b!Xk3dRive_01-library',
  clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
  clientSecret: 'graph-secret-2026',
} as const;
const TENANT = FAKE_GRAPH.tenant;
const DRIVE = FAKE_GRAPH.drive;
const CLIENT_ID = FAKE_GRAPH.clientId;
const CLIENT_SECRET = FAKE_GRAPH.clientSecret;

interface Session {
  path: string;
  name: string;
  total: number | null;
  received: Buffer[];
  next: number;
}

export interface RangeSeen {
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
 * same path replaces the file). `faults` cut or refuse chosen ranges. Its token endpoint is
 * `<url>/login/{tenantId}/oauth2/v2.0/token`, Graph `<url>/graph`.
 */
export class FakeGraph {
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

/** A started stand-in for Microsoft Graph and its token endpoint (close it after). */
export async function startFakeGraph(): Promise<FakeGraph> {
  const graph = new FakeGraph();
  await graph.start();
  return graph;
}
