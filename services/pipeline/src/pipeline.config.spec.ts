import { ConfigError, loadConfig } from '@app/config';
import { pipelineOutputKeys } from '@app/contracts';
import { ObjectKeys } from '@app/storage';
import { PipelineConfig } from './pipeline.config';

const base = { DATABASE_URL: 'postgres://u@h/db', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' };

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(PipelineConfig, { ...base, ...env });
  } catch (err) {
    return (err as ConfigError).problems;
  }
  return [];
}

describe('PipelineConfig', () => {
  it('starts with the built-in segmenter and sane defaults', () => {
    const c = loadConfig(PipelineConfig, base);
    expect(c).toMatchObject({
      PIPELINE_SEGMENTER: 'classical',
      PIPELINE_CONCURRENCY: 1,
      PIPELINE_MAX_ATTEMPTS: 4,
      PIPELINE_MAX_INPUT_PIXELS: 25_000_000,
      PIPELINE_JPEG_QUALITY: 90,
    });
  });

  it('names what a chosen segmenter is missing, and wrong values', () => {
    expect(problems({ PIPELINE_SEGMENTER: 'onnx' })).toEqual(['PIPELINE_ONNX_MODEL is missing']);
    expect(problems({ PIPELINE_SEGMENTER: 'http' })).toEqual(['PIPELINE_SEGMENTER_URL is missing']);
    expect(problems({ PIPELINE_SEGMENTER: 'magic' })[0]).toMatch(/^PIPELINE_SEGMENTER has a wrong value "magic"/);
    expect(problems({ PIPELINE_ONNX_MEAN: '0.5,0.5' })[0]).toMatch(/three numbers/);
    expect(problems({ PIPELINE_CONCURRENCY: '0', PIPELINE_ACK_WAIT_MS: '10' })).toHaveLength(2);
    expect(problems({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: 'http://seg:8080/mask' })).toEqual([]);
  });

  it('writes outputs only under the fixed keys of the object key scheme', () => {
    expect(pipelineOutputKeys('o-1', 'i-1')).toEqual({
      optimized: ObjectKeys.image('o-1', 'i-1', 'optimized', 'jpg'),
      thumb: ObjectKeys.image('o-1', 'i-1', 'thumb', 'jpg'),
      // the orders list's picture, beside the thumbnail in the image's folder
      listThumb: ObjectKeys.image('o-1', 'i-1', 'thumb', 'jpg').replace(/thumb\.jpg$/, 'thumb-list.jpg'),
    });
  });
});
