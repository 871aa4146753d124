import { StorageService } from '@app/storage';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * What a request to a storage that stops answering does: it fails with a clear error after the
 * stall timeout, instead of keeping a zip job or a picture read waiting forever. The storage
 * here is a local server that misbehaves on purpose.
 */
describe('S3 connections: stalls fail, idle connections are reused', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];

  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.destroy());
    await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
  });

  async function listen(server: Server): Promise<string> {
    servers.push(server);
    server.on('connection', (s: Socket) => sockets.push(s));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const storageAt = (endpoint: string, stallTimeoutMs?: number) =>
    new StorageService({ endpoint, accessKey: 'k', secretKey: 'secret-key', bucket: 'media', region: 'us-east-1', stallTimeoutMs });

  it('a storage that takes the request and never answers fails it after the stall timeout', async () => {
    const endpoint = await listen(createTcpServer(() => undefined)); // reads, never writes
    const started = Date.now();
    await expect(storageAt(endpoint, 1_000).head('orders/a.jpg')).rejects.toThrow('The storage sent nothing for 1 s; the request was given up');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('a download that stops halfway fails instead of waiting for the rest', async () => {
    const endpoint = await listen(
      createHttpServer((_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '1000000' });
        res.write(Buffer.alloc(10_000)); // then nothing more
      }),
    );
    const started = Date.now();
    // the body's stream ends with Node's "aborted" when its connection is cut under it
    await expect(storageAt(endpoint, 1_000).getBuffer('orders/a.jpg')).rejects.toThrow(/^aborted$|The storage sent nothing for 1 s/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps one connection for requests one after another, and a slow answer within the timeout is waited for', async () => {
    let connections = 0;
    const server = createHttpServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { etag: '"e1"', 'content-length': '0', 'last-modified': new Date().toUTCString(), 'content-type': 'image/jpeg' });
        res.end();
      }, 300);
    });
    server.on('connection', () => connections++);
    const storage = storageAt(await listen(server), 2_000);
    for (let i = 0; i < 3; i++) expect((await storage.head(`orders/${i}.jpg`))?.etag).toBe('e1');
    expect(connections).toBe(1);
  });
});
