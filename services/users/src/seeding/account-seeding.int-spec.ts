import { SeedingRpc, seedAccounts } from '@app/seeding';
import { connectNats, RpcCallError, RpcClient } from '@app/messaging';
import { actorFor, testInfra } from '@app/testing';
import type { NatsConnection } from 'nats';
import { signIn, startTestStack, TEST_PASSWORD, type TestStack } from '../../../../test/support';

/**
 * The seeding call writes accounts with a chosen password and no mail: only where it is
 * switched on (tests, benchmarks), only for the system, and what exists stays as it is.
 */
describe('users service: account seeding', () => {
  let on: TestStack;
  let off: TestStack;
  let nc: NatsConnection;

  const refusal = async (run: () => Promise<unknown>): Promise<[number, string] | 'answered'> => {
    try {
      await run();
      return 'answered';
    } catch (err) {
      if (err instanceof RpcCallError) return [err.status, err.message];
      throw err;
    }
  };
  const account = (email: string) => ({ email, displayName: 'Seeded', userRole: 'Dealership' as const, password: TEST_PASSWORD });

  beforeAll(async () => {
    [on, off] = await Promise.all([
      startTestStack({ label: 'seeding_on', services: ['users'] }),
      startTestStack({ label: 'seeding_off', services: ['users'], env: { ACCOUNT_SEEDING: 'false' } }),
    ]);
    nc = await connectNats(testInfra.natsUrl, 'account-seeding-test');
  });

  afterAll(async () => {
    await nc?.close();
    await Promise.all([on?.close(), off?.close()]);
  });

  it('writes an account that signs in with the chosen password at once, and sends no mail', async () => {
    const seeded = await seedAccounts(on.env, { accounts: [account('seeded@example.test')] });
    expect(seeded.accounts).toEqual([{ id: expect.any(String), email: 'seeded@example.test', created: true }]);
    const session = await signIn(on, 'seeded@example.test');
    expect(session.user).toMatchObject({ id: seeded.accounts[0].id, email: 'seeded@example.test', userRole: 'Dealership' });
    expect(await on.mails('seeded@example.test')).toEqual([]);
  });

  it('leaves an account with the same e-mail as it is and says it was not created', async () => {
    await seedAccounts(on.env, { accounts: [account('twice@example.test')] });
    const again = await seedAccounts(on.env, { accounts: [{ ...account('TWICE@example.test'), password: 'Another-Pass-99!' }] });
    expect(again.accounts[0].created).toBe(false);
    await expect(signIn(on, 'twice@example.test')).resolves.toMatchObject({ user: { email: 'twice@example.test' } });
    await expect(signIn(on, 'twice@example.test', 'Another-Pass-99!')).rejects.toThrow(/401/);
  });

  it('is refused with 403 where ACCOUNT_SEEDING is off, and nothing is written', async () => {
    expect(await refusal(() => seedAccounts(off.env, { accounts: [account('off@example.test')] }))).toEqual([403, 'Account seeding is off (ACCOUNT_SEEDING)']);
    await expect(signIn(off, 'off@example.test')).rejects.toThrow(/401/);
  });

  it('is refused with 403 for any caller but the system, the admin too', async () => {
    const rpc = new RpcClient(nc, on.ns.namespace, 5000);
    const asAdmin = () => rpc.send(SeedingRpc.accounts, { accounts: [account('by-admin@example.test')] }, actorFor('Admin'));
    expect(await refusal(asAdmin)).toEqual([403, 'Only the system may seed accounts']);
    await expect(signIn(on, 'by-admin@example.test')).rejects.toThrow(/401/);
  });
});
