import { accessRefusal, hasPermission, meets } from './access';

describe('meets: the access rule the gateway enforces and the web app asks', () => {
  const dealership = { role: 'Dealership', permissions: ['read_orders'] };

  it('lets every signed-in caller through a rule without roles or permission', () => {
    expect(meets(dealership, {})).toBe(true);
    expect(meets(dealership, undefined)).toBe(true);
  });

  it('refuses a role outside the list, with the message the gateway answers', () => {
    expect(accessRefusal(dealership, { roles: ['Admin', 'QA'] })).toBe('You do not have permission to do this.');
    expect(meets(dealership, { roles: ['Admin', 'Dealership'] })).toBe(true);
  });

  it('needs the permission, case-insensitively, except for the admin', () => {
    expect(meets(dealership, { permission: 'READ_ORDERS' })).toBe(true);
    expect(accessRefusal(dealership, { permission: 'CREATE_ORDERS' })).toBe('Missing permission CREATE_ORDERS');
    expect(meets({ role: 'Admin', permissions: [] }, { permission: 'CREATE_ORDERS' })).toBe(true);
  });

  it('refuses a signed-in sales person where the rule says so', () => {
    expect(accessRefusal({ ...dealership, salesPersonId: 'sp' }, { notSalesPerson: true })).toBe('You do not have permission to do this.');
    expect(meets(dealership, { notSalesPerson: true })).toBe(true);
  });

  it('matches permission names whatever their case', () => {
    expect(hasPermission(['Create_Orders'], 'create_orders')).toBe(true);
    expect(hasPermission(['READ_ORDERS'], 'CREATE_ORDERS')).toBe(false);
  });
});
