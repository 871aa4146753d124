import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** An HTTP answer as a client sees it: status, headers, the raw text and its JSON (or `{}`). */
export interface ClientAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: { statusCode?: number; message?: string; [k: string]: unknown };
}

export interface RequestFromOptions {
  /** the local address the request leaves from: another loopback address is another client (127.0.0.1 by default) */
  from?: string;
  headers?: Record<string, string>;
  /** sent as JSON */
  body?: object;
  /** sent as `Authorization: Bearer …` */
  token?: string;
}

/**
 * One request to a server on 127.0.0.1 from a chosen local address, on a connection of its
 * own: how tests and probes play several clients (each its own 127.x address) against limits
 * kept per client.
 */
export function requestFrom(port: number, method: string, path: string, opts: RequestFromOptions = {}): Promise<ClientAnswer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body ? JSON.stringify(opts.body) : undefined;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: ClientAnswer['body'] = {};
          try {
            body = text ? (JSON.parse(text) as ClientAnswer['body']) : {};
          } catch {
            // not JSON: the text tells
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
