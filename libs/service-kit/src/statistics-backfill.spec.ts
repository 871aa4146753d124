import { RpcError } from '@app/contracts';
import { actorFor } from '@app/testing';
import { assertBackfillCaller, backfillPage, BACKFILL_MESSAGES, type BackfillSection } from './statistics-backfill';

/** A section over the given keys, one event per key (`<name>:<key>`), read by keyset like a repository. */
function section(name: string, keys: string[]): BackfillSection {
  return {
    name,
    read: async (after, limit) =>
      keys
        .filter((k) => after === null || k > after)
        .slice(0, limit)
        .map((k) => ({ key: k, events: [{ subject: `evt.test.${name}`, id: `${name}:${k}`, payload: { k } }] })),
  };
}

const sections = [section('first', ['a', 'b', 'c']), section('empty', []), section('second', ['x', 'y'])];

async function readAll(limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await backfillPage(sections, { after, limit });
    pages += 1;
    ids.push(...page.events.map((e) => e.id));
    if (page.next === null) return { ids, pages };
    after = page.next;
    if (pages > 20) throw new Error('the pager never ended');
  }
}

describe('backfillPage: a service history over its sections by keyset', () => {
  it('gives every event once, in section and key order, whatever the page size', async () => {
    const all = ['first:a', 'first:b', 'first:c', 'second:x', 'second:y'];
    expect(await readAll(2)).toEqual({ ids: all, pages: 3 });
    // a page that ends full cannot know it was the last: one more, empty, says so
    expect(await readAll(1)).toEqual({ ids: all, pages: 6 });
    expect(await readAll(1000)).toEqual({ ids: all, pages: 1 });
  });

  it('says where to go on, and null after the last section', async () => {
    const first = await backfillPage(sections, { limit: 3 });
    expect(first.next).toBe('first:c');
    const rest = await backfillPage(sections, { after: first.next!, limit: 3 });
    expect(rest).toEqual({ events: expect.any(Array), next: null });
    expect(rest.events.map((e) => e.id)).toEqual(['second:x', 'second:y']);
  });

  it('refuses a cursor it did not give with 400', async () => {
    for (const after of ['nonsense', 'unknown:a', '']) {
      await expect(backfillPage(sections, { after })).rejects.toMatchObject({ status: 400, message: BACKFILL_MESSAGES.badCursor });
    }
  });
});

describe('assertBackfillCaller', () => {
  it('lets the System actor through and refuses every other with 403', () => {
    expect(() => assertBackfillCaller(actorFor('System'))).not.toThrow();
    for (const role of ['Admin', 'QA', 'Dealership', 'Management', 'Anonymous'] as const) {
      const refused = (() => {
        try {
          assertBackfillCaller(actorFor(role));
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(refused).toBeInstanceOf(RpcError);
      expect(refused).toMatchObject({ status: 403, message: BACKFILL_MESSAGES.systemOnly });
    }
  });
});
