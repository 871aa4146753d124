/** What the users service answers about accounts. */
export const ACCOUNT_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'An account with this e-mail already exists',
  adminOnlyFields: (fields: string[]) => `Only an admin may change: ${fields.join(', ')}`,
  notManagement: 'Child accounts can only be set on a Management account',
  unknownChildren: (ids: string[]) => `Unknown accounts: ${ids.join(', ')}`,
  childIsSelf: 'An account cannot be its own child account',
  hashMismatch: 'The confirmation hash does not match this account',
  deleteSelf: 'You cannot delete your own account',
  alreadyConfirmed: 'This account has already chosen its password',
  badDate: (field: string) => `${field} must be a valid ISO 8601 date`,
  fromAfterTo: 'from must not be later than to',
} as const;
