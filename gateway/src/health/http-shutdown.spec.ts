import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer } from './http-shutdown';

/** A GET on a connection of its own: the status and body, or the error code of the connection. */
function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

describe('closing the gateway\'s HTTP server at shutdown', () => {
  let server: Server;
  let port: number;

  beforeEach(async () => {
    server = createServer((req, res) => {
      const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
      setTimeout(() => res.end(`done after ${ms}`), ms);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it('lets a request in flight finish, then refuses new connections', async () => {
    const inFlight = get(port, '/?ms=400');
    await new Promise((r) => setTimeout(r, 50));
    const closing = closeHttpServer(server, 5000);
    // a new connection after the close began is refused
    expect(await get(port, '/?ms=0')).toEqual({ error: 'ECONNREFUSED' });
    expect(await inFlight).toEqual({ status: 200, body: 'done after 400' });
    expect(await closing).toBe(true);
  });

  it('cuts what is still running after the grace period and says so', async () => {
    const slow = get(port, '/?ms=5000');
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    expect(await closeHttpServer(server, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await slow).toEqual({ error: 'ECONNRESET' });
  });
});
