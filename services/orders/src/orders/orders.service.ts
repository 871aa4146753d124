import {
  AUTH_MESSAGES,
  CarTypesRpc,
  DEFAULT_FROM_DAYS,
  ORDER_MESSAGES,
  OrdersEvents,
  paged,
  RpcError,
  SalesPeopleRpc,
  StyleGuidesRpc,
  systemActor,
  UsersRpc,
  VIEW_URL_TTL_SECONDS,
  type AccountLastOrder,
  type AccountOrderCount,
  type LastOrderDatesPayload,
  type Actor,
  type CreateOrderBody,
  type OrderAccess,
  type OrderAccessPayload,
  type OrderApprovalPayload,
  type OrderCountsPayload,
  type OrderListItem,
  type OrderListQuery,
  type OrderEventPayloads,
  type OrderView,
  type Paged,
  type UpdateOrderPayload,
  type UserView,
  type AccountOrdersPayload,
} from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { inTransaction, MessagingHost, SERVICE_CONFIG } from '@app/service-kit';
import { StorageService } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderPolicy } from '../access/order-policy';
import type { OrdersConfig } from '../orders.config';
import { EventsRepository } from '../events/events.repository';
import { QaTaskChanges } from '../qa-workspace/qa-task-changes';
import { ActorNames, type PersonRef } from '../shared/actor-names';
import { TagAssignmentsRepository } from '../tags/tag-assignments.repository';
import type { Order, OrderCreatorRole } from './order.entity';
import { approvalPair, resolveStatusChange } from './order-status.rules';
import { orderCreated } from './order-created';
import { OrderTransitions } from './order-transitions';
import { accessOfRow, listItemOfRow, orderViewOfRow, toOrderView } from './order-views';
import { OrdersRepository } from './orders.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** what admin and QA may change on an order besides its status (the owner: OrderPolicy.assertCanUpdate) */
const STAFF_FIELDS = ['orderName', 'note', 'carType', 'salesMan'] as const;

/** A reference in a request body that does not resolve (another service answered 404): 400 with our message. */
async function resolveRef<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof RpcCallError && err.status === 404) throw RpcError.badRequest(message);
    throw err;
  }
}

function parseDate(value: string, field: string): Date {
  const d = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) throw RpcError.badRequest(`${field} must be a valid ISO 8601 date`);
  return d;
}

/** accounts a page of `lastOrderDates` answers when the caller names no limit */
const LAST_ORDER_DATES_PAGE = 1000;

/**
 * Orders: creation with its rules (unique name per account, the account's style guide, a
 * sales person of the account, admin impersonation), the list, the detail, changes under the
 * paired status rules, approval and deletion. Every change is written on the timeline and
 * published through the outbox in the same transaction.
 */
