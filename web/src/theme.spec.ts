import { describe, expect, it } from '@jest/globals';
import { badgeColor, badgeTone } from './theme';

describe('badge colours', () => {
  it.each([
    ['Completed', 'success'],
    ['Approved', 'success'],
    ['Uploading', 'warning'],
    ['In Progress', 'warning'],
    ['QA stage', 'warning'],
    ['Waiting For QA', 'warning'],
    ['Ready to download', 'warning'],
    ['Waiting For Edition', 'danger'],
    ['Declined', 'danger'],
  ])('%s is %s', (status, tone) => {
    expect(badgeTone(status)).toBe(tone);
  });

  it('accepts server constants as well as labels', () => {
    expect(badgeTone('READY_TO_DOWNLOAD')).toBe('warning');
    expect(badgeTone('waiting-for-edition')).toBe('danger');
  });

  it('maps danger to MUI error and uncoloured statuses to default', () => {
    expect(badgeColor('Declined')).toBe('error');
    expect(badgeColor('Approved')).toBe('success');
    expect(badgeColor('Delivering')).toBe('default');
  });
});
