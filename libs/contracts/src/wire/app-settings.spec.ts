import { describe, expect, it } from '@jest/globals';
import { isValidSettingValue, normaliseSettingValue } from './app-settings';

describe('app setting values', () => {
  it('reads one value by its type: true/false, a finite number, a real YYYY-MM-DD day, any text', () => {
    expect(normaliseSettingValue(' TRUE ', 'boolean')).toBe('true');
    expect(normaliseSettingValue('yes', 'boolean')).toBeNull();
    expect(normaliseSettingValue(' 1.5 ', 'number')).toBe('1.5');
    expect(normaliseSettingValue('', 'number')).toBeNull();
    expect(normaliseSettingValue('12abc', 'number')).toBeNull();
    expect(normaliseSettingValue('Infinity', 'number')).toBeNull();
    expect(normaliseSettingValue('2027-01-31', 'date')).toBe('2027-01-31');
    expect(normaliseSettingValue('2027-02-30', 'date')).toBeNull();
    expect(normaliseSettingValue('31/01/2027', 'date')).toBeNull();
    expect(normaliseSettingValue('  Mixed Case, text  ', 'string')).toBe('Mixed Case, text');
    expect(isValidSettingValue('', 'string')).toBe(true);
  });

  it('reads a list item by item: trimmed, joined by ", ", none empty, each of the type', () => {
    expect(normaliseSettingValue(' 0.5 ,1,  1.5 ', 'number', 'MULTI_VALUE')).toBe('0.5, 1, 1.5');
    expect(normaliseSettingValue('1, two', 'number', 'MULTI_VALUE')).toBeNull();
    expect(normaliseSettingValue('1,', 'number', 'MULTI_VALUE')).toBeNull();
    expect(normaliseSettingValue('', 'string', 'MULTI_VALUE')).toBeNull();
    expect(normaliseSettingValue('True,false', 'boolean', 'MULTI_VALUE')).toBe('true, false');
    expect(normaliseSettingValue('front, rear', 'string', 'MULTI_VALUE')).toBe('front, rear');
  });
});
