import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an operations route answers: a status, and a body (an object is sent as JSON). */
export interface OpsAnswer {
  status: number;
  body: string | Record<string, unknown>;
  /** for a text body; JSON bodies are application/json */
  contentType?: string;
}

export type OpsHandler = () => Promise<OpsAnswer> | OpsAnswer;

/** Starts `server` listening; resolves with its port (useful with 0: any free port), rejects when the port cannot be had. */
export async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/**
 * The operations port of one process (`OPS_PORT`): liveness and readiness for the
 * orchestrator's probes, `/metrics` for Prometheus. It is not the API: the gateway's REST
 * port and the services' NATS subjects stay apart from it, so a probe or a scrape never waits
 * behind user traffic, authentication or a NetworkPolicy meant for users. Plain `node:http`:
 * a few GET routes need no framework.
 *
 * Features register their routes (`route`) before or after `listen`; a path is registered
 * once. Only GET and HEAD are answered; an unknown path is 404.
 */
export class OpsServer {
  private readonly routes = new Map<string, OpsHandler>();
  private server: Server | null = null;

  route(path: string, handler: OpsHandler): this {
    if (!path.startsWith('/')) throw new Error(`an operations route starts with "/": ${path}`);
    if (this.routes.has(path)) throw new Error(`the operations route ${path} is registered twice`);
    this.routes.set(path, handler);
    return this;
  }

  has(path: string): boolean {
    return this.routes.has(path);
  }

  /** Starts listening; resolves with the port (useful with 0: any free port). */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    if (this.server) throw new Error('the operations server is already listening');
    const server = createServer((req, res) => void this.answer(req, res));
    // a probe that hangs must not hold a connection open for ever
    server.requestTimeout = 10_000;
    server.keepAliveTimeout = 5_000;
    const bound = await listenOn(server, port, host);
    this.server = server;
    return bound;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, req, { status: 405, body: { status: 405, message: 'Only GET and HEAD are answered here' } });
      return;
    }
    const handler = this.routes.get(path);
    if (!handler) {
      send(res, req, { status: 404, body: { status: 404, message: `No operations route ${path}` } });
      return;
    }
    try {
      send(res, req, await handler());
    } catch (err) {
      send(res, req, { status: 500, body: { status: 500, message: err instanceof Error ? err.message : String(err) } });
    }
  }
}

function send(res: ServerResponse, req: IncomingMessage, answer: OpsAnswer): void {
  const json = typeof answer.body !== 'string';
  const text = json ? JSON.stringify(answer.body) : (answer.body as string);
  res.writeHead(answer.status, {
    'content-type': json ? 'application/json; charset=utf-8' : (answer.contentType ?? 'text/plain; charset=utf-8'),
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** Nest injection token of the process's `OpsServer` (services and the gateway provide it). */
export const OPS_SERVER = Symbol('OPS_SERVER');
