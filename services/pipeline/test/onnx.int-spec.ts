/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPipelineTestbed, makeJob, OUT, type PipelineTestbed } from './helpers/pipeline-testbed';
import { redDetectorModel } from './helpers/onnx-model';
import { carScene, colourDistance, decodeRgb } from './helpers/test-images';

/** The service with PIPELINE_SEGMENTER=onnx and a model file: the AI route through the model. */
describe('pipeline with an ONNX segmenter', () => {
  let bed: PipelineTestbed;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'onnx-model-'));
    const path = join(dir, 'red-detector.onnx');
    writeFileSync(path, redDetectorModel({ height: 'height', width: 'width', sigmoid: true }));
    bed = await createPipelineTestbed('pipeline_onnx', {
      PIPELINE_SEGMENTER: 'onnx',
      PIPELINE_ONNX_MODEL: path,
      PIPELINE_ONNX_MEAN: '0,0,0',
      PIPELINE_ONNX_STD: '1,1,1',
    });
    await bed.startPipeline();
  });

  afterAll(async () => {
    await bed?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('cuts the car out with the model and puts it on the new background', async () => {
    const job = makeJob({
      route: 'ai_no_enh',
      repush: { crop: 'auto', forceLogo: 'auto', rotationFix: 'auto', yellowFix: 'auto', forceBackgroundRemoval: 'auto', backgroundColor: '#2050c0' },
    });
    await bed.submit(job, await carScene({ orientation: 8 }));
    const result = await bed.results.next(job.jobId);
    expect(result.kind).toBe('processed');
    const out = await decodeRgb(await bed.storage.getBuffer(job.outputKeys.optimized));
    expect([out.width, out.height]).toEqual([OUT.width, OUT.height]);
    expect(colourDistance(out.at(OUT.width * 0.03, OUT.height * 0.2), '#2050c0')).toBeLessThan(30);
    expect(colourDistance(out.at(OUT.width * 0.03, OUT.height * 0.85), '#2050c0')).toBeLessThan(30);
    const [r, g, b] = out.at(OUT.width * 0.5, OUT.height * 0.6);
    expect(r > 140 && g < 90 && b < 90).toBe(true);
  });
});
