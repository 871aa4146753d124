import { type Actor, type ActorRole, type Role, type UpdateUserBody } from '@app/contracts';
import { rpcRefusal } from '@app/testing';
import { AccountAccess } from './account-access';

const DEALER = '00000000-0000-4000-8000-00000000d001';
const OTHER = '00000000-0000-4000-8000-00000000d002';
const GROUP = '00000000-0000-4000-8000-00000000a001';
const SALES_PERSON = '00000000-0000-4000-8000-00000000e001';

const actor = (role: ActorRole, userId: string | null = DEALER, salesPersonId: string | null = null): Actor => ({
  role,
  userId,
  salesPersonId,
  permissions: [],
  requestId: 'req-7',
});
const account = (id: string, userRole: Role) => ({ id, userRole });

const CUSTOMER_FORM: UpdateUserBody = {
  displayName: 'Nordic Auto',
  language: 'de',
  address: { country: 'Denmark', city: 'Aarhus' },
  contactPerson: { name: 'Jens', phoneNumber: '+45 20 30 40 50' },
};

describe('AccountAccess.assertCanUpdate: who may change what of an account', () => {
  it('lets the admin and the system change anything of any account', () => {
    const everything: UpdateUserBody = { ...CUSTOMER_FORM, email: 'new@example.com', userRole: 'QA', minimumZoomValue: 1.5, subscriptionPrice: 99 };
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Admin', null), account(OTHER, 'Dealership'), everything))).toBeNull();
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('System', null), account(OTHER, 'Admin'), everything))).toBeNull();
  });

  it('lets an account change its own name, language, address and contact person', () => {
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Dealership'), account(DEALER, 'Dealership'), CUSTOMER_FORM))).toBeNull();
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Management', GROUP), account(GROUP, 'Management'), CUSTOMER_FORM))).toBeNull();
  });

  it('refuses a non-admin every admin-only field, naming the ones asked for', () => {
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Dealership'), account(DEALER, 'Dealership'), { displayName: 'x', userRole: 'Admin', enabled_qa: true }))).toEqual({
      status: 403,
      message: 'Only an admin may change: userRole, enabled_qa',
    });
    for (const field of ['email', 'roleTags', 'currency', 'subscriptionPrice', 'mobileAppAccess', 'minimumZoomValue', 'desaturateYellowLight'] as const) {
      const change = { [field]: field === 'email' ? 'me@example.com' : field === 'roleTags' ? [] : field === 'currency' ? 'DKK' : 1 } as UpdateUserBody;
      expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('QA', OTHER), account(DEALER, 'Dealership'), change))).toEqual({
        status: 403,
        message: `Only an admin may change: ${field}`,
      });
    }
  });

  it('counts an admin-only field sent as null as asked for', () => {
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Dealership'), account(DEALER, 'Dealership'), { subscriptionPrice: null }))).toEqual({
      status: 403,
      message: 'Only an admin may change: subscriptionPrice',
    });
  });

  it('refuses a sales person the account it works for', () => {
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Dealership', DEALER, SALES_PERSON), account(DEALER, 'Dealership'), { displayName: 'Mine now' }))).toEqual({
      status: 403,
      message: 'You do not have permission to do this.',
    });
  });

  it('lets QA fill in the customer form of dealership and management accounts, and no other', () => {
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('QA', OTHER), account(DEALER, 'Dealership'), CUSTOMER_FORM))).toBeNull();
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('QA', OTHER), account(GROUP, 'Management'), CUSTOMER_FORM))).toBeNull();
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('QA', OTHER), account(DEALER, 'QA'), CUSTOMER_FORM))).toMatchObject({ status: 403 });
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('QA', OTHER), account(DEALER, 'Admin'), CUSTOMER_FORM))).toMatchObject({ status: 403 });
  });

  it('refuses management the accounts it only reads (its child accounts)', () => {
    expect(rpcRefusal(() => AccountAccess.assertCanUpdate(actor('Management', GROUP), account(DEALER, 'Dealership'), CUSTOMER_FORM))).toMatchObject({ status: 403 });
  });
});
