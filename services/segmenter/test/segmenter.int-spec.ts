/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import { ConfigError, loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { testInfra, waitFor } from '@app/testing';
import { request, type ClientRequest } from 'node:http';
import sharp from 'sharp';
import { iou, knownMask, renderScene, segmentationScenes } from '../../pipeline/test/helpers/quality-scenes';
import { startSegmenter, type RunningSegmenter } from '../src/segmenter';
import { SegmenterConfig } from '../src/segmenter.config';

/**
 * The segmenter service with the real IS-Net model (fetched by make install): what the
 * pipeline's http segmenter and an operator's probes see of it.
 */
const configOf = (env: Record<string, string> = {}) => loadConfig(SegmenterConfig, { SEGMENTER_PORT: '0', SEGMENTER_HOST: '127.0.0.1', ...env });
const logger = createLogger('segmenter', testInfra.logLevel);

async function png(scene: ReturnType<typeof segmentationScenes>[number], w = 1024, h = 768): Promise<Buffer> {
  const r = await renderScene(scene, w, h);
  return sharp(r.data, { raw: { width: w, height: h, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

const post = (url: string, body: Buffer, type = 'image/png') => fetch(url, { method: 'POST', body: new Uint8Array(body), headers: { 'content-type': type } });

async function maskOf(res: Response, w: number, h: number) {
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([w, h, 1]);
  return { data, width: w, height: h, channels: 1 as const };
}

/** A picture POSTed slowly: its first 100 bytes now, the rest on `finish()`; `status` is the answer's. */
function slowPost(url: string, body: Buffer): { finish(): void; status: Promise<number> } {
  let req!: ClientRequest;
  const status = new Promise<number>((resolve, reject) => {
    req = request(url, { method: 'POST', headers: { 'content-type': 'image/png', 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 100));
  return { finish: () => req.end(body.subarray(100)), status };
}

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('segmenter service', () => {
  let seg: RunningSegmenter;
  let base: string;

  beforeAll(async () => {
    seg = await startSegmenter(configOf({ SEGMENTER_QUEUE: '0' }), logger);
    base = seg.url.replace(/\/segment$/, '');
  });

  afterAll(async () => {
    await seg?.close();
  });

  it('answers live at once and ready only once the model is loaded and warmed up', async () => {
    const early = await fetch(`${base}/health/ready`);
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    if (early.status === 503) {
      expect(await early.json()).toMatchObject({ status: 'not ready', checks: { model: 'the model is loading' } });
      // a picture sent while the model loads is answered 503 (the pipeline retries), not an error
      const loading = await post(seg.url, await png(segmentationScenes(320, 240)[0], 320, 240));
      if (!(await fetch(`${base}/health/ready`)).ok) {
        expect(loading.status).toBe(503);
        expect(loading.headers.get('retry-after')).toBe('1');
      }
    }
    await seg.ready;
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ service: 'segmenter', model: 'isnet-quint8@768', status: 'ready' });
  });

  it('cuts the car out of the drawn scenes: the mask, at the picture size, fits the car', async () => {
    await seg.ready;
    for (const scene of segmentationScenes(1024, 768).filter((s) => s.name === 'studio' || s.name === 'busy background')) {
      const res = await post(seg.url, await png(scene));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-segmenter-model')).toBe('isnet-quint8@768');
      const mask = await maskOf(res, 1024, 768);
      expect(iou(mask, await knownMask(scene, 1024, 768))).toBeGreaterThan(0.95);
    }
    expect(await metric(base, 'dealer_segmenter_requests_total{outcome="ok"')).toBeGreaterThanOrEqual(2);
  });

  it('refuses what is not a picture with a clear status and message', async () => {
    const wrongType = await post(seg.url, Buffer.from('hello'), 'text/plain');
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { message: string }).message).toMatch(/Send the picture as image\/png, image\/jpeg, image\/webp/);
    const junk = await post(seg.url, Buffer.from('not a png at all'));
    expect(junk.status).toBe(400);
    expect(((await junk.json()) as { message: string }).message).toMatch(/not a picture that can be read/);
    expect((await fetch(seg.url)).status).toBe(405);
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });

  it('answers 503 with Retry-After when its queue is full, and still segments the picture it holds', async () => {
    await seg.ready;
    const body = await png(segmentationScenes(640, 480)[0], 640, 480);
    // the first picture arrives slowly: it holds its place while its bytes come in
    const first = slowPost(seg.url, body);
    await waitFor(async () => (await metric(base, 'dealer_segmenter_queued_messages')) === 1, 'the first picture to take its place');
    const second = await post(seg.url, body);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as { message: string }).message).toMatch(/busy/);
    first.finish();
    expect(await first.status).toBe(200);
  });
});

describe('segmenter start', () => {
  it('refuses to start without its model, naming the file and how to get it', async () => {
    const seg = await startSegmenter(configOf({ SEGMENTER_MODEL: '/nonexistent/isnet.onnx' }), logger);
    try {
      await expect(seg.ready).rejects.toThrow('The ONNX model file /nonexistent/isnet.onnx does not exist (SEGMENTER_MODEL; make install fetches it).');
    } finally {
      await seg.close();
    }
  });

  it('refuses a side the network cannot run at', () => {
    expect(() => configOf({ SEGMENTER_SIDE: '700' })).toThrow(ConfigError);
    expect(() => configOf({ SEGMENTER_SIDE: '700' })).toThrow(/SEGMENTER_SIDE has a wrong value "700": must be a multiple of 64/);
    expect(() => configOf({ SEGMENTER_PROVIDER: 'tpu' })).toThrow(/SEGMENTER_PROVIDER/);
  });

  it('finishes the picture in hand when asked to stop, then refuses connections', async () => {
    const seg = await startSegmenter(configOf(), logger);
    await seg.ready;
    const base = seg.url.replace(/\/segment$/, '');
    const body = await png(segmentationScenes(640, 480)[0], 640, 480);
    const picture = slowPost(seg.url, body);
    await waitFor(async () => (await metric(base, 'dealer_segmenter_queued_messages')) === 1, 'the picture to be in hand');
    const closed = seg.close();
    picture.finish();
    expect(await picture.status).toBe(200);
    await closed;
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
  });
});
