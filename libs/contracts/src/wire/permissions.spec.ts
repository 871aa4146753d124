import { hasPermission } from './access';
import { DEFAULT_PERMISSIONS, PERMISSION_NAMES, PERMISSIONS } from './permissions';

describe('hasPermission: whether an account holds a permission', () => {
  it('matches in any letter case, as the web app does', () => {
    expect(hasPermission(['create_orders'], 'CREATE_ORDERS')).toBe(true);
    expect(hasPermission(['READ_ORDERS', 'CREATE_ORDERS'], 'Create_Orders')).toBe(true);
  });

  it('matches whole names only, never a part of one', () => {
    expect(hasPermission(['CREATE_ORDERS'], 'CREATE_ORDER')).toBe(false);
    expect(hasPermission(['UPDATE_USER_INTEGRATIONS'], 'UPDATE_USER_INTEGRATION_CREDENTIALS')).toBe(false);
    expect(hasPermission(['UPDATE_USER_INTEGRATION_CREDENTIALS'], 'UPDATE_USER_INTEGRATIONS')).toBe(false);
  });

  it('is false for an account holding nothing', () => {
    expect(hasPermission([], 'READ_ORDERS')).toBe(false);
  });
});

describe('the permission list', () => {
  it('names each permission once: the seed keeps one row per name, so a second entry would silently move it to another group', () => {
    const names = PERMISSIONS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the default permissions of a new account', () => {
  it('name only permissions of the list, so none is silently left out at creation', () => {
    for (const names of Object.values(DEFAULT_PERMISSIONS)) for (const n of names) expect(PERMISSION_NAMES).toContain(n);
  });

  it('let a new dealership create orders and manage its sales people', () => {
    expect(DEFAULT_PERMISSIONS.Dealership).toEqual(expect.arrayContaining(['CREATE_ORDERS', 'READ_ORDERS', 'CREATE_SALESMAN']));
  });
});
