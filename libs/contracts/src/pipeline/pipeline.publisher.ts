import { context, propagation } from '@opentelemetry/api';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { headers as natsHeaders, type JetStreamClient } from 'nats';
import type { Namespace } from '../streams';
import { formatValidationErrors } from '../validation';
import { PipelineJob } from './pipeline-job.contract';
import { pipelineJobSubject } from './pipeline.subjects';

export type JobCheck = { ok: true; job: PipelineJob } | { ok: false; problem: string };

/** Checks a job against the contract (unknown fields rejected). Used by producers and by the pipeline. */
export function checkPipelineJob(raw: unknown): JobCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, problem: 'the job is not an object' };
  const job = plainToInstance(PipelineJob, raw);
  const errors = validateSync(job, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) return { ok: false, problem: formatValidationErrors(errors) };
  return { ok: true, job };
}

export interface PublishedJob {
  /** the stream sequence of the job */
  seq: number;
  /** true when JetStream already held a job with this id (inside its duplicate window) and dropped this copy */
  duplicate: boolean;
}

/**
 * Publishes a job onto the PIPELINE stream, in its lane, with `Nats-Msg-Id` = job id so that
 * a producer retrying after a lost acknowledgement does not queue the work twice. Throws on a
 * job that breaks the contract, before anything is sent.
 */
export async function publishPipelineJob(
  js: JetStreamClient,
  namespace: Namespace,
  job: PipelineJob,
  opts: { requestId?: string } = {},
): Promise<PublishedJob> {
  const check = checkPipelineJob(job);
  if (!check.ok) throw new Error(`Invalid pipeline job: ${check.problem}`);
  const h = natsHeaders();
  if (opts.requestId) h.set('x-request-id', opts.requestId);
  // the job continues the trace of the work that queues it (no-op with tracing off)
  propagation.inject(context.active(), h, { set: (carrier, key, value) => carrier.set(key, value) });
  const ack = await js.publish(namespace.subject(pipelineJobSubject(job.lane, job.route)), new TextEncoder().encode(JSON.stringify(job)), {
    msgID: job.jobId,
    headers: h,
  });
  return { seq: ack.seq, duplicate: ack.duplicate };
}
