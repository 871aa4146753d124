import 'reflect-metadata';
import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { startSegmenter } from './segmenter';
import { SegmenterConfig } from './segmenter.config';

/**
 * The segmenter service: the IS-Net network (AGPL-3.0 weights, scripts/fetch-segmentation-model.mjs)
 * behind one HTTP port, a process of its own so that no other process of the product runs
 * copyleft code (docs/pipeline.md, Segmenters). The pipeline's `http` segmenter calls it.
 */
async function main(): Promise<void> {
  const logger = createLogger('segmenter');
  let config: SegmenterConfig;
  try {
    config = loadConfig(SegmenterConfig);
  } catch (err) {
    logger.fatal({ err }, (err as Error).message);
    process.exit(1);
  }
  const segmenter = await startSegmenter(config, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: the pictures in hand are finished first');
    await segmenter.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  try {
    await segmenter.ready;
  } catch (err) {
    logger.fatal({ err }, `The segmenter cannot start: ${(err as Error).message}`);
    await segmenter.close();
    process.exit(1);
  }
}

void main();
