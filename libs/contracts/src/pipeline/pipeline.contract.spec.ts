import { ROUTES } from '../wire/routes';
import {
  PipelineJob,
  PipelineEvents,
  pipelineJobSubject,
  pipelineLaneFilter,
  pipelineOutputKeys,
  PIPELINE_DURABLES,
  publishPipelineJob,
} from './index';
import { checkPayload } from '../validation';
import { Namespace, STREAMS } from '../streams';
import type { JetStreamClient } from 'nats';

const job = (): PipelineJob => ({
  jobId: '3b0e4a4e-8f55-4d0e-9a55-2f3f7f1f0c11',
  imageId: 'img-1',
  orderId: 'ord-1',
  lane: 'live',
  route: 'full',
  category: 'exterior',
  sourceKey: 'orders/ord-1/images/img-1/original.jpg',
  outputKeys: pipelineOutputKeys('ord-1', 'img-1'),
  settings: {
    position: 0,
    outputWidth: 1920,
    outputHeight: 1440,
    maxImageSize: 800_000,
    margins: { top: 10, right: 5, bottom: 4, left: 5 },
    horizonLineHeight: 50,
    interiorColor: '#FFFFFF',
    withLogo: true,
    media: { logo: 'media/logo/abc.png', background: 'media/background/def.jpg' },
  },
  desaturateYellowLight: false,
  requestedAt: '2026-01-01T10:00:00.000Z',
});

