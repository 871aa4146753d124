/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { redDetectorModel } from '../../test/helpers/onnx-model';
import { redMask } from '../../test/helpers/segmentation-server';
import { scenePixels, SCENE, sceneSvg } from '../../test/helpers/test-images';
import { ImageRenderer } from '../imaging/image-renderer';
import type { Raster } from '../imaging/raster';
import { loadConfig } from '@app/config';
import { PipelineConfig } from '../pipeline.config';
import { ClassicalSegmenter } from './classical.segmenter';
import { HttpSegmenter } from './http.segmenter';
import { OnnxSegmenter } from './onnx.segmenter';
import { createSegmenter } from './segmentation.module';

const imaging = new ImageRenderer({ maxInputPixels: 25_000_000 });

/** The test scene as the segmenter sees it (512 wide). */
async function scene(extra: Parameters<typeof scenePixels>[0] = {}): Promise<Raster> {
  const px = await scenePixels({ width: 512, height: 384, ...extra });
  return { data: px.data, width: px.width, height: px.height, channels: 3 };
}

/** The true mask of the drawn car (everything but sky and ground). */
async function truth(w = 512, h = 384, parts: 'car' | 'red' = 'car'): Promise<Uint8Array> {
  const svg = sceneSvg(w, h)
    .replace(/fill="url\(#sky\)"/, 'fill="#000000"')
    .replace(`fill="${SCENE.colours.ground}"`, 'fill="#000000"')
    .replace(/fill="#[0-9a-f]{6}"/g, (m) => (m === 'fill="#000000"' ? m : parts === 'red' && m.includes(SCENE.colours.wheel) ? 'fill="#000000"' : 'fill="#ffffff"'));
  const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return Uint8Array.from(data, (v) => (v > 127 ? 1 : 0));
}

/** Intersection over union of a mask (>= 128 = car) and the truth. */
function iou(mask: Raster, t: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < t.length; i++) {
    const m = mask.data[i] >= 128 ? 1 : 0;
    if (m && t[i]) inter++;
    if (m || t[i]) union++;
  }
  return inter / union;
}

describe('classical segmenter', () => {
  it('finds the car on a sky and ground with noise', async () => {
    const mask = await new ClassicalSegmenter().segment(await scene());
    expect(iou(mask, await truth())).toBeGreaterThan(0.93);
  });

  it('finds it in a low-contrast, noisier picture too', async () => {
    const mask = await new ClassicalSegmenter().segment(await scene({ contrast: 0.6, noise: 14 }));
    expect(iou(mask, await truth())).toBeGreaterThan(0.85);
  });

  it('finds nothing in a picture without a car', async () => {
    const flat = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#808080' } }).raw().toBuffer();
    const mask = await new ClassicalSegmenter().segment({ data: flat, width: 512, height: 384, channels: 3 });
    expect(mask.data.filter((v) => v >= 128).length / mask.data.length).toBeLessThan(0.01);
  });
});

