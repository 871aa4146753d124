import {
  DEFAULT_PERMISSIONS,
  dealerFieldRequired,
  missingDealerFields,
  needsDealerFields,
  clampPage,
  paged,
  RpcError,
  UsersEvents,
  type Actor,
  type ChildAccountView,
  type ChildAccountsPagePayload,
  type CreateAccountBody,
  type DeleteUserAccountBody,
  type MeView,
  type Paged,
  type ResendTemporaryPasswordBody,
  type SetChildAccountsPayload,
  type UpdateUserBody,
  type UpdateUserPayload,
  type UserListItem,
  type UserListQuery,
  type DealerOnlyField,
  type Role,
  type UserView,
} from '@app/contracts';
import { inTransaction, MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AuthRepository, TEMPORARY_PASSWORD_JUST_SENT } from '../auth/auth.repository';
import { generateTemporaryPassword, PasswordHasher } from '../auth/password-hasher';
import { Mailer } from '../mail/mailer';
import { PermissionsRepository } from '../permissions/permissions.repository';
import { SalesPeopleRepository } from '../sales-people/sales-people.repository';
import { SalesPersonEvents } from '../sales-people/sales-person-events';
import { AccountEvents } from './account-events';
import { ACCOUNT_MESSAGES } from './account-messages';
import { accountOfRow, confirmsDeletion, toListItem, toMeView, toUserView } from './account-view';
import { AccountsRepository } from './accounts.repository';
import type { UserAccount } from './user-account.entity';

const dealerFieldsOf = (u: UserAccount): Record<DealerOnlyField, string> => ({
  city: u.city,
  postalCode: u.postalCode,
  address: u.address,
  companyId: u.companyId,
  phoneNumber: u.contactPhone,
  title: u.contactTitle,
});

/** The dealer-only fields an update sends (an empty one clears it). */
function sentDealerFields(changes: UpdateUserBody): DealerOnlyField[] {
  const sent: DealerOnlyField[] = [];
  for (const f of ['city', 'postalCode', 'address', 'companyId'] as const) if (changes.address?.[f] !== undefined) sent.push(f);
  for (const f of ['phoneNumber', 'title'] as const) if (changes.contactPerson?.[f] !== undefined) sent.push(f);
  return sent;
}

/**
 * 400 with each field's sentence when a Dealership or Management account would be left without
 * a dealer-only field. `only`: check just these (an update checks what it sends, so an older
 * account missing a field can still change its name); null: check all (a creation, or a staff
 * account becoming a customer).
 */
function assertDealerFields(role: Role, values: Partial<Record<DealerOnlyField, string | undefined>>, only: DealerOnlyField[] | null): void {
  const missing = missingDealerFields(role, values).filter((f) => only === null || only.includes(f));
  if (missing.length) throw RpcError.badRequest(missing.map((f) => dealerFieldRequired(f, role)).join('; '));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO date (midnight UTC) or time, or 400 naming the field. */
function parseDate(value: string, field: 'from' | 'to'): Date {
  const d = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) throw RpcError.badRequest(ACCOUNT_MESSAGES.badDate(field));
  return d;
}

/**
 * The accounts list's creation window: from its first instant, to the end of its day when
 * `to` is a date alone (the day the user picked is in the list), else to that instant.
 */
export function createdWindow(from: string | undefined, to: string | undefined): { createdFrom?: Date; createdBefore?: Date } {
  const createdFrom = from ? parseDate(from, 'from') : undefined;
  let createdBefore: Date | undefined;
  if (to) {
    const end = parseDate(to, 'to');
    createdBefore = new Date(end.getTime() + (DATE_ONLY.test(to) ? DAY_MS : 1));
  }
  if (createdFrom && createdBefore && createdFrom >= createdBefore) throw RpcError.badRequest(ACCOUNT_MESSAGES.fromAfterTo);
  return { ...(createdFrom ? { createdFrom } : {}), ...(createdBefore ? { createdBefore } : {}) };
}

