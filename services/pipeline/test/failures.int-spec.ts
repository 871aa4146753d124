import { randomUUID } from 'node:crypto';
import { PIPELINE_DURABLES, pipelineJobSubject, STREAMS, type PipelineFailureCode, type PipelineJob } from '@app/contracts';
import { DurableSubscription } from '@app/messaging';
import { createLogger } from '@app/logging';
import { testInfra, waitFor } from '@app/testing';
import { nanos } from 'nats';
import { createPipelineTestbed, makeJob, type JobSpec, type PipelineTestbed } from './helpers/pipeline-testbed';
import { startSegmentationServer, type SegmentationServer } from './helpers/segmentation-server';
import { bombPng, carScene, solidPng } from './helpers/test-images';

/**
 * What goes wrong: bad input fails cleanly with a reason and the worker goes on; a job that
 * keeps failing is retried a bounded number of times, then parked in the dead-letter stream
 * and published as failed; a job whose worker dies on every attempt is parked too; nothing
 * is processed twice.
 */
const MAX_ATTEMPTS = 3;

describe('pipeline failures', () => {
  let bed: PipelineTestbed;
  let seg: SegmentationServer;

  beforeAll(async () => {
    seg = await startSegmentationServer();
    bed = await createPipelineTestbed('pipeline_failures', {
      PIPELINE_SEGMENTER: 'http',
      PIPELINE_SEGMENTER_URL: seg.url,
      PIPELINE_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      PIPELINE_MAX_INPUT_PIXELS: '2000000',
    });
    await bed.startPipeline();
  });

  afterAll(async () => {
    await bed?.close();
    await seg?.close();
  });

  const dlq = () => bed.ns.namespace.stream(STREAMS.DEADLETTER.name);

  async function failWith(spec: JobSpec, original: Buffer | null): Promise<{ job: PipelineJob; code: PipelineFailureCode; reason: string; attempts: number; deadLettered: boolean }> {
    const job = makeJob(spec);
    await bed.submit(job, original);
    const result = await bed.results.next(job.jobId);
    if (result.kind !== 'failed') throw new Error(`job ${job.jobId} was processed, expected a failure`);
    return { job, ...result.event };
  }

  it('fails bad input at once with a reason the QA screens can show, and keeps working', async () => {
    const scene = await carScene();
    const background = `media/background/${randomUUID()}.png`;
    await bed.storage.put(background, await solidPng(64, 48, '#2050c0'), 'image/png');
    const cases: Array<{ name: string; spec: JobSpec; original: Buffer | null; code: PipelineFailureCode; reason: RegExp }> = [
      { name: 'corrupt', spec: { route: 'bypass' }, original: scene.subarray(0, Math.floor(scene.length * 0.6)), code: 'corrupt-image', reason: /damaged or incomplete/ },
      { name: 'not an image', spec: { route: 'bypass' }, original: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), code: 'not-an-image', reason: /not an image/ },
      { name: 'bomb', spec: { route: 'bypass', sourceExt: 'png' }, original: bombPng(), code: 'too-many-pixels', reason: /20000 x 20000 pixels \(400\.0 megapixels\); at most 2\.0/ },
      { name: 'too many pixels', spec: { route: 'bypass' }, original: await carScene({ width: 2000, height: 1500 }), code: 'too-many-pixels', reason: /3\.0 megapixels/ },
      { name: 'empty', spec: { route: 'bypass' }, original: Buffer.alloc(0), code: 'source-empty', reason: /empty \(0 bytes\)/ },
      { name: 'missing original', spec: { route: 'bypass' }, original: null, code: 'source-missing', reason: /not in storage/ },
      {
        name: 'missing medium',
        spec: { route: 'full', settings: { media: { background: `media/background/${randomUUID()}.png` } } },
        original: scene,
        code: 'medium-missing',
        reason: /background \(media\/background\/.+\.png\) is missing from storage/,
      },
      { name: 'no background configured', spec: { route: 'full' }, original: scene, code: 'medium-missing', reason: /no background image/ },
      { name: 'no featured image', spec: { route: 'FEATURED' }, original: scene, code: 'medium-missing', reason: /no featured image/ },
      { name: 'no logo for logo_only', spec: { route: 'logo_only' }, original: scene, code: 'medium-missing', reason: /no logo/ },
      {
        name: 'no car',
        spec: { route: 'full', settings: { media: { background } } },
        original: await solidPng(640, 480, '#808080'),
        code: 'car-not-found',
        reason: /No car could be told apart/,
      },
      {
        name: 'cannot fit',
        spec: { route: 'bypass', settings: { outputWidth: 1600, outputHeight: 1200, maxImageSize: 10_000 } },
        original: await carScene({ width: 1600, height: 1200, noise: 40, texture: true }),
        code: 'output-too-large',
        reason: /lowest quality.*allows 10000 bytes/,
      },
    ];
    const outcomes = await Promise.all(cases.map((c) => failWith(c.spec, c.original)));
    cases.forEach((c, i) => {
      expect({ name: c.name, code: outcomes[i].code }).toEqual({ name: c.name, code: c.code });
      expect(outcomes[i].reason).toMatch(c.reason);
      expect(outcomes[i]).toMatchObject({ attempts: 1, deadLettered: false });
    });
    for (const o of outcomes) expect(await bed.storage.head(o.job.outputKeys.optimized)).toBeNull();

    // the worker is still there and still right
    const good = makeJob({ route: 'bypass' });
    await bed.submit(good, scene);
    expect((await bed.results.next(good.jobId)).kind).toBe('processed');
    for (const o of outcomes) expect(bed.results.of(o.job.jobId)).toHaveLength(1);
  });

  it('parks a message that breaks the job contract and reports the image when it can', async () => {
    const job = makeJob({ route: 'bypass' });
    const broken = { ...job, settings: { ...job.settings, outputWidth: 5 } };
    await bed.js.publish(bed.ns.namespace.subject(pipelineJobSubject('live', 'bypass')), new TextEncoder().encode(JSON.stringify(broken)), {
      msgID: job.jobId,
    });
    const result = await bed.results.next(job.jobId);
    expect(result.kind).toBe('failed');
    expect(result.event).toMatchObject({ code: 'invalid-job', deadLettered: true });
    if (result.kind === 'failed') expect(result.event.reason).toMatch(/outputWidth must not be less than 16/);

    const elsewhere = makeJob({ route: 'bypass' });
    const hijack = { ...elsewhere, outputKeys: { optimized: 'orders/other/images/other/optimized.jpg', thumb: elsewhere.outputKeys.thumb } };
    await bed.js.publish(bed.ns.namespace.subject(pipelineJobSubject('live', 'bypass')), new TextEncoder().encode(JSON.stringify(hijack)));
    const refused = await bed.results.next(elsewhere.jobId);
    expect(refused.event).toMatchObject({ code: 'invalid-job' });
    expect(await bed.storage.head('orders/other/images/other/optimized.jpg')).toBeNull();
  });

  it('retries a failing job a bounded number of times, then parks it in the dead-letter stream and publishes it as failed', async () => {
    const before = seg.requests;
    const parkedBefore = (await bed.jsm.streams.info(dlq())).state.messages;
    seg.mode = 'fail';
    try {
      const failed = await failWith({ route: 'full' }, await carScene());
      expect(failed).toMatchObject({ code: 'processing-error', attempts: MAX_ATTEMPTS, deadLettered: true });
      expect(failed.reason).toMatch(/failed 3 times.*segmentation service answered HTTP 500/);
      expect(seg.requests - before).toBe(MAX_ATTEMPTS);

      await waitFor(async () => (await bed.jsm.streams.info(dlq())).state.messages === parkedBefore + 1, 'the dead-letter copy');
      const parked = await bed.jsm.streams.getMessage(dlq(), { last_by_subj: bed.ns.namespace.subject(`dlq.${PIPELINE_DURABLES.live}`) });
      expect(parked.header.get('x-dlq-reason')).toMatch(/HTTP 500/);
      expect(parked.header.get('x-dlq-deliveries')).toBe(String(MAX_ATTEMPTS));
      expect(parked.json<PipelineJob>().jobId).toBe(failed.job.jobId);
    } finally {
      seg.mode = 'ok';
    }
    // the service recovered and the next job goes through
    const next = makeJob({ route: 'full', settings: { media: {} }, repush: { crop: 'auto', forceLogo: 'auto', rotationFix: 'auto', yellowFix: 'auto', forceBackgroundRemoval: 'auto', backgroundColor: '#ffffff' } });
    await bed.submit(next, await carScene());
    expect((await bed.results.next(next.jobId)).kind).toBe('processed');
  });

  it('parks a job whose worker died on every attempt, with that reason', async () => {
    await bed.stopPipeline();
    const job = makeJob({ route: 'bypass' });
    await bed.submit(job, await carScene());
    // a worker that takes the job and dies, MAX_ATTEMPTS times (nak = the delivery is spent at once)
    const lane = new DurableSubscription({
      nc: bed.nc,
      namespace: bed.ns.namespace,
      logger: createLogger('test', testInfra.logLevel),
      stream: 'PIPELINE',
      durable: PIPELINE_DURABLES.live,
      filterSubject: 'pipeline.live.>',
      maxDeliver: MAX_ATTEMPTS + 1,
      ackWaitMs: 5000,
    });
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const m = await lane.pull(2000);
      expect(m?.info.redeliveryCount).toBe(i);
      m!.nak();
    }
    await bed.startPipeline();
    const result = await bed.results.next(job.jobId);
    expect(result.event).toMatchObject({ code: 'processing-error', deadLettered: true, attempts: MAX_ATTEMPTS + 1 });
    if (result.kind === 'failed') expect(result.event.reason).toMatch(/stopped while processing this image on each of its 3 attempts/);
  });

  it('runs a job once even when it arrives again after the duplicate window', async () => {
    const job = makeJob({ route: 'bypass' });
    await bed.submit(job, await carScene());
    await bed.results.next(job.jobId);
    const stream = bed.ns.namespace.stream(STREAMS.PIPELINE.name);
    const info = await bed.jsm.streams.info(stream);
    await bed.jsm.streams.update(stream, { ...info.config, duplicate_window: nanos(100) });
    try {
      await new Promise((r) => setTimeout(r, 300));
      const again = await bed.publish(job);
      expect(again.duplicate).toBe(false);
      const consumer = bed.ns.namespace.durable(PIPELINE_DURABLES.live);
      await waitFor(async () => {
        const c = await bed.jsm.consumers.info(stream, consumer);
        return c.delivered.stream_seq >= again.seq && c.num_ack_pending === 0 && c.num_pending === 0;
      }, 'the copy delivered and acknowledged');
      await new Promise((r) => setTimeout(r, 300));
      expect(bed.results.of(job.jobId)).toHaveLength(1);
    } finally {
      await bed.jsm.streams.update(stream, { ...info.config });
    }
  });

  it('does not let an older job overwrite the outputs of a newer one for the same image', async () => {
    const orderId = randomUUID();
    const imageId = randomUUID();
    const now = Date.now();
    const newer = makeJob({ route: 'bypass', orderId, imageId, requestedAt: new Date(now).toISOString() });
    const older = makeJob({ route: 'enhancer', orderId, imageId, requestedAt: new Date(now - 60_000).toISOString() });
    await bed.submit(newer, await carScene());
    const done = await bed.results.next(newer.jobId);
    expect(done.kind).toBe('processed');
    await bed.publish(older);
    const status = await waitFor(async () => {
      const rows = await bed.db.query<{ status: string; reason: string }>('SELECT status, reason FROM pipeline.pipeline_job WHERE job_id = $1', [older.jobId]);
      return rows[0];
    }, 'the older job settled');
    expect(status.status).toBe('superseded');
    expect(bed.results.of(older.jobId)).toHaveLength(0);
    const kept = await bed.storage.head(newer.outputKeys.optimized);
    if (done.kind !== 'processed') throw new Error('the newer job failed');
    expect(kept?.size).toBe(done.event.fileSize);
  });
});
