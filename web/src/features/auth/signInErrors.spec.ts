import { describe, expect, it } from '@jest/globals';
import { i18n } from '../../i18n';
import { signInErrorKey } from './signInErrors';

describe('sign-in errors by message start', () => {
  it.each([
    ['Custom auth lambda trigger is not configured', 'auth.errors.customAuth', 'Incorrect username or password.'],
    ['CUSTOM_AUTH is not enabled for the client.', 'auth.errors.customAuthDisabled', 'Custom authentication is not enabled for this client. Please check your e-mail and password.'],
    ['2 validation errors detected', 'auth.errors.invalidEmail', 'Please use a valid email address.'],
    ['Please use a valid email address', 'auth.errors.invalidEmail', 'Please use a valid email address.'],
    ['NotAuthorizedException', 'auth.errors.notAuthorized', 'Invalid email or password. Please try again.'],
    ['Password must be 10 to 50 characters long and contain …', 'auth.errors.password', 'The password needs an upper-case and a lower-case letter, a digit, a special character and at least 10 characters.'],
    ['Code mismatch', 'auth.errors.code', 'The verification code is not valid. Please check it and try again.'],
    ['Invalid verification code provided, please try again.', 'auth.errors.code', 'The verification code is not valid. Please check it and try again.'],
    ['Invalid code provided, please request a code again.', 'auth.errors.code', 'The verification code is not valid. Please check it and try again.'],
    ['Expired code: the verification code has expired, please request a new one.', 'auth.errors.expired', 'The verification code has expired. Please request a new one.'],
    ['Too many requests have been made. Please try again later.', 'auth.errors.tooMany', 'Too many requests have been made. Please wait a moment and try again.'],
    ['Incorrect username or password.', 'auth.errors.invalidCredentials', 'Incorrect username or password.'],
    ['Invalid session for the user, session is expired.', 'auth.errors.invalidCredentials', 'Incorrect username or password.'],
    ['Limit exceeded: too many failed attempts. Please try again later.', 'auth.errors.limit', 'The maximum number of attempts has been reached. Please try again later.'],
    ['The users service is unavailable', 'auth.errors.generic', 'An error occurred. Please try again later.'],
    ['', 'auth.errors.generic', 'An error occurred. Please try again later.'],
  ])('"%s" -> %s', (message, key, english) => {
    expect(signInErrorKey(message)).toBe(key);
    expect(i18n.t(signInErrorKey(message))).toBe(english);
  });
});
