import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';

/** The database answers a `SELECT 1` (the readiness timeout cuts a pool that is stuck or a server that does not answer). */
export function databaseCheck(dataSource: DataSource): () => Promise<void> {
  return async () => {
    if (!dataSource.isInitialized) throw new Error('the database connection is closed');
    await dataSource.query('SELECT 1');
  };
}

/** NATS is connected: a round trip to the server (a flush) comes back. While it reconnects the flush waits and the timeout says so. */
export function natsCheck(nc: NatsConnection): () => Promise<void> {
  return async () => {
    if (nc.isClosed()) throw new Error('the NATS connection is closed');
    if (nc.isDraining()) throw new Error('the NATS connection is draining');
    await nc.flush();
  };
}

/** Every durable consumer of the service is bound (created on the server, this instance taking its messages). */
export function consumersCheck(unbound: () => string[]): () => void {
  return () => {
    const names = unbound();
    if (names.length) throw new Error(`not bound: ${names.join(', ')}`);
  };
}
