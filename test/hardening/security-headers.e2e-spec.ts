import { Controller, Get, Module, Res } from '@nestjs/common';
import type { Response } from 'express';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDirectory } from '../../scripts/precompress-web';
import { startTestStack, type TestStack } from '../support';

/** 200 KB of text that compresses well, as a zip of pictures would not: a compressor in the way would show */
const COMPRESSIBLE_BYTES = Buffer.from('PK\u0003\u0004 not really a zip, but compressible '.repeat(4000));

/** answers the gateway streams: a zip download and an event stream, to check neither is compressed on the way */
@Controller('wire-probe')
class WireProbeController {
  @Get('zip')
  zip(@Res() res: Response): void {
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', 'attachment; filename="order.zip"');
    for (let at = 0; at < COMPRESSIBLE_BYTES.length; at += 16 * 1024) res.write(COMPRESSIBLE_BYTES.subarray(at, at + 16 * 1024));
    res.end();
  }

  @Get('events')
  events(@Res() res: Response): void {
    res.setHeader('Content-Type', 'text/event-stream');
    res.write(`data: ${'x'.repeat(4000)}\n\n`);
    res.end();
  }
}

@Module({ controllers: [WireProbeController] })
class WireProbeModule {}

/** a built script: large and compressible, as the React chunk is */
const ASSET = Buffer.from(Array.from({ length: 3000 }, (_, i) => `export function component${i}(props) { return props.children ?? null; }\n`).join(''));

/** the directives of a Content-Security-Policy header, by name */
const directives = (header: string | undefined): Record<string, string[]> =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

/**
 * The gateway's answers carry the headers that keep a browser from running, framing or
 * sniffing what it should not: the web app's pages a Content-Security-Policy that lets them
 * load media from storage only, the API's answers one that loads nothing; HSTS only over TLS.
 */
