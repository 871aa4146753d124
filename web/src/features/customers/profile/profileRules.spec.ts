import { describe, expect, it } from '@jest/globals';
import { canSaveCredentials, credentialsBody, hasChildAccounts, hasStatistics, profileTabs, providersToAdd, withId, withoutId } from './profileRules';

describe('profile rules', () => {
  it('gives the admin all eight tabs; QA the orders; others nothing', () => {
    expect(profileTabs('Admin')).toEqual(['orders', 'events', 'statistics', 'settings', 'integrations', 'styleguides', 'child-accounts', 'permissions']);
    expect(profileTabs('QA')).toEqual(['orders']);
    expect(profileTabs('Dealership')).toEqual([]);
    expect(profileTabs('Management')).toEqual([]);
  });

  it('has statistics on dealership and management accounts, child accounts on management accounts only', () => {
    expect((['Dealership', 'Management', 'QA', 'Admin'] as const).map(hasStatistics)).toEqual([true, true, false, false]);
    expect((['Dealership', 'Management', 'QA', 'Admin'] as const).map(hasChildAccounts)).toEqual([false, true, false, false]);
  });

  it('offers the providers an account does not have yet', () => {
    const all = [{ provider: 'A' }, { provider: 'B' }, { provider: 'C' }];
    expect(providersToAdd(all, [{ provider: 'B' }])).toEqual([{ provider: 'A' }, { provider: 'C' }]);
    expect(providersToAdd(all, all)).toEqual([]);
  });

  it('saves credentials only with a user name or a password; an empty password keeps the stored one', () => {
    expect(canSaveCredentials('', '')).toBe(false);
    expect(canSaveCredentials('   ', '')).toBe(false);
    expect(canSaveCredentials('user', '')).toBe(true);
    expect(canSaveCredentials('', 'x')).toBe(true);
    expect(credentialsBody(' user ', '')).toEqual({ Username: 'user' });
    expect(credentialsBody('', 'secret')).toEqual({ Username: null, Password: 'secret' });
  });

  it('adds an id once and removes it', () => {
    expect(withId(['a'], 'b')).toEqual(['a', 'b']);
    expect(withId(['a', 'b'], 'b')).toEqual(['a', 'b']);
    expect(withoutId(['a', 'b'], 'a')).toEqual(['b']);
  });
});
