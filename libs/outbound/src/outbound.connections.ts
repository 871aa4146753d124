import { Agent as HttpAgent, request as httpRequest, type ClientRequestArgs, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect as netConnect, isIP, type NetConnectOpts, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { Duplex } from 'node:stream';
import { OutboundPolicy, type CheckedAddress } from './outbound.policy';

/**
 * Connections that go only where the outbound policy allows: each one resolves its host
 * once through the policy and connects to the address checked, never to a second lookup
 * (a name that answers a public address to the check and an internal one to the connection
 * gets the public one). TLS keeps the host name for SNI and the certificate check.
 */

type ConnectCallback = (err: Error | null, stream: Duplex) => void;

function guardedAgent(Base: typeof HttpAgent, secure: boolean, policy: OutboundPolicy): HttpAgent {
  class GuardedAgent extends Base {
    override createConnection(options: ClientRequestArgs, callback?: ConnectCallback): Duplex | null | undefined {
      const host = String(options.hostname ?? options.host ?? 'localhost');
      policy.resolve(host).then(
        (checked) => {
          const socket = connectTo(checked, Number(options.port) || (secure ? 443 : 80), secure ? (options as ConnectionOptions) : undefined, options);
          callback?.(null, socket);
        },
        (err: Error) => callback?.(err, undefined as unknown as Duplex),
      );
      return undefined;
    }
  }
  return new GuardedAgent({ keepAlive: false });
}

/**
 * A socket to a checked address: plain, or TLS with `tls` options (the server name is the
 * host's name, none for an address).
 */
export function connectTo(checked: CheckedAddress, port: number, tls?: ConnectionOptions, extra: object = {}): Socket {
  const base = { ...extra, host: checked.address, port, family: checked.family, lookup: undefined, path: undefined };
  if (!tls) return netConnect(base as NetConnectOpts);
  const servername = tls.servername || (isIP(checked.host) ? undefined : checked.host);
  // without a server name the certificate is checked against `host`: the address, which is then what was asked for
  return tlsConnect({ ...base, ...tls, host: checked.address, port, servername });
}

/** What a fetch answers: the subset of WHATWG fetch the deliverers use. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The HTTP(S) side of the policy: agents for clients that take one (S3, Azure) and a fetch
 * that never follows a redirect (a 3xx is answered as it is).
 */
export class OutboundHttp {
  readonly httpAgent: HttpAgent;
  readonly httpsAgent: HttpsAgent;

  constructor(readonly policy: OutboundPolicy) {
    this.httpAgent = guardedAgent(HttpAgent, false, policy);
    this.httpsAgent = guardedAgent(HttpsAgent as unknown as typeof HttpAgent, true, policy) as HttpsAgent;
  }

  /** The agent for a URL's scheme. */
  agentFor(url: string): HttpAgent {
    return new URL(url).protocol === 'https:' ? this.httpsAgent : this.httpAgent;
  }

  /** fetch through the guarded agents; `redirect` is always manual, the body a string or bytes. */
  readonly fetch: FetchLike = (url, init) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(new TypeError(`${target.protocol} URLs are not fetched`));
    const signal = init.signal ?? undefined;
    const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : Buffer.from(init.body as ArrayBuffer);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { method: init.method ?? 'GET', headers, agent: target.protocol === 'https:' ? this.httpsAgent : this.httpAgent });
      // the signal's reason (a TimeoutError for AbortSignal.timeout), as fetch rejects with it
      const onAbort = () => req.destroy(typeof signal?.reason === 'object' && signal.reason !== null ? (signal.reason as Error) : new Error('The operation was aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err) => {
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      });
      req.on('response', (res: IncomingMessage) => {
        res.on('close', () => signal?.removeEventListener('abort', onAbort));
        const answerHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          try {
            answerHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          } catch {
            // a header a fetch would not take either
          }
        }
        const status = res.statusCode ?? 0;
        const stream = NO_BODY.has(status) || req.method === 'HEAD' ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (!stream) res.resume();
        resolve(new Response(stream, { status: status < 200 || status > 599 ? 599 : status, statusText: res.statusMessage ?? '', headers: answerHeaders }));
      });
      req.end(body);
    });
  };
}
