import { describe, expect, it } from '@jest/globals';
import type { Role } from '@app/contracts/wire';
import { hasPermission, meets } from './access';
import { HEADER_MENU, headerMenu, SHORTCUTS, toolbarShortcut, type VisibleMenuEntry } from './menu';
import { isRegistered } from './screens';
import { EXPECTED_ADMIN_TABS } from '../test/adminTabs';

const everything = () => true;
const nothing = () => false;
const flat = (entries: VisibleMenuEntry[]): string[] =>
  entries.flatMap((e) => (e.children.length ? [`${e.path} >`, ...e.children.map((c) => `  ${c.path}`)] : [e.path]));

describe('header menu by role, once every screen exists', () => {
  const ALL_ADMIN = EXPECTED_ADMIN_TABS;
  const expected: Record<Role, string[]> = {
    Admin: ['/dashboard', '/orders', '/salesmen', '/customers', '/admin >', ...ALL_ADMIN.map((p) => `  ${p}`), '/editing-page'],
    // QA sees the admin area's style guides only
    QA: ['/dashboard', '/orders', '/salesmen', '/customers', '/admin >', '  /admin/style-guides-v2', '/editing-page'],
    Dealership: ['/dashboard', '/orders', '/salesmen'],
    Management: ['/dashboard', '/orders', '/salesmen'],
  };

  it.each(Object.entries(expected) as Array<[Role, string[]]>)('%s', (role, paths) => {
    expect(flat(headerMenu(role, everything))).toEqual(paths);
  });

  it('labels every entry', () => {
    expect(headerMenu('Admin', everything).map((e) => e.labelKey)).toEqual([
      'menu.dashboard',
      'menu.orders',
      'menu.salesmen',
      'menu.customers',
      'menu.admin',
      'menu.qaList',
    ]);
  });
});

describe('header menu shows only screens that exist', () => {
  it('hides every entry whose route is not registered', () => {
    for (const role of ['Admin', 'QA', 'Dealership', 'Management'] as const) expect(headerMenu(role, nothing)).toEqual([]);
  });

  it('shows an entry as soon as its route is registered', () => {
    const only = (paths: string[]) => (p: string) => paths.includes(p);
    expect(flat(headerMenu('Dealership', only(['/orders'])))).toEqual(['/orders']);
    // Customers is not the dealership's, registered or not
    expect(flat(headerMenu('Dealership', only(['/orders', '/customers'])))).toEqual(['/orders']);
    // the Admin sub-menu appears with its first screen
    expect(flat(headerMenu('Admin', only(['/admin/tags'])))).toEqual(['/admin >', '  /admin/tags']);
    expect(flat(headerMenu('QA', only(['/admin/tags'])))).toEqual([]);
  });

  it('today: every menu screen exists: the dashboard, the orders list, the sales people, the customers, the admin area (all its tabs) and the QA list', () => {
    // when a later issue registers a new menu screen, this fails on purpose: update it
    const today = HEADER_MENU.flatMap((e) => [e, ...(e.children ?? [])])
      .filter((e) => isRegistered(e.path))
      .map((e) => e.path);
    expect(today).toEqual([
      '/dashboard',
      '/orders',
      '/salesmen',
      '/customers',
      '/admin',
      ...EXPECTED_ADMIN_TABS,
      '/editing-page',
    ]);
    // the admin sees every tab, QA only the style guides, the others no admin area
    expect(headerMenu('Admin', isRegistered).map((e) => [e.id, e.children.length])).toEqual([
      ['dashboard', 0],
      ['orders', 0],
      ['sales-people', 0],
      ['customers', 0],
      ['admin', 8],
      ['qa-list', 0],
    ]);
    expect(headerMenu('QA', isRegistered).map((e) => [e.id, e.children.map((c) => c.path)])).toEqual([
      ['dashboard', []],
      ['orders', []],
      ['sales-people', []],
      ['customers', []],
      ['admin', ['/admin/style-guides-v2']],
      ['qa-list', []],
    ]);
    // Dashboard, Orders and Sales people for every role
    expect(headerMenu('Dealership', isRegistered).map((e) => e.path)).toEqual(['/dashboard', '/orders', '/salesmen']);
    expect(headerMenu('Management', isRegistered).map((e) => e.path)).toEqual(['/dashboard', '/orders', '/salesmen']);
  });
});

describe('permissions', () => {
  it('match case-insensitively; the admin holds every permission', () => {
    expect(hasPermission({ userRole: 'Dealership', permissions: ['create_orders'] }, 'CREATE_ORDERS')).toBe(true);
    expect(hasPermission({ userRole: 'Dealership', permissions: ['Create_Orders'] }, 'create_orders')).toBe(true);
    expect(hasPermission({ userRole: 'Dealership', permissions: ['READ_ORDERS'] }, 'CREATE_ORDERS')).toBe(false);
    expect(hasPermission({ userRole: 'Management', permissions: [] }, 'CREATE_ORDERS')).toBe(false);
    expect(hasPermission({ userRole: 'Admin', permissions: [] }, 'CREATE_ORDERS')).toBe(true);
  });

  it('requirements combine role and permission', () => {
    const dealer = { userRole: 'Dealership' as const, permissions: ['CREATE_ORDERS'] };
    expect(meets(dealer, undefined)).toBe(true);
    expect(meets(dealer, { roles: ['Admin', 'QA'] })).toBe(false);
    expect(meets(dealer, { roles: ['Dealership'], permission: 'create_orders' })).toBe(true);
    expect(meets(dealer, { permission: 'DELETE_ORDERS' })).toBe(false);
  });
});

describe('toolbar shortcut', () => {
  const dealer = (permissions: string[]) => ({ userRole: 'Dealership' as const, permissions });
  const ids = (user: Parameters<typeof toolbarShortcut>[0], path: string, registered: (p: string) => boolean = everything) =>
    toolbarShortcut(user, path, registered)?.id;

  it('Create order only with the create-orders permission, in any case', () => {
    expect(ids(dealer(['CREATE_ORDERS']), '/orders')).toBe('create-order');
    expect(ids(dealer(['create_orders']), '/dashboard')).toBe('create-order');
    expect(ids(dealer(['Create_Orders']), '/account')).toBe('create-order');
    expect(ids(dealer(['READ_ORDERS']), '/orders')).toBeUndefined();
    expect(ids({ userRole: 'Management', permissions: [] }, '/orders')).toBeUndefined();
    expect(ids({ userRole: 'QA', permissions: [] }, '/orders')).toBeUndefined();
    expect(ids({ userRole: 'Admin', permissions: [] }, '/orders')).toBe('create-order');
  });

  it('on /customers: Create account (the admin\'s), never Create order', () => {
    expect(ids({ userRole: 'Admin', permissions: [] }, '/customers')).toBe('create-account');
    expect(ids({ userRole: 'Admin', permissions: [] }, '/customers/')).toBe('create-account');
    expect(ids({ userRole: 'QA', permissions: ['CREATE_ORDERS'] }, '/customers')).toBeUndefined();
  });

  it('only once the target screen exists', () => {
    expect(ids(dealer(['CREATE_ORDERS']), '/orders', nothing)).toBeUndefined();
    expect(ids(dealer(['CREATE_ORDERS']), '/orders', isRegistered)).toBe(isRegistered('/create-order') ? 'create-order' : undefined);
    expect(SHORTCUTS.map((s) => s.path)).toEqual(['/create-account', '/create-order']);
  });
});
