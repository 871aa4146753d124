import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { OutboundHttp } from './outbound.connections';
import { OUTBOUND_REFUSED_MESSAGE, OutboundPolicy, parseAllowance, type LookupAll } from './outbound.policy';

interface Listener {
  server: Server;
  port: number;
  /** connections accepted so far (a refused target must leave this at 0) */
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

async function listen(host: string, port = 0, answer?: (path: string) => { status: number; headers?: Record<string, string>; body?: string }): Promise<Listener> {
  const listener = { connections: 0, requests: [] as string[] } as Listener;
  const server = createServer((req, res) => {
    listener.requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      const a = answer?.(req.url ?? '/') ?? { status: 200, body: 'internal secret reply' };
      res.writeHead(a.status, { 'Content-Type': 'text/plain', ...a.headers }).end(a.body ?? '');
    });
  });
  server.on('connection', () => listener.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  listener.server = server;
  listener.port = (server.address() as AddressInfo).port;
  listener.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return listener;
}

const post = (outbound: OutboundHttp, url: string) => outbound.fetch(url, { method: 'POST', body: '{"event":"ping"}', headers: { 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(5000) });

describe('outbound connections go only to checked addresses', () => {
  let internal: Listener;
  beforeAll(async () => {
    internal = await listen('127.0.0.1');
  });
  afterAll(() => internal.close());
  beforeEach(() => {
    internal.connections = 0;
    internal.requests.length = 0;
  });

  it.each(['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '[::ffff:127.0.0.1]'])(
    'never reaches a listener on the loopback through %s',
    async (host) => {
      const outbound = new OutboundHttp(new OutboundPolicy());
      await expect(post(outbound, `http://${host}:${internal.port}/hooks`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      expect(internal.connections).toBe(0);
    },
  );

  it('reads a bracketed IPv6 literal as the address it is: refused, or reached when allowed', async () => {
    const v6 = await listen('::1');
    try {
      await expect(post(new OutboundHttp(new OutboundPolicy()), `http://[::1]:${v6.port}/hooks`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      await expect(post(new OutboundHttp(new OutboundPolicy()), `http://[::ffff:7f00:1]:${internal.port}/hooks`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      expect(v6.connections + internal.connections).toBe(0);
      const allowed = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('::1') }));
      expect((await post(allowed, `http://[::1]:${v6.port}/hooks`)).status).toBe(200);
      expect(v6.requests).toEqual(['POST /hooks']);
    } finally {
      await v6.close();
    }
  });

  it('refuses through the HTTP agents too (what the S3 and Azure clients use)', async () => {
    const outbound = new OutboundHttp(new OutboundPolicy());
    const failure = await new Promise<Error>((resolve) => {
      request(`http://localhost:${internal.port}/bucket`, { agent: outbound.httpAgent }, () => resolve(new Error('answered')))
        .on('error', resolve)
        .end();
    });
    expect(failure.message).toBe(OUTBOUND_REFUSED_MESSAGE);
    expect(internal.connections).toBe(0);
  });

  it('reaches an allowed internal target, and answers its status as it is', async () => {
    const outbound = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1') }));
    const res = await post(outbound, `http://127.0.0.1:${internal.port}/hooks`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('internal secret reply');
    expect(internal.requests).toEqual(['POST /hooks']);
  });

  it('does not follow a redirect to the loopback: the 302 is the answer', async () => {
    const target = await listen('127.0.0.2');
    const redirecting = await listen('127.0.0.1', 0, () => ({ status: 302, headers: { Location: `http://127.0.0.2:${target.port}/steal` } }));
    try {
      const outbound = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1') }));
      const res = await post(outbound, `http://127.0.0.1:${redirecting.port}/hooks`);
      expect(res.status).toBe(302);
      expect(redirecting.requests).toEqual(['POST /hooks']);
      expect(target.connections).toBe(0);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it('connects to the address it checked: a name that answers an allowed address, then another, is looked up once (DNS rebinding)', async () => {
    // the same port on two loopback addresses: only 127.0.0.1 is allowed
    const other = await listen('127.0.0.2', internal.port);
    try {
      const calls: string[] = [];
      const rebinding: LookupAll = async (host) => {
        calls.push(host);
        return [{ address: calls.length === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
      };
      const outbound = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1'), lookup: rebinding }));
      const res = await post(outbound, `http://rebind.test:${internal.port}/hooks`);
      expect(res.status).toBe(200);
      await res.text();
      expect(calls).toEqual(['rebind.test']);
      expect(internal.requests).toEqual(['POST /hooks']);
      expect(other.connections).toBe(0);
      // the next connection looks up again, gets the other address, and is refused
      await expect(post(outbound, `http://rebind.test:${internal.port}/hooks`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      expect(other.connections).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('speaks TLS to the checked address under the host\'s name (SNI and the certificate check)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-tls-'));
    let key: string, cert: string;
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=hooks.dealer.test', '-addext', 'subjectAltName=DNS:hooks.dealer.test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      [key, cert] = [readFileSync(join(dir, 'key.pem'), 'utf8'), readFileSync(join(dir, 'cert.pem'), 'utf8')];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const names: string[] = [];
    const server = createHttpsServer({ key, cert, SNICallback: (name, cb) => (names.push(name), cb(null, createSecureContext({ key, cert }))) }, (_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const lookup: LookupAll = async () => [{ address: '127.0.0.1', family: 4 }];
      const outbound = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1'), lookup }));
      // self-signed: refused as untrusted, after the name was sent and the certificate read for it
      const failure = await post(outbound, `https://hooks.dealer.test:${(server.address() as AddressInfo).port}/`).then(
        () => null,
        (err: { code?: string }) => err,
      );
      expect(failure?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      expect(names).toEqual(['hooks.dealer.test']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('times out like fetch does', async () => {
    const slow = await listen('127.0.0.1', 0, () => ({ status: 200 }));
    slow.server.removeAllListeners('request');
    try {
      const outbound = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1') }));
      await expect(outbound.fetch(`http://127.0.0.1:${slow.port}/`, { method: 'GET', signal: AbortSignal.timeout(200) })).rejects.toThrow('The operation was aborted due to timeout');
    } finally {
      slow.server.closeAllConnections();
      await slow.close();
    }
  });
});
