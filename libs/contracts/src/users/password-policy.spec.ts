import { isStrongPassword, passwordProblems, PASSWORD_POLICY_MESSAGE } from '@app/contracts';

describe('the password rule: 10 to 50 characters, a lower-case and an upper-case letter, a digit, a special character', () => {
  it('takes a password exactly at the shortest and at the longest length', () => {
    expect(isStrongPassword('Abcdefgh1!')).toBe(true);
    expect(isStrongPassword(`Ab1!${'x'.repeat(46)}`)).toBe(true);
  });

  it('refuses one character short and one character too long, saying which', () => {
    expect(passwordProblems('Abcdefg1!')).toEqual(['at least 10 characters']);
    expect(passwordProblems(`Ab1!${'x'.repeat(47)}`)).toEqual(['at most 50 characters']);
    expect(isStrongPassword('Abcdefg1!')).toBe(false);
    expect(isStrongPassword(`Ab1!${'x'.repeat(47)}`)).toBe(false);
  });

  it.each([
    ['ABCDEFGH1!', 'a lower-case letter'],
    ['abcdefgh1!', 'an upper-case letter'],
    ['Abcdefghi!', 'a digit'],
    ['Abcdefghi1', 'a special character'],
  ])('refuses %s for lack of %s', (password, missing) => {
    expect(passwordProblems(password)).toEqual([missing]);
    expect(isStrongPassword(password)).toBe(false);
  });

  it('counts a space or a letter outside A-Z as a special character', () => {
    expect(isStrongPassword('Abcdefgh 1')).toBe(true);
    expect(isStrongPassword('Abcdefghé1')).toBe(true);
  });

  it('names every problem of a bad password at once', () => {
    expect(passwordProblems('abc')).toEqual(['at least 10 characters', 'an upper-case letter', 'a digit', 'a special character']);
  });

  it('refuses what is not text', () => {
    expect(isStrongPassword(12345678901 as unknown as string)).toBe(false);
  });

  it('tells the user the rule in a message that starts with "Password" (the web app maps it)', () => {
    expect(PASSWORD_POLICY_MESSAGE).toBe(
      'Password must be 10 to 50 characters long and contain an upper-case letter, a lower-case letter, a digit and a special character.',
    );
  });
});
