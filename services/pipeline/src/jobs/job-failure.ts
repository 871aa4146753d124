import type { PipelineFailureCode } from '@app/contracts';

/**
 * A job that cannot succeed however often it is tried: bad input, a missing medium, an
 * output that cannot fit. It fails at once with its reason (no retries, no dead letter);
 * anything else thrown during a job counts as transient and is retried.
 */
export class JobFailure extends Error {
  constructor(
    readonly code: PipelineFailureCode,
    /** one sentence for the QA screens */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'JobFailure';
  }
}