@Injectable()
export class OrdersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly orders: OrdersRepository,
    private readonly events: EventsRepository,
    private readonly tags: TagAssignmentsRepository,
    private readonly transitions: OrderTransitions,
    private readonly policy: OrderPolicy,
    private readonly names: ActorNames,
    private readonly messaging: MessagingHost,
    private readonly storage: StorageService,
    private readonly qaTasks: QaTaskChanges,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {}

  private async view(m: EntityManager, o: Order): Promise<OrderView> {
    const tags = await this.tags.tagsOf(m, 'order', [o.id]);
    return toOrderView(o, tags.get(o.id) ?? []);
  }

  private async visible(actor: Actor, id: string): Promise<Order> {
    const o = await this.orders.findById(this.ds.manager, id);
    await this.policy.assertCanSee(actor, o);
    return o!;
  }

  // -------------------------------------------------------------------------------------
  // create

  async create(actor: Actor, body: CreateOrderBody): Promise<OrderView> {
    const system = systemActor(actor.requestId);
    const rpc = this.messaging.rpc;
    const forAnyAccount = OrderPolicy.ordersForAnyAccount(actor);

    // whose order: the signed-in account, or for an admin the account it names
    const impersonating = !!body.userId && body.userId !== actor.userId;
    if (impersonating && !forAnyAccount) throw RpcError.forbidden(ORDER_MESSAGES.impersonationAdminOnly);
    const accountId = impersonating ? body.userId! : actor.userId;
    if (!accountId) throw RpcError.badRequest(ORDER_MESSAGES.dealershipRequired);
    const account: UserView = await resolveRef(rpc.send(UsersRpc.get, { id: accountId }, system), 'User not found');
    if (account.userRole !== 'Dealership' && account.userRole !== 'Management') throw RpcError.badRequest(ORDER_MESSAGES.dealershipRequired);
    // an order the mobile app sends (it names its platform) is for accounts with mobile app access
    const fromMobileApp = body.deviceInformation?.platform === 'android' || body.deviceInformation?.platform === 'ios';
    if (fromMobileApp && !impersonating && !account.mobileAppAccess) throw RpcError.forbidden(AUTH_MESSAGES.noMobileAppAccess);

    // the style guide: one assigned to the account (an admin may pick any)
    let styleGuideName: string;
    if (forAnyAccount) {
      styleGuideName = (await resolveRef(rpc.send(StyleGuidesRpc.get, { id: body.styleGuide }, system), 'Style guide not found')).name;
    } else {
      const assigned = await rpc.send(StyleGuidesRpc.ofUser, { userId: accountId }, system);
      const guide = assigned.find((g) => g.id === body.styleGuide);
      if (!guide) throw RpcError.badRequest(ORDER_MESSAGES.styleGuideNotAssigned);
      styleGuideName = guide.name;
    }

    // the sales person: the one signed in, else one of the account's (management accounts have none)
    let salesPerson: { id: string; name: string } | null = null;
    const salesPersonId = actor.salesPersonId ?? body.salesMan;
    if (salesPersonId) {
      const sp = await resolveRef(rpc.send(SalesPeopleRpc.get, { id: salesPersonId }, system), ORDER_MESSAGES.salesPersonNotFound);
      if (sp.userId !== accountId) throw RpcError.badRequest(ORDER_MESSAGES.salesPersonNotFound);
      salesPerson = { id: sp.id, name: sp.name };
    } else if (account.userRole === 'Dealership') {
      throw RpcError.badRequest(ORDER_MESSAGES.salesPersonRequired);
    }

    const carType = body.carType
      ? await resolveRef(rpc.send(CarTypesRpc.get, { id: body.carType }, system), 'Car type not found')
      : null;

    // who made it
    let creator: PersonRef;
    let creatorRole: OrderCreatorRole;
    let impersonatedBy: PersonRef | null = null;
    if (impersonating) {
      creator = (await this.names.of(actor)) ?? { id: actor.userId!, displayName: 'Admin' };
      creatorRole = 'Admin';
      impersonatedBy = creator;
    } else if (salesPerson && actor.salesPersonId) {
      creator = { id: salesPerson.id, displayName: salesPerson.name };
      creatorRole = 'SalesPerson';
    } else {
      creator = { id: account.id, displayName: account.displayName };
      creatorRole = 'Account';
    }

    const device = body.deviceInformation;
    const saved = await inTransaction(this.ds, async (m) => {
      const o = await this.orders.insert(m, {
        accountId: account.id,
        accountName: account.displayName,
        accountEmail: account.email,
        orderName: body.orderName,
        note: body.note?.trim() ? body.note : null,
        status: 'Uploading',
        qaStatus: 'Waiting For QA',
        createdById: creator.id,
        createdByName: creator.displayName,
        createdByRole: creatorRole,
        impersonatedById: impersonatedBy?.id ?? null,
        impersonatedByName: impersonatedBy?.displayName ?? null,
        salesPersonId: salesPerson?.id ?? null,
        salesPersonName: salesPerson?.name ?? null,
        styleGuideId: body.styleGuide,
        styleGuideName,
        carTypeId: carType?.id ?? null,
        carTypeName: carType?.carTypeName ?? null,
        platform: device?.platform ?? 'web',
        userAgent: device?.userAgent ?? null,
        deviceModel: device?.model ?? null,
        osVersion: device?.osVersion ?? null,
        appVersion: body.appVersion ?? null,
        takenImagesCount: body.takenImagesCount,
        enabledQa: account.enabled_qa,
      });
      await this.events.append(
        m,
        o,
        'NEW',
        {
          takenImagesCount: o.takenImagesCount,
          platform: o.platform,
          ...(impersonatedBy ? { impersonatedBy: impersonatedBy.displayName } : {}),
          ...(salesPerson ? { salesMan: salesPerson.name } : {}),
        },
        creator,
        o.createdAt,
      );
      await this.messaging.outbox.add(m, OrdersEvents.created, orderCreated(o));
      return o;
    });
    return toOrderView(saved, []);
  }

  // -------------------------------------------------------------------------------------
  // read

  /** The order with its tags: one statement, the row mapped straight to the answer. */
  async get(actor: Actor, id: string): Promise<OrderView> {
    const row = await this.orders.viewRow(this.ds.manager, id);
    await this.policy.assertCanSee(actor, row && { accountId: row.account_id });
    return orderViewOfRow(row!);
  }

  async list(actor: Actor, q: OrderListQuery): Promise<Paged<OrderListItem>> {
    const withNote = OrderPolicy.seesNotePreview(actor);
    const accountRole = OrderPolicy.isAccount(actor);
    // the default starts at the minute 14 days ago: the same list asked twice in a minute is the same search (its count is kept)
    const from = q.from ? parseDate(q.from, 'from') : accountRole ? undefined : new Date(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - DEFAULT_FROM_DAYS * DAY_MS);
    let toBefore: Date | undefined;
    if (q.to) {
      const to = parseDate(q.to, 'to');
      // a date alone means the whole of that day (UTC)
      toBefore = DATE_ONLY.test(q.to) ? new Date(to.getTime() + DAY_MS) : new Date(to.getTime() + 1);
    }
    const search = q.search?.trim().toLowerCase();
    const { rows, total, page } = await this.orders.list(
      this.ds.manager,
      {
        scope: await this.policy.scope(actor),
        from,
        toBefore,
        status: q.status,
        qaStatus: q.QAstatus,
        video: q.video,
        salesPersonId: q.salesMan,
        accountId: q.userId,
        search: search || undefined,
        sort: q.sort ?? 'createdAt',
        dir: q.order ?? 'DESC',
      },
      q.page,
    );
    // an Uploading order nothing has changed since this moment is flagged as left unfinished
    const staleBefore = new Date(Date.now() - this.config.ORDERS_UPLOAD_STALE_HOURS * 3_600_000);
    return paged(
      // a link the browser may cache until the order changes (its picture changes only with the order's progress)
      rows.map((r) => {
        const sign = (key: string | null) => (key ? this.storage.signedCachedGet(key, String(r.updated_at.getTime()), VIEW_URL_TTL_SECONDS) : null);
        return listItemOfRow(r, withNote, sign(r.thumbnail_key), staleBefore, sign(r.picture_key));
      }),
      total,
      page,
    );
  }

  /** How many orders an account has: for whoever sees its orders; another tenant's account is "not found". */
  async countOfAccount(actor: Actor, p: AccountOrdersPayload): Promise<{ ordersCount: number }> {
    if (!OrderPolicy.inScope(await this.policy.scope(actor), p.userId)) throw RpcError.notFound('User not found');
    return { ordersCount: await this.orders.countOfAccount(this.ds.manager, p.userId) };
  }

  /**
   * For the users service's one backfill of `last_order_date`: each account's newest order, a
   * page by account id. Only the System actor asks; anyone else is 403.
   */
  async lastOrderDates(actor: Actor, p: LastOrderDatesPayload): Promise<AccountLastOrder[]> {
    OrderPolicy.assertSystem(actor, 'Only the system may read every account\'s last order');
    const rows = await this.orders.lastOrderDates(this.ds.manager, p.after ?? null, p.limit ?? LAST_ORDER_DATES_PAGE);
    return rows.map((r) => ({ accountId: r.accountId, lastOrderAt: r.lastOrderAt.toISOString() }));
  }

  /** For the images service: the order as the actor may see it (and change it, with `write`). */
  async access(actor: Actor, p: OrderAccessPayload): Promise<OrderAccess> {
    const row = await this.orders.accessRow(this.ds.manager, p.id);
    const o = row && { accountId: row.account_id };
    if (p.write) await this.policy.assertCanWrite(actor, o);
    else await this.policy.assertCanSee(actor, o);
    return accessOfRow(row!);
  }

  // -------------------------------------------------------------------------------------
  // change

  async update(actor: Actor, p: UpdateOrderPayload): Promise<OrderView> {
    const statusChange = p.status !== undefined || p.QAstatus !== undefined;
    const changed = STAFF_FIELDS.filter((f) => p[f] !== undefined);
    if (!statusChange && !changed.length) throw RpcError.badRequest('Nothing to change: give orderName, status, QAstatus, note, carType or salesMan');
    const current = await this.visible(actor, p.id);
    await this.policy.assertCanUpdate(actor, current, { status: statusChange, fields: changed });
    const pair = resolveStatusChange(p);

    // references, checked before the transaction
    const system = systemActor(actor.requestId);
    const carType = p.carType ? await resolveRef(this.messaging.rpc.send(CarTypesRpc.get, { id: p.carType }, system), 'Car type not found') : null;
    let salesPerson: { id: string; name: string } | null = null;
    if (p.salesMan) {
      const sp = await resolveRef(this.messaging.rpc.send(SalesPeopleRpc.get, { id: p.salesMan }, system), ORDER_MESSAGES.salesPersonNotFound);
      if (sp.userId !== current.accountId) throw RpcError.badRequest(ORDER_MESSAGES.salesPersonNotFound);
      salesPerson = { id: sp.id, name: sp.name };
    }
    const by = await this.names.of(actor);

    return inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, p.id, true);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      const edits: OrderEventPayloads['EDITED'] = {};
      if (p.orderName !== undefined) {
        if (o.orderName !== p.orderName) edits.orderName = { from: o.orderName, to: p.orderName };
        o.orderName = p.orderName;
      }
      if (p.note !== undefined) {
        const note = p.note?.trim() ? p.note : null;
        if (o.note !== note) edits.note = { from: o.note, to: note };
        o.note = note;
      }
      if (p.carType !== undefined) {
        if (o.carTypeName !== (carType?.carTypeName ?? null) || o.carTypeId !== (carType?.id ?? null)) {
          edits.carType = { from: o.carTypeName, to: carType?.carTypeName ?? null };
        }
        o.carTypeId = carType?.id ?? null;
        o.carTypeName = carType?.carTypeName ?? null;
      }
      if (salesPerson) {
        if (o.salesPersonId !== salesPerson.id) edits.salesMan = { from: o.salesPersonName, to: salesPerson.name };
        o.salesPersonId = salesPerson.id;
        o.salesPersonName = salesPerson.name;
      }
      // a new sales person: its id goes on the line too, for the statistics' orders per sales person
      if (Object.keys(edits).length) await this.events.append(m, o, 'EDITED', edits.salesMan ? { ...edits, salesPersonId: o.salesPersonId } : edits, by);
      if (pair) await this.transitions.moveTo(m, o, pair, by, actor.userId ?? 'system');
      const saved = await this.orders.save(m, o);
      return this.view(m, saved);
    });
  }

  /** Order counts of the accounts on a customers page: admin and QA, who see every order. */
  async countsByAccount(actor: Actor, p: OrderCountsPayload): Promise<AccountOrderCount[]> {
    OrderPolicy.assertStaff(actor);
    const ids = [...new Set(p.accountIds)];
    const counts = await this.orders.countsByAccount(this.ds.manager, ids);
    return ids.map((accountId) => ({ accountId, ordersCount: counts.get(accountId) ?? 0 }));
  }

  async approval(actor: Actor, p: OrderApprovalPayload): Promise<OrderView> {
    OrderPolicy.assertStaff(actor);
    await this.visible(actor, p.id);
    const by = await this.names.of(actor);
    return inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, p.id, true);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      // approved: the QA tasks close (OrderTransitions); sent back: the editor's task is REJECTED, back in the editor's own list
      if (!p.approved) await this.qaTasks.sendBack(m, o, by);
      if (await this.transitions.moveTo(m, o, approvalPair(p.approved), by, actor.userId ?? 'system')) await this.orders.save(m, o);
      return this.view(m, o);
    });
  }

  /** Who deletes what: `OrderPolicy.assertCanDelete`. */
  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    const current = await this.orders.findById(this.ds.manager, id);
    await this.policy.assertCanDelete(actor, current);
    const by = await this.names.of(actor);
    await inTransaction(this.ds, async (m) => {
      const o = await this.orders.findById(m, id, true);
      if (!o) throw RpcError.notFound(ORDER_MESSAGES.notFound);
      // checked again on the locked row: the last picture may have just moved it on
      OrderPolicy.assertDeletableNow(actor, o);
      await this.deleteLocked(m, o);
      // the line keeps the order as its creation was told: the statistics' history of a deleted order (orders.statistics.backfill)
      await this.events.append(m, o, 'DELETED', { orderName: o.orderName, created: orderCreated(o) }, by);
    });
    return { deleted: true };
  }

  /** Removes an order and its tags and tells the images service to remove its files. */
  async deleteLocked(m: EntityManager, o: Order): Promise<void> {
    await this.tags.deleteOfOrder(m, o.id);
    await this.orders.delete(m, o.id);
    await this.messaging.outbox.add(m, OrdersEvents.deleted, { orderId: o.id, accountId: o.accountId, at: new Date().toISOString() });
  }
}