describe('ONNX segmenter', () => {
  let dir: string;
  const plain = { mean: [0, 0, 0] as [number, number, number], std: [1, 1, 1] as [number, number, number] };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'onnx-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function model(name: string, bytes: Buffer): string {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  }

  it('loads a model with a fixed input size and turns its probabilities into the mask, at the picture size', async () => {
    const seg = await OnnxSegmenter.load(model('fixed.onnx', redDetectorModel({ height: 96, width: 128, sigmoid: true })), plain);
    try {
      const mask = await seg.segment(await scene());
      expect([mask.width, mask.height, mask.channels]).toEqual([512, 384, 1]);
      // the model sees planar RGB: the red body is found, the black wheels are not
      expect(iou(mask, await truth(512, 384, 'red'))).toBeGreaterThan(0.85);
    } finally {
      await seg.close();
    }
  });

  it('loads a model with dynamic sides and applies a sigmoid to logits', async () => {
    const seg = await OnnxSegmenter.load(model('dynamic.onnx', redDetectorModel({ height: 'height', width: 'width', sigmoid: false })), plain);
    try {
      const mask = await seg.segment(await scene());
      expect(iou(mask, await truth(512, 384, 'red'))).toBeGreaterThan(0.85);
      // soft values in between exist only along edges: the logits were squashed, not clipped
      const mid = mask.data.filter((v) => v > 20 && v < 235).length;
      expect(mid).toBeGreaterThan(0);
      expect(mid / mask.data.length).toBeLessThan(0.05);
    } finally {
      await seg.close();
    }
  });

  it('normalises the input with the configured mean and standard deviation', async () => {
    // red shifted down by 0.6 before the model: the same weights no longer find the red body
    const seg = await OnnxSegmenter.load(model('norm.onnx', redDetectorModel({ height: 96, width: 128, sigmoid: true })), {
      mean: [0.6, 0, 0],
      std: [1, 1, 1],
    });
    try {
      const mask = await seg.segment(await scene());
      expect(iou(mask, await truth(512, 384, 'red'))).toBeLessThan(0.1);
    } finally {
      await seg.close();
    }
  });

  it('refuses a missing file, a file that is not a model and a model of the wrong shape, saying why', async () => {
    await expect(OnnxSegmenter.load(join(dir, 'nope.onnx'), plain)).rejects.toThrow(/does not exist \(PIPELINE_ONNX_MODEL\)/);
    await expect(OnnxSegmenter.load(model('junk.onnx', Buffer.from('not a model')), plain)).rejects.toThrow(/cannot be loaded/);
    await expect(
      OnnxSegmenter.load(model('grey.onnx', redDetectorModel({ height: 'h', width: 'w', sigmoid: true, channels: 1 })), plain),
    ).rejects.toThrow(/input must be \[1, 3, height, width\], not \[1, 1, h, w\]/);
  });

  it('is chosen by PIPELINE_SEGMENTER=onnx, and a bad model stops the service from starting', async () => {
    const base = { DATABASE_URL: 'postgres://x@h/db', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' };
    const good = loadConfig(PipelineConfig, {
      ...base,
      PIPELINE_SEGMENTER: 'onnx',
      PIPELINE_ONNX_MODEL: model('boot.onnx', redDetectorModel({ height: 64, width: 64, sigmoid: true })),
    });
    const seg = await createSegmenter(good, imaging);
    expect(seg.kind).toBe('onnx');
    await seg.close();
    await expect(createSegmenter({ ...good, PIPELINE_ONNX_MODEL: join(dir, 'missing.onnx') } as PipelineConfig, imaging)).rejects.toThrow(/does not exist/);
  });
});

describe('HTTP segmenter', () => {
  let server: http.Server;
  let url: string;
  let mode: 'grey' | 'cutout' | 'fail' | 'slow' = 'grey';
  let received: { type?: string; bytes: number } | null = null;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        received = { type: req.headers['content-type'], bytes: body.length };
        if (mode === 'fail') {
          res.writeHead(503);
          res.end();
          return;
        }
        if (mode === 'slow') return; // never answers
        const mask = await redMask(body);
        if (mode === 'grey') {
          // a smaller mask than the picture: the segmenter scales it
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(await sharp(mask).resize(128, 96).png().toBuffer());
          return;
        }
        // a cut-out: the picture with the mask as alpha, on a white (car-coloured-looking) background
        const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const alpha = await sharp(mask).extractChannel(0).raw().toBuffer();
        const rgba = Buffer.alloc(info.width * info.height * 4, 255);
        for (let i = 0; i < info.width * info.height; i++) {
          rgba[i * 4] = data[i * 3];
          rgba[i * 4 + 1] = data[i * 3 + 1];
          rgba[i * 4 + 2] = data[i * 3 + 2];
          rgba[i * 4 + 3] = alpha[i];
        }
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(await sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer());
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mask`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('posts the picture as PNG and reads a grey mask back, scaled to the picture', async () => {
    mode = 'grey';
    const mask = await new HttpSegmenter(url, 5000, imaging).segment(await scene());
    expect(received?.type).toBe('image/png');
    expect([mask.width, mask.height]).toEqual([512, 384]);
    expect(iou(mask, await truth(512, 384, 'red'))).toBeGreaterThan(0.85);
  });

  it('reads the alpha channel of a cut-out answer as the mask', async () => {
    mode = 'cutout';
    const mask = await new HttpSegmenter(url, 5000, imaging).segment(await scene());
    expect(iou(mask, await truth(512, 384, 'red'))).toBeGreaterThan(0.9);
  });

  it('throws with the service answer or the timeout, so the job is retried', async () => {
    mode = 'fail';
    await expect(new HttpSegmenter(url, 5000, imaging).segment(await scene())).rejects.toThrow('The segmentation service answered HTTP 503.');
    mode = 'slow';
    await expect(new HttpSegmenter(url, 300, imaging).segment(await scene())).rejects.toThrow(/could not be reached \(no answer within 300 ms\)/);
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(new HttpSegmenter(`http://127.0.0.1:${port}/mask`, 2000, imaging).segment(await scene())).rejects.toThrow(
      /could not be reached \(ECONNREFUSED\)/,
    );
  });
});
