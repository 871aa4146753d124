import { waitFor } from '@app/testing';
import { createPipelineTestbed, makeJob, type PipelineTestbed } from './helpers/pipeline-testbed';
import { carScene } from './helpers/test-images';

/**
 * Two lanes: a bulk re-processing backlog must not hold up the images of a live order. One
 * worker with one job at a time, a backlog of bulk jobs, then a live order arrives.
 */
describe('pipeline lanes', () => {
  let bed: PipelineTestbed;

  beforeAll(async () => {
    bed = await createPipelineTestbed('pipeline_lanes', { PIPELINE_CONCURRENCY: '1' });
    await bed.startPipeline();
  });

  afterAll(async () => {
    await bed?.close();
  });

  /** When each job finished, by the pipeline's own records. */
  async function finished(): Promise<Map<string, number>> {
    const rows = await bed.db.query<{ job_id: string; t: string }>('SELECT job_id, extract(epoch from finished_at) * 1000 AS t FROM pipeline.pipeline_job');
    return new Map(rows.map((r) => [r.job_id, Number(r.t)]));
  }

  it('serves a live order at once while a bulk backlog waits, then finishes the backlog', async () => {
    const original = await carScene({ width: 1600, height: 1200 });
    const bulk = Array.from({ length: 30 }, () => makeJob({ route: 'enhancer', lane: 'bulk', settings: { outputWidth: 960, outputHeight: 720, maxImageSize: 400_000 } }));
    await Promise.all(bulk.map((job) => bed.storage.put(job.sourceKey, original, 'image/jpeg')));
    for (const job of bulk) await bed.publish(job);
    const bulkIds = new Set(bulk.map((j) => j.jobId));
    const bulkDone = () => bed.results.processed().filter((e) => bulkIds.has(e.jobId)).length;
    await waitFor(() => bulkDone() >= 2, 'the backlog under way', 20000, 10);

    // a live order as heavy as the bulk jobs: served one at a time, it must still not alternate with bulk
    const live = Array.from({ length: 6 }, () => makeJob({ route: 'enhancer', lane: 'live', settings: { outputWidth: 960, outputHeight: 720, maxImageSize: 400_000 } }));
    await Promise.all(live.map((job) => bed.storage.put(job.sourceKey, original, 'image/jpeg')));
    const liveFrom = Date.now();
    for (const job of live) await bed.publish(job);
    await Promise.all(live.map((job) => bed.results.next(job.jobId)));

    const at = await finished();
    const liveDone = Math.max(...live.map((j) => at.get(j.jobId)!));
    const bulkTimes = bulk.map((j) => at.get(j.jobId)).filter((t): t is number => t !== undefined);
    // while the live order was served, at most the bulk job already running finished (and one
    // pulled in the instant the live jobs arrived)
    expect(bulkTimes.filter((t) => t > liveFrom && t <= liveDone).length).toBeLessThanOrEqual(2);
    // and most of the backlog was still waiting
    expect(bulk.length - bulkTimes.filter((t) => t <= liveDone).length).toBeGreaterThan(15);

    // and the backlog is not starved
    await waitFor(() => bulkDone() === bulk.length, 'the whole backlog', 60000, 50);
    expect(bed.results.results.every((r) => r.kind === 'processed')).toBe(true);
  });
});
