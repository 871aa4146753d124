import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** A request to S3 whose connection carries no byte either way this long fails (a stalled server or network). */
export const S3_STALL_TIMEOUT_MS = 120_000;
/**
 * How long an idle connection is kept for the next request: under the 5 s that servers such as
 * Node's close theirs after, so a request never goes out on a connection the server is closing.
 */
export const S3_IDLE_KEEP_MS = 4_000;

/** S3 sent nothing and took nothing on a connection in use for `stallMs`. */
export class StorageStalledError extends Error {
  readonly code = 'S3_STALLED';
  constructor(readonly stallMs: number) {
    super(`The storage sent nothing for ${Math.round(stallMs / 1000)} s; the request was given up`);
    this.name = 'StorageStalledError';
  }
}

type AgentClass = typeof HttpAgent;

function stallAware(Base: AgentClass, stallMs: number, idleMs: number): AgentClass {
  const free = new WeakSet<Socket>();
  return class StallAwareAgent extends Base {
    override createConnection(options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
      const socket = super.createConnection(options, callback) as Socket | null | undefined;
      if (!socket) return socket;
      socket.setTimeout(stallMs);
      socket.on('timeout', () => {
        // an idle kept connection just closes; one in use fails its request with a clear error
        if (free.has(socket)) socket.destroy();
        else socket.destroy(new StorageStalledError(stallMs));
      });
      return socket;
    }

    // Node reads the answer (false: close the socket) though its typings say void
    override keepSocketAlive(socket: Socket): void {
      const kept = (super.keepSocketAlive(socket) as unknown as boolean) !== false;
      if (kept) {
        free.add(socket);
        socket.setTimeout(idleMs);
      }
      return kept as unknown as void;
    }

    override reuseSocket(socket: Socket, request: Parameters<HttpAgent['reuseSocket']>[1]): void {
      free.delete(socket);
      socket.setTimeout(stallMs);
      super.reuseSocket(socket, request);
    }
  } as AgentClass;
}

/**
 * The connections of one S3 client: kept alive between requests, and a request whose connection
 * stalls fails after `stallMs` instead of waiting forever (Node's default agent never gives up
 * on a request in flight, and the S3 client sets no timeout): a zip being built or a picture
 * being read ends with an error the job can report.
 */
export function s3Agent(useSSL: boolean, stallMs = S3_STALL_TIMEOUT_MS, idleMs = S3_IDLE_KEEP_MS): HttpAgent {
  const Agent = stallAware(useSSL ? (HttpsAgent as unknown as AgentClass) : HttpAgent, stallMs, idleMs);
  return new Agent({ keepAlive: true, scheduling: 'lifo' });
}
