import { type Actor } from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { DISPLAY_NAME_CACHE_MAX, DISPLAY_NAME_TTL_MS, DisplayNames } from './display-names';
import type { MessagingHost } from './messaging.host';

const ACCOUNT = '00000000-0000-4000-8000-0000000000a1';
const SALES_PERSON = '00000000-0000-4000-8000-0000000000b1';

function setup(answer: (subject: string, id: string) => unknown = (subject, id) => (subject.includes('sales') ? { name: `sp ${id}` } : { displayName: `acc ${id}` })) {
  const asked: Array<{ subject: string; id: string; actor: Actor }> = [];
  const send = jest.fn(async (rpc: { subject: string }, data: { id: string }, actor: Actor) => {
    asked.push({ subject: rpc.subject, id: data.id, actor });
    const a = answer(rpc.subject, data.id);
    if (a instanceof Error) throw a;
    return a;
  });
  const names = new DisplayNames({ rpc: { send } } as unknown as MessagingHost);
  return { names, asked };
}

const account = (over: Partial<Actor> = {}): Actor => ({ userId: ACCOUNT, role: 'Dealership', permissions: [], requestId: 'req-1', ...over });

describe('DisplayNames: who did it, by name, asked once a minute', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('names the account, or the signed-in sales person, asking as the system with the caller\'s request id', async () => {
    const { names, asked } = setup();
    expect(await names.of(account())).toEqual({ id: ACCOUNT, displayName: `acc ${ACCOUNT}` });
    expect(await names.of(account({ salesPersonId: SALES_PERSON }))).toEqual({ id: SALES_PERSON, displayName: `sp ${SALES_PERSON}` });
    expect(asked.map((a) => a.actor)).toEqual([
      { userId: null, role: 'System', permissions: [], requestId: 'req-1' },
      { userId: null, role: 'System', permissions: [], requestId: 'req-1' },
    ]);
  });

  it('has no name for the system or a caller without an account, and asks nothing', async () => {
    const { names, asked } = setup();
    expect(await names.of(account({ userId: null, role: 'System' }))).toBeNull();
    expect(await names.of(account({ userId: null, role: 'Anonymous' }))).toBeNull();
    expect(asked).toHaveLength(0);
  });

  it('keeps a name for the TTL, then asks again (a rename shows after a minute)', async () => {
    let name = 'Old name';
    const { names, asked } = setup(() => ({ displayName: name }));
    expect((await names.account(ACCOUNT, 'r')).displayName).toBe('Old name');
    name = 'New name';
    now += DISPLAY_NAME_TTL_MS - 1;
    expect((await names.account(ACCOUNT, 'r')).displayName).toBe('Old name');
    now += 2;
    expect((await names.account(ACCOUNT, 'r')).displayName).toBe('New name');
    expect(asked).toHaveLength(2);
  });

  it('keeps accounts and sales people apart even when their ids are equal', async () => {
    const { names } = setup();
    expect((await names.account(ACCOUNT, 'r')).displayName).toBe(`acc ${ACCOUNT}`);
    expect((await names.salesPerson(ACCOUNT, 'r')).displayName).toBe(`sp ${ACCOUNT}`);
  });

  it('keeps no failure: the error reaches the caller and the next call asks again', async () => {
    let fail = true;
    const { names, asked } = setup(() => (fail ? new RpcCallError(404, 'User not found', 'users') : { displayName: 'Back' }));
    const err = await names.account(ACCOUNT, 'r').catch((e: unknown) => e);
    expect(DisplayNames.isUnknown(err)).toBe(true);
    expect(DisplayNames.isUnknown(new RpcCallError(503, 'down', 'users'))).toBe(false);
    fail = false;
    expect((await names.account(ACCOUNT, 'r')).displayName).toBe('Back');
    expect(asked).toHaveLength(2);
  });

  it('holds at most DISPLAY_NAME_CACHE_MAX names', async () => {
    const { names, asked } = setup();
    for (let i = 0; i < DISPLAY_NAME_CACHE_MAX; i++) await names.account(`id-${i}`, 'r');
    await names.account('id-0', 'r'); // still kept
    expect(asked).toHaveLength(DISPLAY_NAME_CACHE_MAX);
    await names.account('one-more', 'r'); // the cache starts over
    await names.account('id-0', 'r');
    expect(asked).toHaveLength(DISPLAY_NAME_CACHE_MAX + 2);
  });
});
