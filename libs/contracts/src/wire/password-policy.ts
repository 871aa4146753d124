/**
 * One password rule everywhere (the strictest minimum the product's forms have used):
 * 10 to 50 characters with a lower-case letter, an upper-case letter, a digit and a special
 * character. The message starts with "Password" so the web app maps it.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 50;
/** the sign-in form's own minimum */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_POLICY_MESSAGE =
  `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long and contain an upper-case letter, a lower-case letter, a digit and a special character.`;

export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`at most ${PASSWORD_MAX_LENGTH} characters`);
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/[0-9]/.test(password)) problems.push('a digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('a special character');
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return typeof password === 'string' && passwordProblems(password).length === 0;
}
