import { randomUUID } from 'node:crypto';
import { anonymousActor, SEGMENTER_HEALTH, type SegmenterHealth } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { waitFor } from '@app/testing';
import { createPipelineTestbed, type PipelineTestbed } from './helpers/pipeline-testbed';
import { SEGMENTATION_SERVER_MODEL, startSegmentationServer, type SegmentationServer } from './helpers/segmentation-server';

/**
 * `health.pipeline.segmenter` over NATS, as the gateway's health route asks it: the pipeline
 * configured for an `http` segmenter (a stand-in for the segmenter service) says whether the
 * network is there, with the model it names or why it is not.
 */
describe('the segmentation network on the pipeline\'s health subject', () => {
  let bed: PipelineTestbed;
  let seg: SegmentationServer;
  let rpc: RpcClient;

  const ask = (): Promise<SegmenterHealth> => rpc.send(SEGMENTER_HEALTH, {}, anonymousActor(randomUUID()));
  /** the answer once it matches (answers are kept about 2 s, so a change shows within that) */
  const answerWhen = (what: string, ok: (h: SegmenterHealth) => boolean): Promise<SegmenterHealth> =>
    waitFor(async () => {
      const h = await ask();
      return ok(h) && h;
    }, what, 10_000, 200);

  beforeAll(async () => {
    seg = await startSegmentationServer();
    bed = await createPipelineTestbed('pipeline_segmenter_health', { PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: seg.url });
    await bed.startPipeline();
    rpc = new RpcClient(bed.nc, bed.ns.namespace, 5000);
  });

  afterAll(async () => {
    await bed?.close();
    await seg?.close();
  });

  it('is up with the model the segmenter names when its /health/ready answers 200', async () => {
    expect(await ask()).toEqual({ kind: 'http', status: 'up', model: SEGMENTATION_SERVER_MODEL });
    // a busy status page: the answer is kept, the segmenter is not asked every time
    const probes = seg.probes;
    await Promise.all(Array.from({ length: 5 }, ask));
    expect(seg.probes - probes).toBeLessThanOrEqual(1);
    // only the readiness route was asked: no picture was sent to see whether it is there
    expect(seg.requests).toBe(0);
  });

  it('is down with the HTTP status and why when the segmenter answers 503', async () => {
    seg.ready = false;
    expect(await answerWhen('the segmenter down', (h) => h.status === 'down')).toEqual({
      kind: 'http',
      status: 'down',
      model: SEGMENTATION_SERVER_MODEL,
      reason: 'The segmenter answered HTTP 503: the model is loading.',
    });
    seg.ready = true;
    expect(await answerWhen('the segmenter up again', (h) => h.status === 'up')).toMatchObject({ status: 'up' });
  });

  it('is down with the connection error when the segmenter is stopped', async () => {
    await seg.close();
    expect(await answerWhen('the segmenter gone', (h) => h.status === 'down')).toEqual({
      kind: 'http',
      status: 'down',
      reason: 'The segmenter could not be reached (ECONNREFUSED).',
    });
  });
});
