import type { Route } from '../wire/routes';

/**
 * The two lanes of the PIPELINE work queue. `live` carries the images of orders being
 * uploaded now; `bulk` carries re-processing of many images at once (a style guide changed,
 * an operator re-ran an order list). A bulk backlog never delays live work: workers take bulk
 * jobs only when the live lane has nothing waiting (docs/pipeline.md, "Lanes").
 */
export const PIPELINE_LANES = ['live', 'bulk'] as const;
export type PipelineLane = (typeof PIPELINE_LANES)[number];

/**
 * Subject of one job: `pipeline.<lane>.<route>`, inside the PIPELINE stream (`pipeline.>`).
 * Subjects are a public API: renaming one strands jobs in flight.
 */
export function pipelineJobSubject(lane: PipelineLane, route: Route): string {
  return `pipeline.${lane}.${route}`;
}

/** The subject filter of one lane's consumer. The two filters never overlap (work queue rule). */
export function pipelineLaneFilter(lane: PipelineLane): string {
  return `pipeline.${lane}.>`;
}

/**
 * Durable consumer names of the lanes, shared by every pipeline replica (the replicas pull
 * from the same consumer, so each job goes to one of them). Also public: renaming one leaves
 * its pending jobs behind in the old consumer.
 */
export const PIPELINE_DURABLES: Record<PipelineLane, string> = {
  live: 'pipeline-live',
  bulk: 'pipeline-bulk',
};
