import { describe, expect, it } from '@jest/globals';
import { codeError, confirmPasswordError, emailError, isStrongPassword, newPasswordError, signInPasswordError } from './validation';

describe('sign-in and reset field rules', () => {
  it('e-mail: required, valid, at most 100 characters', () => {
    expect(emailError('')).toEqual({ key: 'validation.required', name: 'fields.email' });
    expect(emailError('   ')).toEqual({ key: 'validation.required', name: 'fields.email' });
    expect(emailError('dealer@')).toEqual({ key: 'validation.invalid', name: 'fields.email' });
    expect(emailError(`${'a'.repeat(95)}@x.test`)).toEqual({ key: 'validation.invalid', name: 'fields.email' });
    expect(emailError(' dealer@demo.test ')).toBeUndefined();
  });

  it('sign-in password: 6 to 50 characters', () => {
    expect(signInPasswordError('')).toEqual({ key: 'validation.required', name: 'auth.fields.password' });
    expect(signInPasswordError('12345')).toEqual({ key: 'validation.minLength', name: 'auth.fields.password', min: 6 });
    expect(signInPasswordError('123456')).toBeUndefined();
    expect(signInPasswordError('x'.repeat(51))).toEqual({ key: 'validation.maxLength', name: 'auth.fields.password', max: 50 });
  });

  it('new password: 10 to 50 with lower, upper, digit and special character', () => {
    expect(isStrongPassword('Brand-New-1')).toBe(true);
    expect(isStrongPassword('Short-1a')).toBe(false);
    expect(isStrongPassword('no-upper-case-1')).toBe(false);
    expect(isStrongPassword('NO-LOWER-CASE-1')).toBe(false);
    expect(isStrongPassword('No-Digits-Here')).toBe(false);
    expect(isStrongPassword('NoSpecial123')).toBe(false);
    expect(isStrongPassword(`Aa1!${'x'.repeat(47)}`)).toBe(false);
    expect(newPasswordError('weak')).toEqual({ key: 'validation.passwordPolicy' });
    expect(confirmPasswordError('Brand-New-2', 'Brand-New-1')).toEqual({ key: 'validation.passwordsDiffer' });
    expect(confirmPasswordError('Brand-New-1', 'Brand-New-1')).toBeUndefined();
  });

  it('verification code: 3 to 10 characters', () => {
    expect(codeError('')).toEqual({ key: 'validation.required', name: 'forgot.fields.code' });
    expect(codeError('12')).toEqual({ key: 'validation.minLength', name: 'forgot.fields.code', min: 3 });
    expect(codeError('123456')).toBeUndefined();
    expect(codeError('12345678901')).toEqual({ key: 'validation.maxLength', name: 'forgot.fields.code', max: 10 });
  });
});
