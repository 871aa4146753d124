import { statisticsPayload } from './statistics-payload';

describe('statisticsPayload: older timeline lines in the shape the statistics service reads', () => {
  it('gives a repush the image id from its list', () => {
    expect(statisticsPayload('IMAGE_REPUSHED', { imageIds: ['a1'], position: 2 })).toEqual({ imageId: 'a1', imageIds: ['a1'], position: 2 });
  });

  it('gives a decline its reason tag as tagId, tagName and the IMAGE_ERROR category', () => {
    expect(statisticsPayload('IMAGE_DECLINED', { imageId: 'i', reason: { tagId: 't', name: 'Blurry' } })).toEqual({
      imageId: 'i',
      reason: { tagId: 't', name: 'Blurry' },
      tagId: 't',
      tagName: 'Blurry',
      tagCategory: 'IMAGE_ERROR',
    });
  });

  it('leaves a decline without a reason, and one that already names its tag, as it is', () => {
    expect(statisticsPayload('IMAGE_DECLINED', { imageId: 'i' })).toEqual({ imageId: 'i' });
    const current = { imageId: 'i', reason: { tagId: 't', name: 'Old' }, tagId: 't', tagName: 'New', tagCategory: 'IMAGE_ERROR' };
    expect(statisticsPayload('IMAGE_DECLINED', current)).toEqual(current);
  });

  it('names the QA role as its tag category on picks and task changes', () => {
    expect(statisticsPayload('QA_PICKED', { role: 'editor', userName: 'E' })).toEqual({ role: 'QA_EDITOR', userName: 'E' });
    expect(statisticsPayload('QA_TASK_UPDATED', { role: 'coordinator', state: 'RELEASED' })).toEqual({ role: 'QA_COORDINATOR', state: 'RELEASED' });
    expect(statisticsPayload('QA_PICKED', { role: 'QA_COORDINATOR' })).toEqual({ role: 'QA_COORDINATOR' });
  });

  it('changes nothing on other lines', () => {
    expect(statisticsPayload('EDITED', { role: 'editor', imageIds: ['x'] })).toEqual({ role: 'editor', imageIds: ['x'] });
  });
});
