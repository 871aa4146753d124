import { DEFAULT_MARGINS, type Margins } from '@app/contracts';
import { clampMargins } from './pipeline-settings.service';

describe('clampMargins: the margins a pipeline job gets from a configuration', () => {
  it('passes margins within 0 to 45 % as they are, the bounds included', () => {
    expect(clampMargins({ top: 0, right: 45, bottom: 12.5, left: 44.99 })).toEqual({ top: 0, right: 45, bottom: 12.5, left: 44.99 });
  });

  it('brings a side past 45 % down to 45, and a negative one up to 0', () => {
    expect(clampMargins({ top: 45.01, right: 100, bottom: -0.01, left: -20 })).toEqual({ top: 45, right: 45, bottom: 0, left: 0 });
  });

  it('puts the default in for a side that is missing or not a finite number', () => {
    const broken = { top: Number.NaN, right: Number.POSITIVE_INFINITY, bottom: '4' } as unknown as Margins;
    expect(clampMargins(broken)).toEqual(DEFAULT_MARGINS);
  });

  it('gives the default margins to a configuration without any', () => {
    expect(clampMargins(null)).toEqual(DEFAULT_MARGINS);
    expect(clampMargins(undefined)).toEqual(DEFAULT_MARGINS);
  });
});
