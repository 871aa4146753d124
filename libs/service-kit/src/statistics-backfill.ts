import {
  BACKFILL_PAGE_DEFAULT,
  RpcError,
  type Actor,
  type BackfilledEvent,
  type BackfillPage,
  type BackfillPagePayload,
  type EventDef,
} from '@app/contracts';

export const BACKFILL_MESSAGES = {
  systemOnly: 'Only the system may export the statistics history',
  badCursor: 'after is not a cursor this service gave (start again without it)',
} as const;

/** The statistics export answers the System actor alone (the statistics service's rebuild); anyone else is 403. */
export function assertBackfillCaller(actor: Actor): void {
  if (actor.role !== 'System') throw RpcError.forbidden(BACKFILL_MESSAGES.systemOnly);
}

/** One exported event, typed by its definition: the subject comes from it. */
export function backfilled<P>(event: EventDef<P>, id: string, payload: P): BackfilledEvent {
  return { subject: event.subject, id, payload };
}

/**
 * One kind of history a service exports, read by keyset: `read(after, limit)` answers at most
 * `limit` rows after the key `after` (null: from the start), in key order, each with the
 * events it gives and its key. A row's events are never split across pages.
 */
export interface BackfillSection {
  name: string;
  read(after: string | null, limit: number): Promise<Array<{ key: string; events: BackfilledEvent[] }>>;
}

const CURSOR = /^([a-z-]+):(.*)$/;

/**
 * A page of a service's history over its sections, one after the other. The cursor is
 * `<section>:<last key>` (an empty key: the section from its start); `limit` counts rows
 * (default `BACKFILL_PAGE_DEFAULT`). `next` is null once the last section is read out. A
 * cursor this service did not give is 400.
 */
export async function backfillPage(sections: readonly BackfillSection[], p: BackfillPagePayload): Promise<BackfillPage> {
  const limit = p.limit ?? BACKFILL_PAGE_DEFAULT;
  let index = 0;
  let after: string | null = null;
  if (p.after !== undefined) {
    const match = CURSOR.exec(p.after);
    index = match ? sections.findIndex((s) => s.name === match[1]) : -1;
    if (!match || index < 0) throw RpcError.badRequest(BACKFILL_MESSAGES.badCursor);
    after = match[2] === '' ? null : match[2];
  }
  const events: BackfilledEvent[] = [];
  let rows = 0;
  while (index < sections.length) {
    const section = sections[index];
    const read = await section.read(after, limit - rows);
    for (const row of read) events.push(...row.events);
    rows += read.length;
    if (read.length) after = read[read.length - 1].key;
    if (rows >= limit) return { events, next: `${section.name}:${after ?? ''}` };
    index += 1;
    after = null;
  }
  return { events, next: null };
}
