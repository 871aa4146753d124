import type { PermissionGroup, Role } from '@app/contracts/wire';

/** Pure rules of the account profile (`/profile/{id}/…`). */

export type ProfileTab = 'orders' | 'events' | 'statistics' | 'settings' | 'integrations' | 'styleguides' | 'child-accounts' | 'permissions';

/** The tabs' labels, by tab. */
export const PROFILE_TAB_LABELS = {
  orders: 'profile.tabs.orders',
  events: 'profile.tabs.events',
  statistics: 'profile.tabs.statistics',
  settings: 'profile.tabs.settings',
  integrations: 'profile.tabs.integrations',
  styleguides: 'profile.tabs.styleguides',
  'child-accounts': 'profile.tabs.childAccounts',
  permissions: 'profile.tabs.permissions',
} as const satisfies Record<ProfileTab, string>;

/** The accounts a dashboard is about: the statistics tab shows theirs, and says so on any other. */
export const hasStatistics = (account: Role | undefined) => account === 'Dealership' || account === 'Management';

/** The only accounts that have child accounts: the tab says so on any other. */
export const hasChildAccounts = (account: Role | undefined) => account === 'Management';

/** Every tab, in the order the profile shows them. */
export const ALL_PROFILE_TABS: readonly ProfileTab[] = ['orders', 'events', 'statistics', 'settings', 'integrations', 'styleguides', 'child-accounts', 'permissions'];

/**
 * The tabs a viewer gets on an account: the admin all eight whatever the account (a tab with
 * nothing for this kind of account says why), QA the orders only, anyone else none.
 */
export function profileTabs(viewer: Role): ProfileTab[] {
  if (viewer === 'QA') return ['orders'];
  if (viewer !== 'Admin') return [];
  return [...ALL_PROFILE_TABS];
}

export const profilePath = (id: string, tab: ProfileTab) => `/profile/${id}/${tab}`;

/** How the permission groups are titled, in the contract's order. */
export const PERMISSION_GROUP_LABELS = {
  events: 'profile.permissions.groups.events',
  orders: 'profile.permissions.groups.orders',
  statistics: 'profile.permissions.groups.statistics',
  settings: 'profile.permissions.groups.settings',
  integrations: 'profile.permissions.groups.integrations',
  'style guides': 'profile.permissions.groups.styleGuides',
  'child accounts': 'profile.permissions.groups.childAccounts',
  permissions: 'profile.permissions.groups.permissions',
} as const satisfies Record<PermissionGroup, string>;

/** The ids after adding one (kept once) or removing one: what a set-the-list call sends. */
export function withId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

export function withoutId(ids: readonly string[], id: string): string[] {
  return ids.filter((x) => x !== id);
}

/** The providers the add dialog offers: those the account does not have yet. */
export function providersToAdd<P extends { provider: string }>(providers: readonly P[], added: ReadonlyArray<{ provider: string }>): P[] {
  const taken = new Set(added.map((i) => i.provider));
  return providers.filter((p) => !taken.has(p.provider));
}

/** Credentials are saved only when a user name or a password is typed. */
export function canSaveCredentials(username: string, password: string): boolean {
  return username.trim() !== '' || password !== '';
}

/** The credentials change: the user name as typed (empty clears it); an empty password keeps the stored one. */
export function credentialsBody(username: string, password: string): { Username: string | null; Password?: string } {
  return { Username: username.trim() === '' ? null : username.trim(), ...(password !== '' ? { Password: password } : {}) };
}
