import { Metrics, Readiness } from '@app/ops';
import { MaskModel } from '@app/segmentation';
import { basename } from 'node:path';
import type { Logger } from 'pino';
import type { SegmenterConfig } from './segmenter.config';
import { SegmenterServer } from './segmenter-server';

/** IS-Net's normalisation: (v - 128) / 256 on 0..255, as the weights were trained */
const ISNET_MEAN: [number, number, number] = [128 / 255, 128 / 255, 128 / 255];
const ISNET_STD: [number, number, number] = [256 / 255, 256 / 255, 256 / 255];

export interface RunningSegmenter {
  port: number;
  /** `http://host:port/segment` */
  url: string;
  /** what the answers' X-Segmenter-Model says: the model file's name and the side, `isnet-quint8@768` */
  modelName: string;
  /** resolves when the model is loaded and warmed up (readiness says ready); rejects when it cannot be */
  ready: Promise<void>;
  /** stops taking pictures, finishes those in hand, releases the model */
  close(): Promise<void>;
}

/**
 * Starts the segmenter: the port answers at once (live, not ready) while the model loads and
 * warms up, so a probe tells loading from dead; `ready` settles when it is done.
 */
export async function startSegmenter(config: SegmenterConfig, logger: Logger): Promise<RunningSegmenter> {
  const readiness = new Readiness(2_000);
  let model: MaskModel | null = null;
  const loaded = () => model !== null;
  readiness.add('model', () => {
    if (!loaded()) throw new Error('the model is loading');
  });
  const modelName = `${basename(config.SEGMENTER_MODEL, '.onnx')}@${config.SEGMENTER_SIDE}`;
  const server = new SegmenterServer(
    {
      run: (picture) => {
        if (!model) throw new Error('the model is not loaded');
        return model.run(picture);
      },
    },
    { modelName, isReady: loaded, queue: config.SEGMENTER_QUEUE, maxPixels: config.SEGMENTER_MAX_PIXELS, maxBytes: config.SEGMENTER_MAX_BYTES },
    readiness,
    new Metrics('segmenter'),
    logger,
  );
  const port = await server.listen(config.SEGMENTER_PORT, config.SEGMENTER_HOST);
  let closed = false;
  const ready = (async () => {
    const started = process.cpuUsage();
    const loaded = await MaskModel.load(
      config.SEGMENTER_MODEL,
      { mean: ISNET_MEAN, std: ISNET_STD, side: config.SEGMENTER_SIDE, threads: config.SEGMENTER_THREADS, provider: config.SEGMENTER_PROVIDER },
      'SEGMENTER_MODEL; make install fetches it',
    );
    await loaded.warmUp();
    if (closed) {
      await loaded.release();
      return;
    }
    model = loaded;
    const cpu = process.cpuUsage(started);
    logger.info(
      { port, model: modelName, provider: config.SEGMENTER_PROVIDER, threads: config.SEGMENTER_THREADS, loadCpuMs: Math.round((cpu.user + cpu.system) / 1000) },
      `segmenter ready on port ${port}`,
    );
  })();
  const host = config.SEGMENTER_HOST === '0.0.0.0' ? '127.0.0.1' : config.SEGMENTER_HOST;
  return {
    port,
    url: `http://${host}:${port}/segment`,
    modelName,
    ready,
    async close() {
      closed = true;
      await server.close();
      await ready.catch(() => undefined);
      const m = model;
      model = null;
      await m?.release();
    },
  };
}