@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly accounts: AccountsRepository,
    private readonly salesPeople: SalesPeopleRepository,
    private readonly auth: AuthRepository,
    private readonly access: AccountAccess,
    private readonly messaging: MessagingHost,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly events: AccountEvents,
    private readonly salesPersonEvents: SalesPersonEvents,
    private readonly permissions: PermissionsRepository,
  ) {}

  private async view(manager: EntityManager, user: UserAccount, actor: Actor, forAdmin = AccountAccess.isAdmin(actor)): Promise<UserView> {
    const [permissions, children] = await Promise.all([
      this.accounts.permissionNames(manager, user.id),
      this.accounts.childIds(manager, user.id),
    ]);
    return toUserView(user, permissions, children, forAdmin);
  }

  private async load(manager: EntityManager, actor: Actor, id: string): Promise<UserAccount> {
    await this.access.assertCanRead(manager, actor, id, ACCOUNT_MESSAGES.notFound);
    const user = await this.accounts.byId(manager, id);
    if (!user) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
    return user;
  }

  async list(actor: Actor, query: UserListQuery): Promise<Paged<UserListItem>> {
    const scope = await this.access.readScope(this.ds.manager, actor);
    // QA's customers list holds the dealerships only: another role asked for is an empty list
    if (AccountAccess.listsDealershipsOnly(actor)) {
      if (query.userRole !== undefined && query.userRole !== 'Dealership') return paged([], 0, 1);
      query = { ...query, userRole: 'Dealership' };
    }
    const { from, to, ...rest } = query;
    const filter = { scope: scope.kind === 'all' ? ('all' as const) : scope.ids, ...rest, ...createdWindow(from, to) };
    let page = query.page ?? 1;
    let [rows, total] = await this.accounts.page(this.ds.manager, filter, page);
    const clamped = clampPage(page, total);
    if (clamped !== page) {
      page = clamped;
      [rows, total] = await this.accounts.page(this.ds.manager, filter, page);
    }
    return paged(rows.map(toListItem), total, page);
  }

  async get(actor: Actor, id: string): Promise<UserView> {
    const user = await this.load(this.ds.manager, actor, id);
    return this.view(this.ds.manager, user, actor);
  }

  async me(actor: Actor): Promise<MeView> {
    if (!actor.userId) throw RpcError.unauthorized();
    // one statement: the account, its permissions, its children and the signed-in sales person
    const row = await this.accounts.me(this.ds.manager, actor.userId, actor.salesPersonId ?? null);
    if (!row) throw RpcError.unauthorized();
    // a sales person that is gone, or is another account's, is no longer signed in
    if (actor.salesPersonId && !row.sp_id) throw RpcError.unauthorized();
    // never the delete-confirmation hash (`toMeView`): nobody deletes their own account, and
    // the sign-in response asks for `me` as the system, which would otherwise count as an admin
    const salesPerson = row.sp_id === null ? null : { id: row.sp_id, name: row.sp_name as string, email: row.sp_email as string };
    return toMeView(accountOfRow(row), row.permissions, row.child_accounts, salesPerson);
  }

  async update(actor: Actor, payload: UpdateUserPayload): Promise<UserView> {
    const { id, ...changes } = payload;
    return inTransaction(this.ds, async (manager) => {
      const user = await this.load(manager, actor, id);
      AccountAccess.assertCanUpdate(actor, user, changes);
      const before = { displayName: user.displayName, email: user.email, userRole: user.userRole };
      let childrenCleared = false;
      if (changes.email && changes.email !== user.email.toLowerCase()) {
        if (await this.auth.loginEmailTaken(manager, changes.email, { userId: id })) throw RpcError.conflict(ACCOUNT_MESSAGES.emailTaken);
        user.email = changes.email;
      }
      if (changes.displayName !== undefined) user.displayName = changes.displayName;
      if (changes.language !== undefined) user.language = changes.language;
      if (changes.userRole !== undefined) {
        if (user.userRole === 'Management' && changes.userRole !== 'Management') {
          childrenCleared = (await this.accounts.childIds(manager, id)).length > 0;
          await this.accounts.replaceChildren(manager, id, []);
        }
        user.userRole = changes.userRole;
      }
      if (changes.roleTags !== undefined) user.roleTags = [...new Set(changes.roleTags)];
      if (changes.address) {
        const a = changes.address;
        if (a.country !== undefined) user.country = a.country;
        if (a.city !== undefined) user.city = a.city;
        if (a.postalCode !== undefined) user.postalCode = a.postalCode;
        if (a.address !== undefined) user.address = a.address;
        if (a.companyId !== undefined) user.companyId = a.companyId;
      }
      if (changes.contactPerson) {
        const c = changes.contactPerson;
        if (c.name !== undefined) user.contactName = c.name;
        if (c.email !== undefined) user.contactEmail = c.email;
        if (c.phoneNumber !== undefined) user.contactPhone = c.phoneNumber;
        if (c.title !== undefined) user.contactTitle = c.title;
      }
      // a staff account turned into a dealership or management account needs every dealer field;
      // otherwise only what the update sends is checked (an older account missing one may still change)
      const becomesCustomer = !needsDealerFields(before.userRole) && needsDealerFields(user.userRole);
      assertDealerFields(user.userRole, dealerFieldsOf(user), becomesCustomer ? null : sentDealerFields(changes));
      if (changes.currency !== undefined) user.currency = changes.currency;
      if (changes.subscriptionPrice !== undefined) user.subscriptionPrice = changes.subscriptionPrice;
      if (changes.mobileAppAccess !== undefined) user.mobileAppAccess = changes.mobileAppAccess;
      if (changes.minimumZoomValue !== undefined) user.minimumZoomValue = changes.minimumZoomValue;
      if (changes.enabled_qa !== undefined) user.enabledQa = changes.enabled_qa;
      if (changes.desaturateYellowLight !== undefined) user.desaturateYellowLight = changes.desaturateYellowLight;
      if (changes.editedImageLabel !== undefined) user.editedImageLabel = changes.editedImageLabel;
      if (changes.keepOriginalMetadata !== undefined) user.keepOriginalMetadata = changes.keepOriginalMetadata;
      const saved = await this.accounts.save(manager, user);
      if (accountSavedChanged(before, saved)) await this.events.saved(manager, saved);
      if (childrenCleared) await this.events.childrenChanged(manager, saved.id);
      return this.view(manager, saved, actor);
    });
  }

  async createAccount(actor: Actor, body: CreateAccountBody): Promise<UserView> {
    AccountAccess.assertAdmin(actor);
    assertDealerFields(body.userRole ?? 'Dealership', { ...body.address, phoneNumber: body.contactPerson.phoneNumber, title: body.contactPerson.title }, null);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    const created = await inTransaction(this.ds, async (manager) => {
      if (await this.auth.loginEmailTaken(manager, body.email)) throw RpcError.conflict(ACCOUNT_MESSAGES.emailTaken);
      const saved = await this.accounts.insert(manager, {
        email: body.email,
        displayName: body.displayName,
        language: body.language ?? 'en',
        userRole: body.userRole ?? 'Dealership',
        roleTags: [...new Set(body.roleTags ?? [])],
        country: body.address.country,
        city: body.address.city ?? '',
        postalCode: body.address.postalCode ?? '',
        address: body.address.address ?? '',
        companyId: body.address.companyId ?? '',
        contactName: body.contactPerson.name,
        contactEmail: body.contactPerson.email,
        contactPhone: body.contactPerson.phoneNumber ?? '',
        contactTitle: body.contactPerson.title ?? '',
        currency: body.currency ?? 'EUR',
        subscriptionPrice: body.subscriptionPrice ?? null,
        mobileAppAccess: body.mobileAppAccess ?? false,
        minimumZoomValue: body.minimumZoomValue ?? 1,
        enabledQa: body.enabled_qa ?? false,
        desaturateYellowLight: body.desaturateYellowLight ?? false,
        editedImageLabel: body.editedImageLabel ?? false,
        keepOriginalMetadata: body.keepOriginalMetadata ?? false,
        passwordHash,
        userStatus: 'FORCE_CHANGE_PASSWORD',
        passwordChangedAt: null,
        lastOrderDate: null,
      });
      // the role's documented default set, so a new account works on its first day (editable afterwards)
      await this.permissions.grantNames(manager, saved.id, DEFAULT_PERMISSIONS[saved.userRole]);
      await this.messaging.outbox.add(manager, UsersEvents.accountCreated, { userId: saved.id, userRole: saved.userRole });
      await this.events.saved(manager, saved);
      return saved;
    });
    await this.mailer.temporaryPassword(created.email, created.language, created.displayName, password);
    return this.view(this.ds.manager, created, actor);
  }

  async resendTemporaryPassword(actor: Actor, body: ResendTemporaryPasswordBody): Promise<{ sent: true }> {
    AccountAccess.assertAdmin(actor);
    const user = await this.accounts.byEmail(this.ds.manager, body.email, true);
    if (!user) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
    if (user.userStatus !== 'FORCE_CHANGE_PASSWORD') throw RpcError.badRequest(ACCOUNT_MESSAGES.alreadyConfirmed);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    await inTransaction(this.ds, async (m) => {
      // two resends at once: the first write wins and mails; the other is told (409)
      if (!(await this.auth.replaceTemporaryPassword(m, { userId: user.id, salesPersonId: null }, user.passwordHash, passwordHash))) {
        throw RpcError.conflict(TEMPORARY_PASSWORD_JUST_SENT);
      }
      // a challenge opened with the old temporary password must not outlive it
      await this.auth.spendChallengesOf(m, { userId: user.id, salesPersonId: null });
    });
    await this.mailer.temporaryPassword(user.email, user.language, user.displayName, password);
    return { sent: true };
  }

  async deleteAccount(actor: Actor, body: DeleteUserAccountBody): Promise<{ deleted: true }> {
    AccountAccess.assertAdmin(actor);
    if (actor.userId === body.userId) throw RpcError.badRequest(ACCOUNT_MESSAGES.deleteSelf);
    await inTransaction(this.ds, async (manager) => {
      // locked: a second delete at the same moment waits, then finds no account (404) and
      // tells the other services nothing a second time
      const user = await this.accounts.lockById(manager, body.userId);
      if (!user) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
      if (!confirmsDeletion(body.hash, user.id)) throw RpcError.badRequest(ACCOUNT_MESSAGES.hashMismatch);
      await this.auth.dropResetCodesOfAccount(manager, user.id);
      const parents = await this.accounts.parentIds(manager, user.id);
      const salesPeople = await this.salesPeople.allOfAccount(manager, user.id);
      // sales people, permissions, child links, integrations and sessions go with it (cascade)
      await this.accounts.delete(manager, user.id);
      await this.messaging.outbox.add(manager, UsersEvents.accountDeleted, { userId: user.id });
      // the management accounts it was a child of have one child less
      for (const parentId of parents) await this.events.childrenChanged(manager, parentId);
      for (const sp of salesPeople) await this.salesPersonEvents.deleted(manager, sp);
    });
    return { deleted: true };
  }

  async setChildAccounts(actor: Actor, payload: SetChildAccountsPayload): Promise<ChildAccountView[]> {
    AccountAccess.assertAdmin(actor);
    return inTransaction(this.ds, async (manager) => {
      const parent = await this.accounts.lockById(manager, payload.id);
      if (!parent) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
      if (parent.userRole !== 'Management') throw RpcError.badRequest(ACCOUNT_MESSAGES.notManagement);
      const ids = [...new Set(payload.childAccounts)];
      if (ids.includes(parent.id)) throw RpcError.badRequest(ACCOUNT_MESSAGES.childIsSelf);
      const existing = await this.accounts.existingIds(manager, ids);
      const unknown = ids.filter((id) => !existing.includes(id));
      if (unknown.length) throw RpcError.badRequest(ACCOUNT_MESSAGES.unknownChildren(unknown));
      const before = await this.accounts.childIds(manager, parent.id);
      await this.accounts.replaceChildren(manager, parent.id, ids);
      // the same list again (two clicks) changes nothing and tells nobody
      if (before.length !== ids.length || before.some((c) => !ids.includes(c))) await this.events.childrenChanged(manager, parent.id);
      return (await this.accounts.children(manager, parent.id)).map(toChildView);
    });
  }

  async childAccountsPage(actor: Actor, payload: ChildAccountsPagePayload): Promise<Paged<ChildAccountView>> {
    await this.load(this.ds.manager, actor, payload.userId);
    let page = payload.page ?? 1;
    let [rows, total] = await this.accounts.childrenPage(this.ds.manager, payload.userId, page);
    const clamped = clampPage(page, total);
    if (clamped !== page) {
      page = clamped;
      [rows, total] = await this.accounts.childrenPage(this.ds.manager, payload.userId, page);
    }
    return paged(rows.map(toChildView), total, page);
  }

  async childAccountsData(actor: Actor, userId: string): Promise<UserView[]> {
    await this.load(this.ds.manager, actor, userId);
    const children = await this.accounts.children(this.ds.manager, userId);
    return Promise.all(children.map((c) => this.view(this.ds.manager, c, actor)));
  }
}

/** Whether a change touched what `accountSaved` carries: the name, the e-mail or the role. */
export function accountSavedChanged(before: Pick<UserAccount, 'displayName' | 'email' | 'userRole'>, after: Pick<UserAccount, 'displayName' | 'email' | 'userRole'>): boolean {
  return before.displayName !== after.displayName || before.email !== after.email || before.userRole !== after.userRole;
}

function toChildView(u: UserAccount): ChildAccountView {
  return { id: u.id, displayName: u.displayName, email: u.email, userRole: u.userRole, country: u.country };
}
