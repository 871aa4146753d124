import { connect, type NatsConnection } from 'nats';

/**
 * Opens a NATS connection that keeps reconnecting while the server is away (a service must
 * survive a NATS restart) but fails fast at boot when nothing answers at all. No async
 * traces: the client would otherwise capture a stack for every request in case it times
 * out, and a timeout becomes a `ServiceUnavailableError` naming the service anyway.
 */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 5000,
    noAsyncTraces: true,
  });
}
