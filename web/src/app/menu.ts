import type { Role } from '@app/contracts/wire';
import { meets, STAFF, type Principal, type Requirement } from './access';

/**
 * The header menu and the toolbar shortcut as tables. Each entry names its
 * route; an entry shows when the user's role allows it AND its route is registered (a
 * screen exists, see screens.ts). Pure data and functions, tested by role.
 */
export type MenuLabelKey =
  | 'menu.dashboard'
  | 'menu.orders'
  | 'menu.salesmen'
  | 'menu.customers'
  | 'menu.admin'
  | 'menu.qaList'
  | 'menu.adminStyleGuides'
  | 'menu.adminCarTypes'
  | 'menu.adminAngles'
  | 'menu.adminAppVersions'
  | 'menu.adminTags'
  | 'menu.adminBanners'
  | 'menu.adminAppSettings'
  | 'menu.adminOrderDelivery';

export interface MenuEntry {
  id: string;
  labelKey: MenuLabelKey;
  path: string;
  /** roles that see it (everyone when left out) */
  roles?: readonly Role[];
  /** a sub-menu (Admin); the entry shows when one of its children does */
  children?: readonly MenuEntry[];
}

const ADMIN: readonly Role[] = ['Admin'];

/**
 * Dashboard, Orders and Sales people for everyone; Customers, Admin and QA list for QA and
 * Admin. In the admin area QA sees only the style guides.
 */
export const HEADER_MENU: readonly MenuEntry[] = [
  { id: 'dashboard', labelKey: 'menu.dashboard', path: '/dashboard' },
  { id: 'orders', labelKey: 'menu.orders', path: '/orders' },
  { id: 'sales-people', labelKey: 'menu.salesmen', path: '/salesmen' },
  { id: 'customers', labelKey: 'menu.customers', path: '/customers', roles: STAFF },
  {
    id: 'admin',
    labelKey: 'menu.admin',
    path: '/admin',
    roles: STAFF,
    children: [
      { id: 'admin-style-guides', labelKey: 'menu.adminStyleGuides', path: '/admin/style-guides-v2', roles: STAFF },
      { id: 'admin-car-types', labelKey: 'menu.adminCarTypes', path: '/admin/car-types', roles: ADMIN },
      { id: 'admin-angles', labelKey: 'menu.adminAngles', path: '/admin/angles', roles: ADMIN },
      { id: 'admin-app-versions', labelKey: 'menu.adminAppVersions', path: '/admin/app-versions', roles: ADMIN },
      { id: 'admin-tags', labelKey: 'menu.adminTags', path: '/admin/tags', roles: ADMIN },
      { id: 'admin-banners', labelKey: 'menu.adminBanners', path: '/admin/banners', roles: ADMIN },
      { id: 'admin-app-settings', labelKey: 'menu.adminAppSettings', path: '/admin/app-settings', roles: ADMIN },
      { id: 'admin-order-delivery', labelKey: 'menu.adminOrderDelivery', path: '/admin/order-delivery-message', roles: ADMIN },
    ],
  },
  { id: 'qa-list', labelKey: 'menu.qaList', path: '/editing-page', roles: STAFF },
];

export interface VisibleMenuEntry {
  id: string;
  labelKey: MenuLabelKey;
  path: string;
  children: VisibleMenuEntry[];
}

const allows = (entry: MenuEntry, role: Role) => !entry.roles || entry.roles.includes(role);

/** The header menu of a role, with only the entries whose screens exist. */
export function headerMenu(
  role: Role,
  isRegistered: (path: string) => boolean,
  table: readonly MenuEntry[] = HEADER_MENU,
): VisibleMenuEntry[] {
  const visible: VisibleMenuEntry[] = [];
  for (const entry of table) {
    if (!allows(entry, role)) continue;
    if (entry.children) {
      const children = headerMenu(role, isRegistered, entry.children);
      if (children.length === 0) continue;
      // the parent opens its sub-menu; its own path is where /admin leads
      visible.push({ id: entry.id, labelKey: entry.labelKey, path: entry.path, children });
    } else if (isRegistered(entry.path)) {
      visible.push({ id: entry.id, labelKey: entry.labelKey, path: entry.path, children: [] });
    }
  }
  return visible;
}

export type ShortcutLabelKey = 'shortcuts.createOrder' | 'shortcuts.createAccount';

export interface Shortcut {
  id: string;
  labelKey: ShortcutLabelKey;
  path: string;
  requires?: Requirement;
  /** shown only while the user is on this path */
  onlyOn?: string;
}

/**
 * The toolbar shortcut: on /customers "Create account" (the account form is the admin's),
 * everywhere else "Create order" for whoever holds the create-orders permission.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'create-account', labelKey: 'shortcuts.createAccount', path: '/create-account', onlyOn: '/customers', requires: { roles: ADMIN } },
  { id: 'create-order', labelKey: 'shortcuts.createOrder', path: '/create-order', requires: { permission: 'CREATE_ORDERS' } },
];

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The shortcut for this user on this page, if any (its screen must exist). */
export function toolbarShortcut(
  user: Principal,
  pathname: string,
  isRegistered: (path: string) => boolean,
  table: readonly Shortcut[] = SHORTCUTS,
): Shortcut | undefined {
  const onThisPage = table.filter((s) => s.onlyOn && samePath(s.onlyOn, pathname));
  const candidates = onThisPage.length > 0 ? onThisPage : table.filter((s) => !s.onlyOn);
  return candidates.find((s) => meets(user, s.requires) && isRegistered(s.path));
}
