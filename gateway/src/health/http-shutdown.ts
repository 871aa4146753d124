import type { Server } from 'node:http';

/**
 * Stops accepting connections and lets the requests in flight finish, for at most `graceMs`;
 * resolves with whether every connection ended by itself. Idle keep-alive connections are
 * closed as they become idle (a client's next request on one would otherwise be cut).
 */
export async function closeHttpServer(server: Server, graceMs: number): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    }),
  ]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!inTime) {
    server.closeAllConnections();
    await closed;
  }
  return inTime;
}
