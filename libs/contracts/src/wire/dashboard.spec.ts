import { chartMax, percentChange, UPLOADED_CARS_HEADROOM } from './dashboard';

describe('chartMax: where a chart\'s value axis ends', () => {
  it('is the highest value plus 10 %, rounded up to a whole number', () => {
    expect(chartMax([3, 50, 12])).toBe(55);
    expect(chartMax([41, 23])).toBe(46);
    expect(chartMax([10])).toBe(11);
    expect(chartMax([1])).toBe(2);
  });

  it('is the highest value plus 30 % for uploaded cars', () => {
    expect(chartMax([17, 5], UPLOADED_CARS_HEADROOM)).toBe(23);
    expect(chartMax([10], UPLOADED_CARS_HEADROOM)).toBe(13);
    expect(chartMax([100], UPLOADED_CARS_HEADROOM)).toBe(130);
  });

  it('is 1 for a chart of zeros or of nothing, so an empty axis still has a scale', () => {
    expect(chartMax([])).toBe(1);
    expect(chartMax([0, 0])).toBe(1);
  });
});

describe('percentChange: the current 30-day average against the previous one', () => {
  it('is the change in percent, one decimal, signed', () => {
    expect(percentChange(2.4, 2)).toBe(20);
    expect(percentChange(1.5, 2)).toBe(-25);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(2, 2)).toBe(0);
  });

  it('is null when there was nothing before', () => {
    expect(percentChange(3, 0)).toBeNull();
  });
});
