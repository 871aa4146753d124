import { isUuid, RpcError, UsersEvents, type Actor, type BackfillPage, type BackfillPagePayload } from '@app/contracts';
import { assertBackfillCaller, backfilled, backfillPage, BACKFILL_MESSAGES, type BackfillSection } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UsersExportRepository } from './users-export.repository';


/** a key that is not an id is not a cursor this service gave */
function idAfter(after: string | null): string | null {
  if (after !== null && !isUuid(after)) throw RpcError.badRequest(BACKFILL_MESSAGES.badCursor);
  return after;
}

/**
 * `users.statistics.backfill`: the users service's history as the events it publishes, for the
 * statistics service's rebuild (System only). Sections, each by id:
 * 1. `accounts`: `accountSaved` of every account as it is now (id `backfill:users:account:<id>`, at its last change);
 * 2. `children`: `childAccountsChanged` of every account with child accounts, the whole list
 *    (id `backfill:users:children:<id>`, at its latest link);
 * 3. `sales-people`: `salesPersonSaved` of every sales person (id `backfill:users:sales-person:<id>`);
 * 4. `deleted-sales-people`: of every sales person removed from an account that is still there,
 *    its last `salesPersonSaved` (id `backfill:users:sales-person:<id>`) and its
 *    `salesPersonDeleted` (id `backfill:users:sales-person-deleted:<id>`): the statistics keep its
 *    name on its orders;
 * 5. `sign-ins`: `signedIn` of every session still kept, with the session's id (the live
 *    event's message id) at its start.
 */
@Injectable()
export class StatisticsExportService {
  private readonly sections: BackfillSection[] = [
    {
      name: 'accounts',
      read: async (after, limit) =>
        (await this.rows.accountsAfter(this.ds.manager, idAfter(after), limit)).map((a) => ({
          key: a.id,
          events: [
            backfilled(UsersEvents.accountSaved, `backfill:users:account:${a.id}`, {
              userId: a.id,
              userRole: a.user_role,
              displayName: a.display_name,
              email: a.email,
              createdAt: a.created_at.toISOString(),
              at: a.updated_at.toISOString(),
            }),
          ],
        })),
    },
    {
      name: 'children',
      read: async (after, limit) =>
        (await this.rows.childrenAfter(this.ds.manager, idAfter(after), limit)).map((c) => ({
          key: c.parent_id,
          events: [backfilled(UsersEvents.childAccountsChanged, `backfill:users:children:${c.parent_id}`, { userId: c.parent_id, childIds: c.child_ids, at: c.at.toISOString() })],
        })),
    },
    {
      name: 'sales-people',
      read: async (after, limit) =>
        (await this.rows.salesPeopleAfter(this.ds.manager, idAfter(after), limit)).map((s) => ({
          key: s.id,
          events: [
            backfilled(UsersEvents.salesPersonSaved, `backfill:users:sales-person:${s.id}`, { salesPersonId: s.id, accountId: s.user_id, name: s.name, at: s.updated_at.toISOString() }),
          ],
        })),
    },
    {
      name: 'deleted-sales-people',
      read: async (after, limit) =>
        (await this.rows.deletedSalesPeopleAfter(this.ds.manager, idAfter(after), limit)).map((s) => ({
          key: s.id,
          events: [
            backfilled(UsersEvents.salesPersonSaved, `backfill:users:sales-person:${s.id}`, { salesPersonId: s.id, accountId: s.user_id, name: s.name, at: s.saved_at.toISOString() }),
            backfilled(UsersEvents.salesPersonDeleted, `backfill:users:sales-person-deleted:${s.id}`, { salesPersonId: s.id, accountId: s.user_id, at: s.deleted_at.toISOString() }),
          ],
        })),
    },
    {
      name: 'sign-ins',
      read: async (after, limit) =>
        (await this.rows.sessionsAfter(this.ds.manager, idAfter(after), limit)).map((s) => ({
          key: s.id,
          events: [backfilled(UsersEvents.signedIn, s.id, { userId: s.user_id, salesPersonId: s.sales_person_id, at: s.created_at.toISOString() })],
        })),
    },
  ];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly rows: UsersExportRepository,
  ) {}

  page(actor: Actor, p: BackfillPagePayload): Promise<BackfillPage> {
    assertBackfillCaller(actor);
    return backfillPage(this.sections, p);
  }
}
