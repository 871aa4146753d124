/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import { MaskModel, prepareModelSide } from '@app/segmentation';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redDetectorModel } from '../../pipeline/test/helpers/onnx-model';

/** A model file prepared for the side it runs at (the IS-Net file itself: segmenter.int-spec). */
describe('prepareModelSide', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'model-side-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const red = { data: Buffer.alloc(32 * 32 * 3), width: 32, height: 32, channels: 3 as const };
  for (let i = 0; i < 32 * 32; i++) if (i % 32 < 16) red.data[i * 3] = 255;

  it('reads the fixed square side of a model and rewrites its shapes for another side', async () => {
    const file = redDetectorModel({ height: 128, width: 128, sigmoid: true });
    expect(prepareModelSide(file)).toMatchObject({ nativeSide: 128, side: 128 });
    const prepared = prepareModelSide(file, 64);
    expect(prepared).toMatchObject({ nativeSide: 128, side: 64 });
    const path = join(dir, 'red-128.onnx');
    writeFileSync(path, file);
    const model = await MaskModel.load(path, { mean: [0, 0, 0], std: [1, 1, 1], side: 64 });
    try {
      expect(model.inputSize).toEqual({ width: 64, height: 64 });
      const mask = await model.run(red);
      expect([mask.width, mask.height, mask.channels]).toEqual([32, 32, 1]);
      // the red half is found, the black half is not
      expect(mask.data[16 * 32 + 4]).toBeGreaterThan(200);
      expect(mask.data[16 * 32 + 28]).toBeLessThan(50);
    } finally {
      await model.release();
    }
  });

  it('leaves a model without a fixed square input as it is', () => {
    expect(prepareModelSide(redDetectorModel({ height: 'h', width: 'w', sigmoid: true }), 512)).toMatchObject({ nativeSide: null, side: null });
    expect(prepareModelSide(redDetectorModel({ height: 96, width: 128, sigmoid: true }), 512)).toMatchObject({ nativeSide: null });
  });

  it('says what is wrong with a file that is not a model', async () => {
    expect(() => prepareModelSide(Buffer.from('not a model'))).toThrow();
    const path = join(dir, 'junk.onnx');
    writeFileSync(path, Buffer.from([0x3a, 0x02, 0x08, 0x01]));
    await expect(MaskModel.load(path, { mean: [0, 0, 0], std: [1, 1, 1] }, 'SEGMENTER_MODEL')).rejects.toThrow(/The ONNX model .*junk\.onnx cannot be loaded/);
  });
});
