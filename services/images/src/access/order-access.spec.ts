import { OrdersRpc, RpcError, UsersRpc, type Actor, type ActorRole } from '@app/contracts';
import { runWithRequestContext } from '@app/logging';
import { RpcCallError } from '@app/messaging';
import type { MessagingHost } from '@app/service-kit';
import { OrderAccessService } from './order-access';
import { refusal } from '@app/testing';

const ORDER = '00000000-0000-4000-8000-0000000000b1';
const ACCOUNT = '00000000-0000-4000-8000-00000000d001';

const actor = (role: ActorRole): Actor => ({ role, userId: role === 'System' ? null : ACCOUNT, permissions: [], requestId: 'req-7' });

/** the orders and users services as the images service asks them: `answer` decides each reply */
function service(answer: (subject: string, data: Record<string, unknown>) => unknown) {
  const calls: Array<{ subject: string; data: unknown; actor: Actor }> = [];
  const host = {
    rpc: {
      send: async (def: { subject: string }, data: Record<string, unknown>, caller: Actor) => {
        calls.push({ subject: def.subject, data, actor: caller });
        const reply = answer(def.subject, data);
        if (reply instanceof Error) throw reply;
        return reply;
      },
    },
  } as unknown as MessagingHost;
  return { access: new OrderAccessService(host), calls };
}

