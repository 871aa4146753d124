import type { UserAccount } from './user-account.entity';
import type { AccountRow } from './accounts.repository';
import { accountOfRow, confirmsDeletion, deleteConfirmationHash, toListItem, toMeView, toUserView } from './account-view';

const ID = '00000000-0000-4000-8000-00000000d001';
const OTHER = '00000000-0000-4000-8000-00000000d002';
const DAY_MS = 24 * 60 * 60 * 1000;

function account(lastOrderDate: Date | null = null): UserAccount {
  return {
    id: ID,
    email: 'dealer@example.com',
    displayName: 'Nordic Auto',
    language: 'en',
    userRole: 'Dealership',
    roleTags: [],
    country: 'Denmark',
    city: '',
    postalCode: '',
    address: '',
    companyId: '',
    contactName: 'Jens',
    contactEmail: 'jens@example.com',
    contactPhone: '',
    contactTitle: '',
    currency: 'EUR',
    subscriptionPrice: null,
    mobileAppAccess: false,
    minimumZoomValue: 1,
    enabledQa: false,
    desaturateYellowLight: false,
    editedImageLabel: false,
    keepOriginalMetadata: false,
    passwordHash: null,
    userStatus: 'CONFIRMED',
    passwordChangedAt: null,
    lastOrderDate,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-02T00:00:00Z'),
  };
}

describe('the delete-confirmation code an admin types to delete an account', () => {
  it('is eight upper-case hexadecimal characters, the same every time for one account and another for another', () => {
    expect(deleteConfirmationHash(ID)).toMatch(/^[0-9A-F]{8}$/);
    expect(deleteConfirmationHash(ID)).toBe(deleteConfirmationHash(ID));
    expect(deleteConfirmationHash(OTHER)).not.toBe(deleteConfirmationHash(ID));
  });

  it('is accepted in any letter case and with spaces around, and refused for another account', () => {
    const code = deleteConfirmationHash(ID);
    expect(confirmsDeletion(code, ID)).toBe(true);
    expect(confirmsDeletion(`  ${code.toLowerCase()}\n`, ID)).toBe(true);
    expect(confirmsDeletion(deleteConfirmationHash(OTHER), ID)).toBe(false);
    expect(confirmsDeletion(code.slice(0, 7), ID)).toBe(false);
    expect(confirmsDeletion('', ID)).toBe(false);
  });

  it('is shown to admins only', () => {
    expect(toUserView(account(), [], [], true).deleteConfirmationHash).toBe(deleteConfirmationHash(ID));
    expect(toUserView(account(), [], [], false)).not.toHaveProperty('deleteConfirmationHash');
  });
});

describe('toUserView: days since the last order', () => {
  afterEach(() => jest.useRealTimers());

  it('counts whole days, a day only once it has passed', () => {
    jest.useFakeTimers({ now: new Date('2025-03-10T12:00:00Z') });
    const at = (msAgo: number) => toUserView(account(new Date(Date.now() - msAgo)), [], [], false);
    expect(at(DAY_MS - 1)).toMatchObject({ days_since_last_order: 0 });
    expect(at(DAY_MS)).toMatchObject({ days_since_last_order: 1 });
    expect(at(10 * DAY_MS + 5000)).toMatchObject({ days_since_last_order: 10, last_order_date: '2025-02-28T11:59:55.000Z' });
  });

  it('says null, not zero, for an account that never ordered', () => {
    expect(toUserView(account(null), [], [], false)).toMatchObject({ days_since_last_order: null, last_order_date: null });
  });
});

describe('toUserView and toMeView: what an account looks like', () => {
  it('shows the list item\'s fields first, then the rest, in the order the API has always had', () => {
    const view = toUserView(account(new Date('2025-02-01T00:00:00Z')), ['READ_ORDERS'], [OTHER], false);
    expect(view).toMatchObject(toListItem(account()));
    expect(Object.keys(view)).toEqual([
      ...Object.keys(toListItem(account())),
      'language',
      'roleTags',
      'permissions',
      'currency',
      'subscriptionPrice',
      'mobileAppAccess',
      'minimumZoomValue',
      'enabled_qa',
      'desaturateYellowLight',
      'editedImageLabel',
      'keepOriginalMetadata',
      'loginActivated',
      'childAccounts',
      'last_order_date',
      'days_since_last_order',
    ]);
  });

  it('adds the signed-in sales person on /me, last, and never the delete-confirmation code', () => {
    const seller = { id: OTHER, name: 'Seller', email: 'seller@example.com' };
    const me = toMeView(account(), ['READ_ORDERS'], [], seller);
    expect(me).toEqual({ ...toUserView(account(), ['READ_ORDERS'], [], false), loggedInSalesPersonInfo: seller });
    expect(Object.keys(me).at(-1)).toBe('loggedInSalesPersonInfo');
    expect(toMeView(account(), [], [], null)).toMatchObject({ loggedInSalesPersonInfo: null });
    expect(me).not.toHaveProperty('deleteConfirmationHash');
  });

  it('reads a raw row as the entity holds it: numerics as numbers, no password', () => {
    const row: AccountRow = {
      id: ID,
      email: 'dealer@example.com',
      display_name: 'Nordic Auto',
      language: 'en',
      user_role: 'Dealership',
      role_tags: [],
      country: 'Denmark',
      city: '',
      postal_code: '',
      address: '',
      company_id: '',
      contact_name: 'Jens',
      contact_email: 'jens@example.com',
      contact_phone: '',
      contact_title: '',
      currency: 'EUR',
      subscription_price: null,
      mobile_app_access: false,
      minimum_zoom_value: '1.0',
      enabled_qa: false,
      desaturate_yellow_light: false,
      edited_image_label: false,
      keep_original_metadata: false,
      user_status: 'CONFIRMED',
      last_order_date: null,
      created_at: new Date('2025-01-01T00:00:00Z'),
      updated_at: new Date('2025-01-02T00:00:00Z'),
    };
    const { passwordHash: _hash, passwordChangedAt: _changed, ...fields } = account();
    expect(accountOfRow(row)).toEqual(fields);
    expect(accountOfRow({ ...row, subscription_price: '49.90', minimum_zoom_value: '1.5' })).toMatchObject({ subscriptionPrice: 49.9, minimumZoomValue: 1.5 });
  });
});
