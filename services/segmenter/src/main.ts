import 'reflect-metadata';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { Metrics, Readiness } from '@app/ops';
import { MaskModel } from '@app/segmentation';
import { basename } from 'node:path';
import { SegmenterConfig } from './segmenter.config';
import { SegmenterServer } from './segmenter-server';

/**
 * The segmenter service: the IS-Net network (AGPL-3.0 weights, scripts/fetch-segmentation-model.mjs)
 * behind one HTTP port, a process of its own so that no other process of the product runs
 * copyleft code (docs/pipeline.md, Segmenters). The pipeline's `http` segmenter calls it.
 */

/** IS-Net's normalisation: (v - 128) / 256 on 0..255, as the weights were trained */
const ISNET_MEAN: [number, number, number] = [128 / 255, 128 / 255, 128 / 255];
const ISNET_STD: [number, number, number] = [256 / 255, 256 / 255, 256 / 255];

async function main(): Promise<void> {
  const logger = createLogger('segmenter');
  let config: SegmenterConfig;
  try {
    config = loadConfig(SegmenterConfig);
  } catch (err) {
    logger.fatal({ err }, (err as Error).message);
    process.exit(1);
  }
  const readiness = new Readiness(2_000);
  let model: MaskModel | null = null;
  readiness.add('model', () => {
    if (!model) throw new Error('the model is loading');
  });
  const metrics = new Metrics('segmenter');
  const modelName = `${basename(config.SEGMENTER_MODEL, '.onnx')}@${config.SEGMENTER_SIDE}`;
  const server = new SegmenterServer(
    { run: (picture) => model!.run(picture) },
    { modelName, queue: config.SEGMENTER_QUEUE, maxPixels: config.SEGMENTER_MAX_PIXELS, maxBytes: config.SEGMENTER_MAX_BYTES },
    readiness,
    metrics,
    logger,
  );
  // the port answers (live, not ready) while the model loads, so a probe tells loading from dead
  const port = await server.listen(config.SEGMENTER_PORT, config.SEGMENTER_HOST);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: the pictures in hand are finished first');
    await server.close();
    await model?.release();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const started = process.cpuUsage();
  let loaded: MaskModel;
  try {
    loaded = await MaskModel.load(
      config.SEGMENTER_MODEL,
      { mean: ISNET_MEAN, std: ISNET_STD, side: config.SEGMENTER_SIDE, threads: config.SEGMENTER_THREADS, provider: config.SEGMENTER_PROVIDER },
      'SEGMENTER_MODEL; make install fetches it',
    );
    await loaded.warmUp();
  } catch (err) {
    logger.fatal({ err }, `The segmenter cannot start: ${(err as Error).message}`);
    await server.close();
    process.exit(1);
  }
  if (stopping) return;
  model = loaded;
  const cpu = process.cpuUsage(started);
  logger.info(
    { port, model: modelName, provider: config.SEGMENTER_PROVIDER, threads: config.SEGMENTER_THREADS, loadCpuMs: Math.round((cpu.user + cpu.system) / 1000) },
    `segmenter ready on port ${port}`,
  );
}

void main();
