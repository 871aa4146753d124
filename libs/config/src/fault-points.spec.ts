import { faultPoint, faultPointHold } from '@app/config';

describe('fault points', () => {
  it('are inert unless FAULT_POINTS names them', () => {
    expect(faultPointHold('images.upload-checked', {})).toBeNull();
    expect(faultPointHold('images.upload-checked', { FAULT_POINTS: '' })).toBeNull();
    expect(faultPointHold('images.upload-checked', { FAULT_POINTS: 'pipeline.outputs-written' })).toBeNull();
    // a name that only starts like an enabled one is not enabled
    expect(faultPointHold('consumer.orders', { FAULT_POINTS: 'consumer.orders-image-progress.applied' })).toBeNull();
  });

  it('hold for good when named, or the given milliseconds with <name>:<ms>', () => {
    const env = { FAULT_POINTS: 'images.upload-checked, pipeline.outputs-written:4000' };
    expect(faultPointHold('images.upload-checked', env)).toBe(Infinity);
    expect(faultPointHold('pipeline.outputs-written', env)).toBe(4000);
    // a hold that is not a number of milliseconds enables nothing
    expect(faultPointHold('pipeline.outputs-written', { FAULT_POINTS: 'pipeline.outputs-written:soon' })).toBeNull();
  });

  it('never act in production', () => {
    expect(faultPointHold('images.upload-checked', { FAULT_POINTS: 'images.upload-checked', NODE_ENV: 'production' })).toBeNull();
  });

  it('let the work go on at once when not enabled', async () => {
    const before = process.env.FAULT_POINTS;
    delete process.env.FAULT_POINTS;
    try {
      await expect(faultPoint('images.upload-checked', { imageId: 'x' })).resolves.toBeUndefined();
    } finally {
      if (before !== undefined) process.env.FAULT_POINTS = before;
    }
  });
});