describe('OrderAccessService: the images service\'s rules on top of the orders service\'s', () => {
  it('leaves the QA tools to admin, QA and the system', async () => {
    expect(['Admin', 'QA', 'System'].map((r) => OrderAccessService.isStaff(actor(r as ActorRole)))).toEqual([true, true, true]);
    expect(['Dealership', 'Management', 'Anonymous'].map((r) => OrderAccessService.isStaff(actor(r as ActorRole)))).toEqual([false, false, false]);
    expect(() => OrderAccessService.assertStaff(actor('QA'))).not.toThrow();
    expect(await refusal(() => OrderAccessService.assertStaff(actor('Dealership')))).toMatchObject({ status: 403 });
    expect(await refusal(() => OrderAccessService.assertStaff(actor('Management')))).toBeInstanceOf(RpcError);
  });

  it('leaves re-edit requests to dealerships and management accounts (their own orders: the orders service says)', async () => {
    expect(() => OrderAccessService.assertAccount(actor('Dealership'))).not.toThrow();
    expect(() => OrderAccessService.assertAccount(actor('Management'))).not.toThrow();
    for (const role of ['Admin', 'QA', 'System', 'Anonymous'] as const) {
      expect(await refusal(() => OrderAccessService.assertAccount(actor(role)))).toMatchObject({ status: 403 });
    }
  });

  it('asks the orders service to read, or to write, the order as the caller', async () => {
    const order = { id: ORDER, accountId: ACCOUNT };
    const { access, calls } = service(() => order);
    const caller = actor('Dealership');
    expect(await access.read(caller, ORDER)).toBe(order);
    expect(await access.write(caller, ORDER)).toBe(order);
    expect(await access.readFor(caller, ORDER, 'Image not found')).toBe(order);
    expect(await access.readFor(caller, ORDER, 'Image not found', true)).toBe(order);
    expect(calls).toEqual([
      { subject: OrdersRpc.access.subject, data: { id: ORDER }, actor: caller },
      { subject: OrdersRpc.access.subject, data: { id: ORDER, write: true }, actor: caller },
      { subject: OrdersRpc.access.subject, data: { id: ORDER }, actor: caller },
      { subject: OrdersRpc.access.subject, data: { id: ORDER, write: true }, actor: caller },
    ]);
  });

  it('answers an image of an order the caller may not see with the image\'s own "not found"', async () => {
    const { access } = service(() => new RpcCallError(404, 'Order not found', 'orders'));
    for (const write of [false, true]) {
      const err = await refusal(() => access.readFor(actor('Dealership'), ORDER, 'Image not found', write));
      expect(err).toBeInstanceOf(RpcError);
      expect(err).toMatchObject({ status: 404, message: 'Image not found' });
    }
  });

  it('passes any other refusal on as it came (403 to management, 503 when the orders service is away)', async () => {
    for (const original of [new RpcCallError(403, 'You do not have permission to do this.', 'orders'), new RpcCallError(503, 'unavailable', 'orders'), new Error('boom')]) {
      const { access } = service(() => original);
      expect(await refusal(() => access.readFor(actor('Management'), ORDER, 'Image not found', true))).toBe(original);
    }
  });

  it('reads the account\'s yellow-light and edited-label settings as the system; a deleted account has them off', async () => {
    const { access, calls } = service(() => ({ id: ACCOUNT, desaturateYellowLight: true, editedImageLabel: true }));
    expect(await runWithRequestContext({ requestId: 'req-42' }, () => access.pipelineSettings(ACCOUNT))).toEqual({ desaturateYellowLight: true, editedImageLabel: true });
    expect(calls).toEqual([{ subject: UsersRpc.get.subject, data: { id: ACCOUNT }, actor: expect.objectContaining({ role: 'System', requestId: 'req-42' }) }]);
    expect(await service(() => ({ desaturateYellowLight: false, editedImageLabel: false })).access.pipelineSettings(ACCOUNT)).toEqual({
      desaturateYellowLight: false,
      editedImageLabel: false,
    });
    expect(await service(() => ({ desaturateYellowLight: true, editedImageLabel: false })).access.pipelineSettings(ACCOUNT)).toEqual({
      desaturateYellowLight: true,
      editedImageLabel: false,
    });
    expect(await service(() => new RpcCallError(404, 'User not found', 'users')).access.pipelineSettings(ACCOUNT)).toEqual({
      desaturateYellowLight: false,
      editedImageLabel: false,
    });
    const away = new RpcCallError(503, 'unavailable', 'users');
    expect(await refusal(() => service(() => away).access.pipelineSettings(ACCOUNT))).toBe(away);
  });

  it("keeps an original's metadata only for the owning dealership whose account says so", async () => {
    const keeping = () => ({ id: ACCOUNT, keepOriginalMetadata: true });
    const own = { accountId: ACCOUNT };
    expect(await service(keeping).access.keepsOriginalMetadata(actor('Dealership'), own)).toBe(true);
    expect(await service(() => ({ id: ACCOUNT, keepOriginalMetadata: false })).access.keepsOriginalMetadata(actor('Dealership'), own)).toBe(false);
    // it asks about the order's own account
    const asked = service(keeping);
    await asked.access.keepsOriginalMetadata(actor('Dealership'), own);
    expect(asked.calls.map((c) => c.data)).toEqual([{ id: ACCOUNT }]);
    // staff, management and another dealership never, and the account is not even asked
    for (const role of ['Admin', 'QA', 'Management', 'System'] as const) {
      const { access, calls } = service(keeping);
      expect(await access.keepsOriginalMetadata(actor(role), own)).toBe(false);
      expect(calls).toEqual([]);
    }
    expect(await service(keeping).access.keepsOriginalMetadata(actor('Dealership'), { accountId: '00000000-0000-4000-8000-00000000d002' })).toBe(false);
    expect(await service(() => new RpcCallError(404, 'User not found', 'users')).access.keepsOriginalMetadata(actor('Dealership'), own)).toBe(false);
    // the users service failing is not an answer: the download fails rather than guessing
    const down = new RpcCallError(503, 'The users service is not answering', 'users');
    expect(await refusal(() => service(() => down).access.keepsOriginalMetadata(actor('Dealership'), own))).toBe(down);
    const broken = new Error('socket closed');
    expect(await refusal(() => service(() => broken).access.keepsOriginalMetadata(actor('Dealership'), own))).toBe(broken);
  });

  describe('what admin and QA see and do beyond the account, and what is the system\'s or the admin\'s alone', () => {
    const ROLES: ActorRole[] = ['Admin', 'QA', 'System', 'Dealership', 'Management', 'Anonymous'];
    const passes = (check: (a: Actor) => void) =>
      ROLES.filter((r) => {
        try {
          check(actor(r));
          return true;
        } catch {
          return false;
        }
      });

    it('tells the system from everyone else', () => {
      expect(ROLES.filter((r) => OrderAccessService.isSystem(actor(r)))).toEqual(['System']);
    });

    it('leaves the delivery files to the system (403 for everyone else, the admin included)', async () => {
      expect(passes((a) => OrderAccessService.assertSystem(a))).toEqual(['System']);
      const err = await refusal(() => OrderAccessService.assertSystem(actor('Admin')));
      expect(err).toBeInstanceOf(RpcError);
      expect(err).toMatchObject({ status: 403 });
    });

    it('leaves the test pipeline to the admin itself (403 for QA and the system too)', async () => {
      expect(passes((a) => OrderAccessService.assertCanRunTestPipeline(a))).toEqual(['Admin']);
      const err = await refusal(() => OrderAccessService.assertCanRunTestPipeline(actor('System')));
      expect(err).toBeInstanceOf(RpcError);
      expect(err).toMatchObject({ status: 403 });
    });

    it('lets admin, QA and the system add to a closed order, see refused media and see what QA works with', () => {
      expect(ROLES.filter((r) => OrderAccessService.addsToClosedOrders(actor(r)))).toEqual(['Admin', 'QA', 'System']);
      expect(ROLES.filter((r) => OrderAccessService.seesRefusedMedia(actor(r)))).toEqual(['Admin', 'QA', 'System']);
      expect(ROLES.filter((r) => OrderAccessService.seesQaDetails(actor(r)))).toEqual(['Admin', 'QA', 'System']);
    });
  });
});
