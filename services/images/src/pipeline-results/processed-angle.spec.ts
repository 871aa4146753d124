import { describe, expect, it } from '@jest/globals';
import { processedAngle } from './pipeline-results.consumer';

describe('processedAngle', () => {
  it("is the angle of the position the job was queued with; none for a position without one", () => {
    expect(processedAngle({ detectedAngle: null }, { category: 'exterior', angle: 'Front left' })).toEqual({ detectedAngle: 'Front left' });
    expect(processedAngle({ detectedAngle: 'Front left' }, { category: 'exterior', angle: null })).toEqual({ detectedAngle: null });
  });

  it('leaves the image as it is for a job queued without its angle kept', () => {
    expect(processedAngle({ detectedAngle: 'Rear' }, { category: 'exterior' })).toEqual({ detectedAngle: 'Rear' });
    expect(processedAngle({ detectedAngle: null }, null)).toEqual({ detectedAngle: null });
  });
});
