import type { RepushBody } from '@app/contracts';
import type { PreparedJob } from '../pipeline-results/pipeline-jobs.service';
import { repushOverrides } from './images.service';

const prepared = { position: { settings: { interiorColor: '#EEE8DD' } }, desaturateYellowLight: false, editedImageLabel: false } as unknown as PreparedJob;
const body = (extra: Partial<RepushBody>): RepushBody => ({ orderId: 'o', imageArray: ['i'], method: 'enhancer', ...extra }) as RepushBody;
const PLATE = { corners: [{ x: 0.1, y: 0.5 }, { x: 0.3, y: 0.5 }, { x: 0.3, y: 0.55 }, { x: 0.1, y: 0.55 }] } as NonNullable<RepushBody['numberPlates']>[number];
const AUTO = { crop: 'auto', forceLogo: 'auto', rotationFix: 'auto', yellowFix: 'auto', forceBackgroundRemoval: 'auto' };

describe('the job overrides of a repush', () => {
  it('with settings: the number plate switch (auto when absent) and QA\'s plates', () => {
    expect(repushOverrides(body({ isImageRepushedWithSettings: true, userControlNumberPlates: 'enabled', numberPlates: [PLATE] }), prepared)).toEqual({
      route: 'enhancer',
      category: 'exterior',
      repush: { ...AUTO, numberPlates: 'enabled', plates: [PLATE] },
    });
    expect(repushOverrides(body({ isImageRepushedWithSettings: true }), prepared).repush).toEqual({ ...AUTO, numberPlates: 'auto' });
  });

  it('without settings: the switch does not count, the plates do (every switch on auto); without plates no repush settings', () => {
    expect(repushOverrides(body({ userControlNumberPlates: 'disabled', numberPlates: [] }), prepared)).toEqual({
      route: 'enhancer',
      category: 'exterior',
      repush: { ...AUTO, numberPlates: 'auto', plates: [] },
    });
    expect(repushOverrides(body({ userControlNumberPlates: 'disabled' }), prepared)).toEqual({ route: 'enhancer', category: 'exterior' });
  });

  it('an interior repush with plates keeps ai_no_enh, zero margins and the interior colour', () => {
    expect(repushOverrides(body({ imageCategory: 'interior', isImageRepushedWithSettings: true, numberPlates: [PLATE] }), prepared)).toEqual({
      route: 'ai_no_enh',
      category: 'interior',
      repush: { ...AUTO, numberPlates: 'auto', plates: [PLATE], backgroundColor: '#EEE8DD', margins: { top: 0, right: 0, bottom: 0, left: 0 } },
    });
  });
});