describe('security headers of the web app and the API', () => {
  let stack: TestStack;
  let dist: string;
  let mediaOrigin: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Dealer Photo</title></head><body><div id="root"></div></body></html>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'react-Dw3zjr9C.js'), ASSET);
    writeFileSync(join(dist, 'assets', 'tiny-A1b2C3d4.js'), 'export const x = 1;\n');
    precompressDirectory(dist);
    stack = await startTestStack({ label: 'headers', services: ['users'], env: { WEB_DIST: dist }, gatewayModules: [WireProbeModule] });
    mediaOrigin = new URL(stack.s3.endpoint).origin;
  });

  afterAll(async () => {
    await stack?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const common = (headers: Record<string, string>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(directives(headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    // plain HTTP: no HSTS (a browser would ignore it, and a machine without TLS must stay reachable)
    expect(headers['strict-transport-security']).toBeUndefined();
  };

  it("gives the web app's pages a policy that loads scripts from the app only and media from storage", async () => {
    for (const path of ['/', '/orders/some-client-route']) {
      const res = await stack.http().get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Dealer Photo');
      common(res.headers);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:', mediaOrigin]));
      expect(csp['connect-src']).toEqual(["'self'", mediaOrigin]);
      expect(csp['media-src']).toContain(mediaOrigin);
      // downloads open their presigned link in a hidden frame
      expect(csp['frame-src']).toEqual(["'self'", mediaOrigin]);
    }
    // the API docs are a page too
    const docs = await stack.http().get('/api/docs/').redirects(1);
    expect(docs.status).toBe(200);
    common(docs.headers);
    expect(directives(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it("gives the API's answers, errors included, a policy that loads nothing", async () => {
    const refused = await stack.http().post('/api/auth/login').send({ email: 'nobody@example.test', password: 'Wrong-Pass-1!' });
    expect(refused.status).toBe(401);
    const missing = await stack.http().get('/api/no-such-route');
    expect(missing.status).toBe(404);
    for (const res of [refused, missing]) {
      common(res.headers);
      expect(directives(res.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    }
  });

  describe('bytes on the wire', () => {
    /** a GET or HEAD with the body as sent, undecoded */
    const raw = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
      new Promise((resolve, reject) => {
        const port = (stack.gateway.getHttpServer().address() as AddressInfo).port;
        const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const asset = '/assets/react-Dw3zjr9C.js';

    it('sends a hashed script brotli-compressed to a browser that takes br, gzip to one that takes gzip only, as it is otherwise', async () => {
      const br = await raw(asset, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      const gz = await raw(asset, { 'Accept-Encoding': 'gzip' });
      const plain = await raw(asset);
      const refused = await raw(asset, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(ASSET)).toBe(true);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(ASSET)).toBe(true);
      expect(br.body.length).toBeLessThan(gz.body.length);
      expect(gz.body.length).toBeLessThan(ASSET.length / 4);
      for (const res of [plain, refused]) {
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body.equals(ASSET)).toBe(true);
      }
      for (const res of [br, gz, plain, refused]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
    });

    it('answers HEAD and Range requests for a compressed script with the sizes of what it would send', async () => {
      const full = await raw(asset, { 'Accept-Encoding': 'br' });
      const head = await raw(asset, { 'Accept-Encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-encoding']).toBe('br');
      expect(Number(head.headers['content-length'])).toBe(full.body.length);
      const part = await raw(asset, { 'Accept-Encoding': 'br', Range: 'bytes=0-99' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${full.body.length}`);
      expect(part.body.equals(full.body.subarray(0, 100))).toBe(true);
      // a file too small to gain from compression goes out as it is, cached all the same
      const tiny = await raw('/assets/tiny-A1b2C3d4.js', { 'Accept-Encoding': 'br, gzip' });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body.toString()).toBe('export const x = 1;\n');
      expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('has index.html revalidated on every use, at its own path and for client-side routes', async () => {
      for (const path of ['/', '/index.html', '/orders/some-client-route']) {
        const res = await raw(path, { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' });
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body.toString()).toContain('Dealer Photo');
      }
    });

    it('compresses a JSON answer above 1 KB and leaves a small one as it is', async () => {
      const large = await raw('/api/docs/openapi.json', { 'Accept-Encoding': 'gzip' });
      expect(large.status).toBe(200);
      expect(large.headers['content-encoding']).toBe('gzip');
      expect(large.headers.vary).toMatch(/Accept-Encoding/i);
      const document = JSON.parse(gunzipSync(large.body).toString()) as { openapi: string };
      expect(document.openapi).toMatch(/^3\./);
      const small = await raw('/api/no-such-route', { 'Accept-Encoding': 'gzip' });
      expect(small.status).toBe(404);
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString())).toMatchObject({ statusCode: 404 });
    });

    it('streams a zip download and an event stream as they are written, uncompressed', async () => {
      const zip = await raw('/api/wire-probe/zip', { 'Accept-Encoding': 'br, gzip' });
      expect(zip.status).toBe(200);
      expect(zip.headers['content-encoding']).toBeUndefined();
      expect(zip.body.equals(COMPRESSIBLE_BYTES)).toBe(true);
      const events = await raw('/api/wire-probe/events', { 'Accept-Encoding': 'br, gzip' });
      expect(events.headers['content-encoding']).toBeUndefined();
      expect(events.body.toString()).toMatch(/^data: x+\n\n$/);
    });
  });

  it('sends HSTS on answers over TLS only', async () => {
    const certDir = mkdtempSync(join(tmpdir(), 'gateway-tls-'));
    let server: Server | undefined;
    try {
      await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')]);
      // the gateway's own request handling behind a TLS listener
      server = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) }, stack.gateway.getHttpAdapter().getInstance());
      server.listen(0, '127.0.0.1');
      await new Promise((resolve) => server!.once('listening', resolve));
      const port = (server.address() as AddressInfo).port;
      for (const path of ['/', '/api/no-such-route']) {
        const res = await fetchInsecure(`https://127.0.0.1:${port}${path}`);
        expect(res['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(res['x-content-type-options']).toBe('nosniff');
      }
      expect((await stack.http().get('/').set('Accept', 'text/html')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      rmSync(certDir, { recursive: true, force: true });
    }
  });
});

/** the headers of a GET over TLS to a server with a self-signed certificate */
function fetchInsecure(url: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false, headers: { Accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers as Record<string, string>));
    });
    req.on('error', reject);
    req.end();
  });
}
