import { randomUUID } from 'node:crypto';
import type { EventDef } from '@app/contracts';
import { currentRequestContext } from '@app/logging';
import type { EntityManager } from 'typeorm';
import { OutboxMessage } from './outbox-message.entity';

/** LISTEN/NOTIFY channel that wakes a service's relay when an event is committed. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

/**
 * Writes events into the outbox inside the caller's transaction: the event exists if and
 * only if the change committed. A NOTIFY (delivered at commit) wakes the relay at once.
 */
export class Outbox {
  constructor(private readonly schema: string) {}

  async add<P>(manager: EntityManager, event: EventDef<P>, payload: P): Promise<string> {
    const id = randomUUID();
    const headers: Record<string, string> = { 'occurred-at': new Date().toISOString() };
    const requestId = currentRequestContext()?.requestId;
    if (requestId) headers['x-request-id'] = requestId;
    await manager.insert(OutboxMessage, {
      id,
      subject: event.subject,
      payload: payload as unknown as object,
      headers,
      sentAt: null,
    });
    await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(this.schema), id]);
    return id;
  }
}
