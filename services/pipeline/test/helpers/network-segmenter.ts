import { loadConfig } from '@app/config';
import { createLogger } from '@app/logging';
import { testInfra } from '@app/testing';
import { startSegmenter, type RunningSegmenter } from '../../../segmenter/src/segmenter';
import { SegmenterConfig } from '../../../segmenter/src/segmenter.config';

/**
 * The segmenter service with the real IS-Net model (fetched by `make install`), started in
 * the test's process on a free port and waited for until ready: the pipeline tier's AI routes
 * run the network the product runs.
 */
export async function startNetworkSegmenter(env: Record<string, string> = {}): Promise<RunningSegmenter> {
  const config = loadConfig(SegmenterConfig, { SEGMENTER_PORT: '0', SEGMENTER_HOST: '127.0.0.1', ...env });
  const segmenter = await startSegmenter(config, createLogger('segmenter', testInfra.logLevel));
  try {
    await segmenter.ready;
  } catch (err) {
    await segmenter.close();
    throw err;
  }
  return segmenter;
}