describe('pipeline contract', () => {
  it('puts jobs under the PIPELINE stream, one subject per lane and route, with non-overlapping lane filters', () => {
    const pipelineSpace = STREAMS.PIPELINE.subjects[0].replace('>', '');
    for (const r of ROUTES) {
      expect(pipelineJobSubject('live', r).startsWith(pipelineSpace)).toBe(true);
      expect(pipelineJobSubject('bulk', r)).toBe(`pipeline.bulk.${r}`);
    }
    expect(pipelineLaneFilter('live')).toBe('pipeline.live.>');
    expect(pipelineLaneFilter('bulk')).toBe('pipeline.bulk.>');
    expect(PIPELINE_DURABLES).toEqual({ live: 'pipeline-live', bulk: 'pipeline-bulk' });
    expect(PipelineEvents.imageProcessed.subject).toBe('evt.pipeline.image-processed');
    expect(PipelineEvents.imageFailed.subject).toBe('evt.pipeline.image-failed');
  });

  it('accepts a complete job and names every wrong or unknown field (the shared checkPayload)', async () => {
    const check = (raw: unknown) => checkPayload(PipelineJob, raw, { unknownFields: 'refuse' });
    expect((await check(job())).problem).toBeUndefined();
    const bad = { ...job(), route: 'AI', settings: { ...job().settings, margins: { top: 60, right: 5, bottom: 4, left: 5 } }, extra: 1 };
    const problem = (await check(bad)).problem;
    expect(problem).toContain('route must be one of the following values');
    expect(problem).toContain('settings.margins.top must not be greater than 45');
    expect(problem).toContain('property extra should not exist');
    expect((await check({ ...job(), settings: { ...job().settings, media: { logo: '../../etc/passwd' } } })).problem).toBeDefined();
    expect(await check('nope')).toEqual({ problem: 'Malformed message: data must be an object' });
  });

  it("takes the guide's windows setting, and a job without it (published before the setting existed)", async () => {
    const check = (raw: unknown) => checkPayload(PipelineJob, raw, { unknownFields: 'refuse' });
    for (const windows of ['opaque', 'see-through']) expect((await check({ ...job(), settings: { ...job().settings, windows } })).problem).toBeUndefined();
    expect('windows' in job().settings).toBe(false);
    expect((await check(job())).problem).toBeUndefined();
    expect((await check({ ...job(), settings: { ...job().settings, windows: 'transparent' } })).problem).toContain(
      'settings.windows must be one of the following values: opaque, see-through',
    );
  });

  it("takes the guide's number plate setting and plate medium, and a job without them (published before the setting existed)", async () => {
    const check = (raw: unknown) => checkPayload(PipelineJob, raw, { unknownFields: 'refuse' });
    const withPlates = (numberPlates: unknown, media: object = {}) => ({
      ...job(),
      settings: { ...job().settings, numberPlates, media: { ...job().settings.media, ...media } },
    });
    for (const mode of ['off', 'blur', 'colour', 'logo']) expect((await check(withPlates({ mode, colour: '#1A2B3C' }))).problem).toBeUndefined();
    expect((await check(withPlates({ mode: 'logo', colour: '#FFFFFF' }, { numberplate: 'media/numberplate/abc.png' }))).problem).toBeUndefined();
    expect('numberPlates' in job().settings).toBe(false);
    expect((await check(withPlates({ mode: 'hide', colour: '#FFFFFF' }))).problem).toContain(
      'settings.numberPlates.mode must be one of the following values: off, blur, colour, logo',
    );
    expect((await check(withPlates({ mode: 'colour', colour: 'white' }))).problem).toContain('settings.numberPlates.colour');
    expect((await check(withPlates({ mode: 'colour' }))).problem).toContain('settings.numberPlates.colour');
    expect((await check(withPlates({ mode: 'logo', colour: '#FFFFFF' }, { numberplate: '../plate.png' }))).problem).toContain('settings.media.numberplate');
  });

  it("takes QA's plates in a repush (four corners in the picture, at most four plates) and the masked plates in a result", async () => {
    const check = (raw: unknown) => checkPayload(PipelineJob, raw, { unknownFields: 'refuse' });
    const plate = (x = 0.2) => ({ corners: [{ x, y: 0.6 }, { x: 0.4, y: 0.6 }, { x: 0.4, y: 0.66 }, { x, y: 0.66 }] });
    const repush = (plates: unknown) => ({ ...job(), repush: { crop: 'auto', forceLogo: 'auto', rotationFix: 'auto', yellowFix: 'auto', forceBackgroundRemoval: 'auto', numberPlates: 'enabled', plates } });
    expect((await check(repush([plate()]))).problem).toBeUndefined();
    expect((await check(repush([]))).problem).toBeUndefined();
    expect((await check(repush([plate(), plate(), plate(), plate(), plate()]))).problem).toContain('repush.plates must contain no more than 4 elements');
    expect((await check(repush([plate(1.5)]))).problem).toContain('repush.plates.0.corners.0.x must not be greater than 1');
    expect((await check(repush([{ corners: plate().corners.slice(0, 3) }]))).problem).toContain('repush.plates.0.corners must contain at least 4 elements');
    const processed = PipelineEvents.imageProcessed.payload;
    const result = {
      jobId: job().jobId, imageId: 'img-1', orderId: 'ord-1', route: 'full', lane: 'live', keys: pipelineOutputKeys('ord-1', 'img-1'),
      width: 10, height: 10, fileSize: 1, quality: 90, thumbWidth: 1, thumbHeight: 1, attempt: 1, durationMs: 1, worker: 'w', processedAt: '2026-01-01T10:00:00.000Z',
    };
    expect((await checkPayload(processed, { ...result, plates: [plate()] }, { unknownFields: 'refuse' })).problem).toBeUndefined();
    expect((await checkPayload(processed, result, { unknownFields: 'refuse' })).problem).toBeUndefined();
    expect((await checkPayload(processed, { ...result, plates: [plate(-0.1)] }, { unknownFields: 'refuse' })).problem).toContain('plates.0.corners.0.x must not be less than 0');
  });

  it('publishes with the job id as Nats-Msg-Id, and refuses an invalid job before sending', async () => {
    const sent: Array<{ subject: string; msgID?: string; body: unknown }> = [];
    const js = {
      publish: async (subject: string, data: Uint8Array, opts: { msgID?: string }) => {
        sent.push({ subject, msgID: opts.msgID, body: JSON.parse(new TextDecoder().decode(data)) });
        return { seq: sent.length, duplicate: false, stream: 'x' };
      },
    } as unknown as JetStreamClient;
    const ns = new Namespace('t1');
    await publishPipelineJob(js, ns, job());
    expect(sent).toEqual([{ subject: 't1.pipeline.live.full', msgID: job().jobId, body: job() }]);
    await expect(publishPipelineJob(js, ns, { ...job(), lane: 'fast' as never })).rejects.toThrow('Invalid pipeline job: lane must be one of');
    expect(sent).toHaveLength(1);
  });
});
