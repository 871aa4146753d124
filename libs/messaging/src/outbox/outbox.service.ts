import { randomUUID } from 'node:crypto';
import { checkPayload, pipelineJobSubject, PipelineJob, type EventDef } from '@app/contracts';
import { currentRequestContext } from '@app/logging';
import { traceHeaders } from '@app/ops';
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

  /**
   * `id` (a uuid) becomes the message's `Nats-Msg-Id`; give it when the event stands for a row
   * of its own (a timeline line, a session) so a later export of that row can name the same
   * message. A random one otherwise.
   */
  async add<P>(manager: EntityManager, event: EventDef<P>, payload: P, id: string = randomUUID()): Promise<string> {
    return this.insert(manager, id, event.subject, payload);
  }

  /**
   * Queues a pipeline job in the caller's transaction: the relay publishes it onto the
   * PIPELINE stream, in its lane, with `Nats-Msg-Id` = job id (a republish is dropped by
   * JetStream, and the pipeline records finished job ids). Throws on a job that breaks the
   * contract, before anything is written.
   */
  async addPipelineJob(manager: EntityManager, job: PipelineJob): Promise<string> {
    const check = await checkPayload(PipelineJob, job, { unknownFields: 'refuse' });
    if (check.problem !== undefined) throw new Error(`Invalid pipeline job: ${check.problem}`);
    return this.insert(manager, job.jobId, pipelineJobSubject(job.lane, job.route), job);
  }

  private async insert(manager: EntityManager, id: string, subject: string, payload: unknown): Promise<string> {
    // the trace of the work that wrote the event (traceparent, tracestate) is kept with the
    // row, and the relay publishes it with the message: the consumers continue that trace
    const headers: Record<string, string> = { 'occurred-at': new Date().toISOString(), ...traceHeaders() };
    const requestId = currentRequestContext()?.requestId;
    if (requestId) headers['x-request-id'] = requestId;
    await manager.insert(OutboxMessage, {
      id,
      subject,
      payload: payload as object,
      headers,
      sentAt: null,
    });
    await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(this.schema), id]);
    return id;
  }
}
