import type { ServiceName } from './wire/services';

export type Class<T> = new (...args: never[]) => T;

/**
 * One request-reply call: its subject (a public name: renaming it strands callers), the
 * service that answers it, the payload class (validated on both sides) and, as a phantom type,
 * the result. `send(def, payload)` only compiles with the right payload and gives the right
 * result type.
 */
export interface RpcDef<P, R> {
  readonly subject: string;
  readonly service: ServiceName;
  readonly payload: Class<P> | null;
  /** never set; carries the result type */
  readonly __result?: R;
}

export function defineRpc<P, R>(
  service: ServiceName,
  name: string,
  payload: Class<P> | null,
): RpcDef<P, R> {
  if (service === 'pipeline') {
    // `pipeline.>` is the PIPELINE stream's: JetStream would store the request as a job
    throw new Error('the pipeline service takes work from the PIPELINE stream, not by request-reply');
  }
  return { subject: `${service}.${name}`, service, payload };
}

export type PayloadOf<D> = D extends RpcDef<infer P, unknown> ? P : never;
export type ResultOf<D> = D extends RpcDef<unknown, infer R> ? R : never;

/**
 * A domain event published through a service's outbox onto the EVENTS stream. The subject
 * starts with `evt.` and names the owning service.
 */
export interface EventDef<P> {
  readonly subject: string;
  readonly service: ServiceName;
  readonly payload: Class<P>;
}

export function defineEvent<P>(service: ServiceName, name: string, payload: Class<P>): EventDef<P> {
  return { subject: `evt.${service}.${name}`, service, payload };
}
