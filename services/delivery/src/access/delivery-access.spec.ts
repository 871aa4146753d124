import { RpcError, type Actor, type ActorRole } from '@app/contracts';
import { DEALERSHIP_DELIVERY_PERMISSION, DeliveryAccess } from './delivery-access';

const DEALER = '00000000-0000-4000-8000-00000000d001';
const SALES_PERSON = '00000000-0000-4000-8000-00000000e001';

const ROLES: ActorRole[] = ['Admin', 'QA', 'System', 'Dealership', 'Management', 'Anonymous'];

const actor = (role: ActorRole, permissions: string[] = [], userId: string | null = DEALER, salesPersonId: string | null = null): Actor => ({
  role,
  userId,
  salesPersonId,
  permissions,
  requestId: 'req-7',
});

function refusal(run: () => unknown): Error | null {
  try {
    run();
    return null;
  } catch (err) {
    return err as Error;
  }
}

/** the roles a check lets through, of every role */
const allowed = (check: (a: Actor) => unknown, permissions: string[] = []) => ROLES.filter((r) => refusal(() => check(actor(r, permissions))) === null);

describe('DeliveryAccess: who works the delivery queue, delivers orders and sends push notifications', () => {
  it('makes admin, QA and the system staff, and admin and the system admins', () => {
    expect(ROLES.filter((r) => DeliveryAccess.isStaff(actor(r)))).toEqual(['Admin', 'QA', 'System']);
    expect(ROLES.filter((r) => DeliveryAccess.isAdmin(actor(r)))).toEqual(['Admin', 'System']);
  });

  it('leaves the queue and the robots\' reboot to admin and QA, refusing everyone else with 403', () => {
    expect(allowed((a) => DeliveryAccess.assertCanManageQueue(a), [DEALERSHIP_DELIVERY_PERMISSION])).toEqual(['Admin', 'QA', 'System']);
    const refused = refusal(() => DeliveryAccess.assertCanManageQueue(actor('Dealership')));
    expect(refused).toBeInstanceOf(RpcError);
    expect(refused).toMatchObject({ status: 403 });
  });

  it('issues robot keys to the admin only (QA is refused with 403)', () => {
    expect(allowed((a) => DeliveryAccess.assertCanIssueRobotKey(a))).toEqual(['Admin', 'System']);
    expect(refusal(() => DeliveryAccess.assertCanIssueRobotKey(actor('QA')))).toMatchObject({ status: 403 });
  });

  it('lets admin and QA deliver, and a dealership holding READ_USER_INTEGRATIONS, in any letter case', () => {
    expect(allowed((a) => DeliveryAccess.assertCanDeliver(a))).toEqual(['Admin', 'QA', 'System']);
    expect(allowed((a) => DeliveryAccess.assertCanDeliver(a), ['READ_USER_INTEGRATIONS'])).toEqual(['Admin', 'QA', 'System', 'Dealership']);
    expect(refusal(() => DeliveryAccess.assertCanDeliver(actor('Dealership', ['read_user_integrations'])))).toBeNull();
    expect(DEALERSHIP_DELIVERY_PERMISSION).toBe('READ_USER_INTEGRATIONS');
  });

  it('refuses a dealership without the permission with a sentence naming it, other accounts without one', () => {
    const dealership = refusal(() => DeliveryAccess.assertCanDeliver(actor('Dealership', ['READ_ORDERS'])));
    expect(dealership).toBeInstanceOf(RpcError);
    expect(dealership).toMatchObject({ status: 403, message: 'Missing permission READ_USER_INTEGRATIONS' });
    const management = refusal(() => DeliveryAccess.assertCanDeliver(actor('Management', ['READ_USER_INTEGRATIONS'])));
    expect(management).toBeInstanceOf(RpcError);
    expect(management).toMatchObject({ status: 403 });
    expect(management?.message).not.toContain('READ_USER_INTEGRATIONS');
  });

  it('sends push notifications for the admin only: not QA, not the system', () => {
    expect(allowed((a) => DeliveryAccess.assertCanSendPush(a))).toEqual(['Admin']);
    const refused = refusal(() => DeliveryAccess.assertCanSendPush(actor('System')));
    expect(refused).toBeInstanceOf(RpcError);
    expect(refused).toMatchObject({ status: 403 });
  });

  describe('deviceOwner: whose devices a login registers and removes', () => {
    it('is the account itself, or the account with its signed-in sales person', () => {
      expect(DeliveryAccess.deviceOwner(actor('Dealership'))).toEqual({ accountId: DEALER, salesPersonId: null });
      expect(DeliveryAccess.deviceOwner(actor('Dealership', [], DEALER, SALES_PERSON))).toEqual({ accountId: DEALER, salesPersonId: SALES_PERSON });
      expect(DeliveryAccess.deviceOwner({ role: 'Management', userId: DEALER, permissions: [], requestId: 'r' })).toEqual({ accountId: DEALER, salesPersonId: null });
      expect(DeliveryAccess.deviceOwner(actor('Admin'))).toEqual({ accountId: DEALER, salesPersonId: null });
      expect(DeliveryAccess.deviceOwner(actor('QA'))).toEqual({ accountId: DEALER, salesPersonId: null });
    });

    it('refuses a login without an account, anonymous and the system with 403', () => {
      for (const a of [actor('Dealership', [], null), actor('Anonymous'), actor('System')]) {
        const refused = refusal(() => DeliveryAccess.deviceOwner(a));
        expect(refused).toBeInstanceOf(RpcError);
        expect(refused).toMatchObject({ status: 403 });
      }
    });
  });
});
