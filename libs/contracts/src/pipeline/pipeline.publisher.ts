import { context, propagation } from '@opentelemetry/api';
import { headers as natsHeaders, type JetStreamClient } from 'nats';
import type { Namespace } from '../streams';
import { checkPayload } from '../validation';
import { PipelineJob } from './pipeline-job.contract';
import { pipelineJobSubject } from './pipeline.subjects';

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
  const check = await checkPayload(PipelineJob, job, { unknownFields: 'refuse' });
  if (check.problem !== undefined) throw new Error(`Invalid pipeline job: ${check.problem}`);
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
