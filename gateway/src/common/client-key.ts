import type { Request } from 'express';

/**
 * Who the client is, for throttling repeated failures per client: its address, as the
 * connection's peer or, behind a proxy named in `TRUSTED_PROXIES`, as that proxy says.
 */
export const clientKey = (req: Request): string => (req.ip ?? req.socket.remoteAddress ?? 'unknown').slice(0, 100);
