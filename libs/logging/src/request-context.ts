import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
  subject?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id that every log line written inside it carries. */
export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * The request id of the work under way (an RPC, a consumed message), or a new one for work
 * that starts on its own (a sweeper): what a service passes to `systemActor` when it calls
 * another service on its own behalf, so the call joins the same logs and trace.
 */
export function currentRequestId(): string {
  return currentRequestContext()?.requestId ?? randomUUID();
}
