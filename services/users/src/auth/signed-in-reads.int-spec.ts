import { AuthRpc, UsersRpc, type Actor, type MeView, type SessionActor } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { actorFor, rpcStatus, testInfra } from '@app/testing';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createAccount, createSalesPerson, startTestStack, TEST_PASSWORD, type TestStack } from '../../../../test/support';
import { AccountsService } from '../accounts/accounts.service';
import { AuthService } from './auth.service';

/**
 * The two reads behind every signed-in request: the gateway's session check on a cache miss
 * (`auth.session`) and `GET /api/me` (`auth.me`). Each answers with one SQL statement, the
 * same answers and the same refusals as before.
 *
 * With `MEASURE_SIGNED_IN_READS=<n>` it also calls each service method n times in this
 * process, then each RPC n times over NATS, and prints the CPU per call of this process (the
 * service's side; over NATS the client's too) and of the PostgreSQL backends of the test
 * database (from /proc), and the statements per call.
 */
describe('users service: the session check and /me answer with one statement each', () => {
  const clientQuery = Client.prototype.query;
  let stack: TestStack;
  let users: INestMicroservice;
  let nc: NatsConnection;
  let rpc: RpcClient;
  /**
   * statements the users service ran since the last `take()`; the outbox relay's polling
   * (its statements and their transactions) runs in the background and is left out
   */
  let statements: string[] = [];
  const take = (): string[] => {
    const seen = statements;
    statements = [];
    return seen;
  };

  let dealer: { id: string; email: string };
  let manager: { id: string; email: string };
  let child2: string;
  let salesPerson: { id: string; email: string };
  let other: string;

  const login = async (email: string): Promise<{ sessionId: string; userId: string; salesPersonId: string | null }> => {
    const result = await rpc.send(AuthRpc.login, { email, password: TEST_PASSWORD, clientKey: 'signed-in-reads' }, actorFor('Anonymous'));
    if (result.kind !== 'session') throw new Error('expected a session');
    return result.grant;
  };

  beforeAll(async () => {
    stack = await startTestStack({ label: 'signed_in_reads', services: ['users'] });
    users = stack.services.users!;
    // counted where every statement of this process passes, TypeORM's and the prepared ones; the
    // one-time last-order backfill asks for its mark in the background too, and retries while no
    // orders service answers (none runs here)
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (text && !/outbox|last_order_backfill|^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i.test(text)) statements.push(text);
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as Client['query'];
    nc = await connectNats(testInfra.natsUrl, 'signed-in-reads-test');
    rpc = new RpcClient(nc, stack.ns.namespace, 5000);
    dealer = await createAccount(stack, { role: 'Dealership', permissions: ['READ_ORDERS', 'CREATE_ORDERS'] });
    child2 = (await createAccount(stack, { role: 'Dealership' })).id;
    other = (await createAccount(stack, { role: 'Dealership' })).id;
    manager = await createAccount(stack, { role: 'Management', permissions: ['READ_USERS'], children: [dealer.id, child2] });
    salesPerson = await createSalesPerson(stack, dealer.id, { login: true, name: 'Signed In Seller' });
  });

  afterAll(async () => {
    Client.prototype.query = clientQuery;
    await nc?.close();
    await stack?.close();
  });

  it('answers /me of an account with its permissions and children in one statement', async () => {
    const actor = actorFor('Management', { userId: manager.id, permissions: ['READ_USERS'] });
    take();
    const me = await rpc.send(AuthRpc.me, {}, actor);
    expect(take()).toHaveLength(1);
    expect(me).toMatchObject({
      id: manager.id,
      email: manager.email,
      userRole: 'Management',
      permissions: ['READ_USERS'],
      // linked in one transaction (the same time): then by id
      childAccounts: [dealer.id, child2].sort(),
      loginActivated: true,
      loggedInSalesPersonInfo: null,
      last_order_date: null,
      days_since_last_order: null,
      subscriptionPrice: null,
      minimumZoomValue: 1,
      roleTags: [],
    });
    expect(typeof me.createdAt).toBe('string');
    expect(new Date(me.createdAt).toISOString()).toBe(me.createdAt);
    // nobody deletes their own account: no confirmation code, even when asked as the system
    expect(me).not.toHaveProperty('deleteConfirmationHash');
    const asSystem = await rpc.send(AuthRpc.me, {}, { ...actorFor('System'), userId: manager.id });
    expect(asSystem).not.toHaveProperty('deleteConfirmationHash');
    expect(asSystem).toEqual(me);
  });

  it('shows on /me what the account read as itself shows (numbers, dates, tags), and who signed in', async () => {
    await stack.db.query(
      `UPDATE users.user_account SET subscription_price = 49.90, minimum_zoom_value = 1.5, role_tags = '{QA_EDITOR}',
              last_order_date = now() - interval '3 days 1 hour', currency = 'DKK' WHERE id = $1`,
      [dealer.id],
    );
    const account = actorFor('Dealership', { userId: dealer.id });
    const read = await rpc.send(UsersRpc.get, { id: dealer.id }, account);
    const me = await rpc.send(AuthRpc.me, {}, account);
    expect(me).toEqual({ ...read, loggedInSalesPersonInfo: null });
    expect(me).toMatchObject({ subscriptionPrice: 49.9, minimumZoomValue: 1.5, roleTags: ['QA_EDITOR'], currency: 'DKK', days_since_last_order: 3 });
    const seller = await rpc.send(AuthRpc.me, {}, { ...account, salesPersonId: salesPerson.id });
    expect(seller).toEqual({ ...read, loggedInSalesPersonInfo: { id: salesPerson.id, name: 'Signed In Seller', email: salesPerson.email } });
  });

  it('answers /me of a signed-in sales person with its name, in one statement; another account\'s sales person or none is 401', async () => {
    const actor = actorFor('Dealership', { userId: dealer.id, salesPersonId: salesPerson.id });
    take();
    const me: MeView = await rpc.send(AuthRpc.me, {}, actor);
    expect(take()).toHaveLength(1);
    expect(me).toMatchObject({
      id: dealer.id,
      permissions: ['CREATE_ORDERS', 'READ_ORDERS'],
      childAccounts: [],
      loggedInSalesPersonInfo: { id: salesPerson.id, name: 'Signed In Seller', email: salesPerson.email },
    });
    expect(await rpcStatus(() => rpc.send(AuthRpc.me, {}, actorFor('Dealership', { userId: other, salesPersonId: salesPerson.id })))).toBe(401);
    expect(await rpcStatus(() => rpc.send(AuthRpc.me, {}, actorFor('Dealership', { salesPersonId: '00000000-0000-4000-8000-000000000000', userId: dealer.id })))).toBe(401);
    expect(await rpcStatus(() => rpc.send(AuthRpc.me, {}, actorFor('Dealership')))).toBe(401);
    expect(await rpcStatus(() => rpc.send(AuthRpc.me, {}, actorFor('Anonymous')))).toBe(401);
  });

  it('checks a live session in one statement: role and permissions as they are now; a foreign, revoked or unknown session is 401', async () => {
    const grant = await login(dealer.email);
    const check = (p: { sessionId: string; userId: string; salesPersonId?: string }): Promise<SessionActor> =>
      rpc.send(AuthRpc.validateSession, p, actorFor('System'));
    take();
    expect(await check({ sessionId: grant.sessionId, userId: dealer.id })).toEqual({
      userId: dealer.id,
      role: 'Dealership',
      permissions: ['CREATE_ORDERS', 'READ_ORDERS'],
      salesPersonId: null,
    });
    expect(take()).toHaveLength(1);

    const seller = await login(salesPerson.email);
    expect(seller.salesPersonId).toBe(salesPerson.id);
    expect(await check({ sessionId: seller.sessionId, userId: dealer.id, salesPersonId: salesPerson.id })).toEqual({
      userId: dealer.id,
      role: 'Dealership',
      permissions: ['CREATE_ORDERS', 'READ_ORDERS'],
      salesPersonId: salesPerson.id,
    });
    // the session of the sales person is not the account's, and the other way round
    expect(await rpcStatus(() => check({ sessionId: seller.sessionId, userId: dealer.id }))).toBe(401);
    expect(await rpcStatus(() => check({ sessionId: grant.sessionId, userId: dealer.id, salesPersonId: salesPerson.id }))).toBe(401);
    expect(await rpcStatus(() => check({ sessionId: grant.sessionId, userId: other }))).toBe(401);
    expect(await rpcStatus(() => check({ sessionId: '00000000-0000-4000-8000-000000000000', userId: dealer.id }))).toBe(401);

    await stack.db.query("UPDATE users.auth_session SET expires_at = now() - interval '1 second' WHERE id = $1", [seller.sessionId]);
    expect(await rpcStatus(() => check({ sessionId: seller.sessionId, userId: dealer.id, salesPersonId: salesPerson.id }))).toBe(401);
    await rpc.send(AuthRpc.logout, { sessionId: grant.sessionId }, actorFor('System'));
    expect(await rpcStatus(() => check({ sessionId: grant.sessionId, userId: dealer.id }))).toBe(401);
  });

  const measure = Number(process.env.MEASURE_SIGNED_IN_READS ?? 0);
  (measure > 0 ? it : it.skip)(`measures CPU per call (${measure} calls each)`, async () => {
    const accounts = users.get(AccountsService);
    const auth = users.get(AuthService);
    const ds = users.get(DataSource);
    const grant = await login(manager.email);
    const backends = async (): Promise<number[]> =>
      (await stack.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).map(
        (r) => r.pid,
      );
    const ticksOf = (pids: number[]): number =>
      pids.reduce((sum, pid) => {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
          return sum + Number(fields[11]) + Number(fields[12]);
        } catch {
          return sum;
        }
      }, 0);
    const run = async (name: string, call: () => Promise<unknown>): Promise<void> => {
      for (let i = 0; i < Math.min(1000, measure); i++) await call();
      await ds.query('SELECT 1');
      const pids = await backends();
      take();
      const ticks = ticksOf(pids);
      const cpu = process.cpuUsage();
      for (let i = 0; i < measure; i++) await call();
      const used = process.cpuUsage(cpu);
      const pg = ((ticksOf(pids) - ticks) * 10) / measure;
      const count = take().length / measure;
      // eslint-disable-next-line no-console
      console.log(`${name}: service ${((used.user + used.system) / 1000 / measure).toFixed(3)} ms, PostgreSQL ${pg.toFixed(3)} ms, ${count} statements per call`);
    };
    const actor: Actor = actorFor('Management', { userId: manager.id, permissions: ['READ_USERS'] });
    const seller: Actor = actorFor('Dealership', { userId: dealer.id, salesPersonId: salesPerson.id });
    await run('me (management, 2 children)', () => accounts.me(actor));
    await run('me (sales person)', () => accounts.me(seller));
    await run('validateSession', () => auth.validateSession({ sessionId: grant.sessionId, userId: manager.id }));
    // over NATS: the service's handler and this process's client, both in this process
    await run('me over NATS (client and service)', () => rpc.send(AuthRpc.me, {}, actor));
    await run('validateSession over NATS (client and service)', () =>
      rpc.send(AuthRpc.validateSession, { sessionId: grant.sessionId, userId: manager.id }, actorFor('System')),
    );
  }, 600_000);
});
