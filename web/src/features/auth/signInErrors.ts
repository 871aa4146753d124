/**
 * Sign-in and reset errors, mapped by how the server's message starts.
 * Order matters: the more specific starts come first ("Invalid verification" before
 * "Invalid"). The server's messages (docs/users.md) start with these words on purpose.
 */
export type SignInErrorKey =
  | 'auth.errors.customAuth'
  | 'auth.errors.customAuthDisabled'
  | 'auth.errors.invalidEmail'
  | 'auth.errors.notAuthorized'
  | 'auth.errors.password'
  | 'auth.errors.code'
  | 'auth.errors.expired'
  | 'auth.errors.tooMany'
  | 'auth.errors.invalidCredentials'
  | 'auth.errors.limit'
  | 'auth.errors.generic';

const RULES: ReadonlyArray<readonly [prefixes: readonly string[], key: SignInErrorKey]> = [
  [['Custom auth'], 'auth.errors.customAuth'],
  [['CUSTOM_AUTH'], 'auth.errors.customAuthDisabled'],
  [['2 validation errors', 'Two validation errors', 'Please use a valid email'], 'auth.errors.invalidEmail'],
  [['Not'], 'auth.errors.notAuthorized'],
  [['Password'], 'auth.errors.password'],
  [['Code', 'Invalid verification', 'Invalid code provided'], 'auth.errors.code'],
  [['Expired'], 'auth.errors.expired'],
  [['Too'], 'auth.errors.tooMany'],
  [['Invalid', 'Incorrect username'], 'auth.errors.invalidCredentials'],
  [['Limit'], 'auth.errors.limit'],
];

export function signInErrorKey(message: string | undefined): SignInErrorKey {
  const text = (message ?? '').trim();
  for (const [prefixes, key] of RULES) {
    if (prefixes.some((p) => text.startsWith(p))) return key;
  }
  return 'auth.errors.generic';
}
