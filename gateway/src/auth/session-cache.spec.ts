import type { SessionActor } from '@app/contracts';
import type { NatsConnection } from 'nats';
import type { GatewayConfig } from '../gateway.config';
import { SessionCache } from './session-cache';

const USER = '00000000-0000-4000-8000-00000000d001';
const DEALER: SessionActor = { userId: USER, role: 'Dealership', permissions: [], salesPersonId: null };
const PROMOTED: SessionActor = { ...DEALER, permissions: ['CREATE_ORDERS'] };

/** a cache on a NATS connection that lets the test say "sessions changed" */
function cache(ttlMs = 10_000) {
  const subscriptions: Array<{ subject: string; callback: () => void; unsubscribed: boolean }> = [];
  const nc = {
    subscribe: (subject: string, opts: { callback: () => void }) => {
      const sub = { subject, callback: opts.callback, unsubscribed: false };
      subscriptions.push(sub);
      return { unsubscribe: () => (sub.unsubscribed = true) };
    },
  } as unknown as NatsConnection;
  const sessions = new SessionCache(nc, { SESSION_CACHE_MS: ttlMs, NATS_NAMESPACE: 'ns1' } as GatewayConfig);
  sessions.onModuleInit();
  const sessionsChanged = () => subscriptions.forEach((s) => s.callback());
  return { sessions, subscriptions, sessionsChanged };
}

/** the users service's session check: counts how often it is asked */
function checker(answer: SessionActor = DEALER) {
  const asked = { count: 0, answer };
  const ask = async () => {
    asked.count++;
    return asked.answer;
  };
  return { asked, ask };
}

describe('SessionCache: the users service\'s session check, reused for a while', () => {
  afterEach(() => jest.useRealTimers());

  it('asks once within SESSION_CACHE_MS, and again once it has passed', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { sessions } = cache(10_000);
    const { asked, ask } = checker();
    expect(await sessions.get('sid-1', ask)).toEqual(DEALER);
    jest.setSystemTime(1_000_000 + 9_999);
    expect(await sessions.get('sid-1', ask)).toEqual(DEALER);
    expect(asked.count).toBe(1);
    jest.setSystemTime(1_000_000 + 10_000);
    asked.answer = PROMOTED;
    expect(await sessions.get('sid-1', ask)).toEqual(PROMOTED);
    expect(asked.count).toBe(2);
  });

  it('keeps each session apart', async () => {
    const { sessions } = cache();
    const { asked, ask } = checker();
    await sessions.get('sid-1', ask);
    await sessions.get('sid-2', ask);
    expect(asked.count).toBe(2);
  });

  it('forgets everything when the users service says sessions changed, so a logout or a new role applies on the next request', async () => {
    const { sessions, subscriptions, sessionsChanged } = cache();
    expect(subscriptions.map((s) => s.subject)).toEqual(['ns1.sessions.changed']);
    const { asked, ask } = checker();
    await sessions.get('sid-1', ask);
    asked.answer = PROMOTED;
    sessionsChanged();
    expect(await sessions.get('sid-1', ask)).toEqual(PROMOTED);
    expect(asked.count).toBe(2);
  });

  it('does not keep an answer that was on its way while sessions changed', async () => {
    const { sessions, sessionsChanged } = cache();
    let release: (a: SessionActor) => void = () => undefined;
    const slow = sessions.get('sid-1', () => new Promise<SessionActor>((r) => (release = r)));
    sessionsChanged();
    release(DEALER);
    expect(await slow).toEqual(DEALER);
    const { asked, ask } = checker(PROMOTED);
    expect(await sessions.get('sid-1', ask)).toEqual(PROMOTED);
    expect(asked.count).toBe(1);
  });

  it('keeps no answer that failed: the next request asks again', async () => {
    const { sessions } = cache();
    await expect(sessions.get('sid-1', () => Promise.reject(new Error('Unauthorized')))).rejects.toThrow('Unauthorized');
    const { asked, ask } = checker();
    await sessions.get('sid-1', ask);
    expect(asked.count).toBe(1);
  });

  it('with SESSION_CACHE_MS 0 asks on every request and listens for nothing', async () => {
    const { sessions, subscriptions } = cache(0);
    const { asked, ask } = checker();
    await sessions.get('sid-1', ask);
    await sessions.get('sid-1', ask);
    expect(asked.count).toBe(2);
    expect(subscriptions).toEqual([]);
  });

  it('holds 50,000 sessions, and lets the one kept first go first to make room for another', async () => {
    const { sessions } = cache();
    const { ask } = checker();
    for (let i = 0; i < 50_000; i++) await sessions.get(`sid-${i}`, ask);
    const again = checker();
    await sessions.get('sid-0', again.ask);
    expect(again.asked.count).toBe(0);
    await sessions.get('sid-50000', ask);
    await sessions.get('sid-1', again.ask);
    expect(again.asked.count).toBe(0);
    await sessions.get('sid-0', again.ask);
    expect(again.asked.count).toBe(1);
  });

  it('stops listening when the gateway shuts down', () => {
    const { sessions, subscriptions } = cache();
    sessions.onApplicationShutdown();
    expect(subscriptions[0].unsubscribed).toBe(true);
  });
});
