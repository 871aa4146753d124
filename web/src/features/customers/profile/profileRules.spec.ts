import { describe, expect, it } from '@jest/globals';
import { canSaveCredentials, credentialsBody, profileTabs, providersToAdd, withId, withoutId } from './profileRules';

describe('profile rules', () => {
  it('gives the admin every tab, statistics only on a dealership or management account, child accounts only on a management account; QA the orders; others nothing', () => {
    expect(profileTabs('Admin', 'Dealership')).toEqual(['orders', 'events', 'statistics', 'settings', 'integrations', 'styleguides', 'permissions']);
    expect(profileTabs('Admin', 'Management')).toEqual(['orders', 'events', 'statistics', 'settings', 'integrations', 'styleguides', 'child-accounts', 'permissions']);
    expect(profileTabs('Admin', 'QA')).toEqual(['orders', 'events', 'settings', 'integrations', 'styleguides', 'permissions']);
    expect(profileTabs('Admin', 'Admin')).toEqual(['orders', 'events', 'settings', 'integrations', 'styleguides', 'permissions']);
    expect(profileTabs('QA', 'Management')).toEqual(['orders']);
    expect(profileTabs('Dealership', 'Dealership')).toEqual([]);
    expect(profileTabs('Management', 'Dealership')).toEqual([]);
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
