import {
  ADMIN_ONLY_USER_FIELDS,
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
  type UserView,
} from '@app/contracts';
import { isUniqueViolation, MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AuthRepository, TEMPORARY_PASSWORD_JUST_SENT } from '../auth/auth.repository';
import { generateTemporaryPassword, PasswordHasher } from '../auth/password-hasher';
import { Mailer } from '../mail/mailer';
import { SalesPerson } from '../sales-people/sales-person.entity';
import { confirmsDeletion, toListItem, toUserView } from './account-view';
import { AccountsRepository } from './accounts.repository';
import { loginEmailTaken } from './login-directory';
import { UserAccount } from './user-account.entity';

export const ACCOUNT_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'An account with this e-mail already exists',
  adminOnlyFields: (fields: string[]) => `Only an admin may change: ${fields.join(', ')}`,
  notManagement: 'Child accounts can only be set on a Management account',
  unknownChildren: (ids: string[]) => `Unknown accounts: ${ids.join(', ')}`,
  childIsSelf: 'An account cannot be its own child account',
  hashMismatch: 'The confirmation hash does not match this account',
  deleteSelf: 'You cannot delete your own account',
  alreadyConfirmed: 'This account has already chosen its password',
} as const;

@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly messaging: MessagingHost,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
  ) {}

  private async view(manager: EntityManager, user: UserAccount, actor: Actor, forAdmin = AccountAccess.isAdmin(actor)): Promise<UserView> {
    const [permissions, children] = await Promise.all([
      AccountsRepository.permissionNames(manager, user.id),
      AccountsRepository.childIds(manager, user.id),
    ]);
    return toUserView(user, permissions, children, forAdmin);
  }

  private async load(manager: EntityManager, actor: Actor, id: string): Promise<UserAccount> {
    await AccountAccess.assertCanRead(manager, actor, id, ACCOUNT_MESSAGES.notFound);
    const user = await AccountsRepository.byId(manager, id);
    if (!user) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
    return user;
  }

  async list(actor: Actor, query: UserListQuery): Promise<Paged<UserListItem>> {
    const scope = await AccountAccess.readScope(this.ds.manager, actor);
    // QA's customers list holds the dealerships only: another role asked for is an empty list
    if (actor.role === 'QA') {
      if (query.userRole !== undefined && query.userRole !== 'Dealership') return paged([], 0, 1);
      query = { ...query, userRole: 'Dealership' };
    }
    const filter = { scope: scope.kind === 'all' ? ('all' as const) : scope.ids, ...query };
    let page = query.page ?? 1;
    let [rows, total] = await AccountsRepository.page(this.ds.manager, filter, page);
    const clamped = clampPage(page, total);
    if (clamped !== page) {
      page = clamped;
      [rows, total] = await AccountsRepository.page(this.ds.manager, filter, page);
    }
    return paged(rows.map(toListItem), total, page);
  }

  async get(actor: Actor, id: string): Promise<UserView> {
    const user = await this.load(this.ds.manager, actor, id);
    return this.view(this.ds.manager, user, actor);
  }

  async me(actor: Actor): Promise<MeView> {
    if (!actor.userId) throw RpcError.unauthorized();
    const user = await AccountsRepository.byId(this.ds.manager, actor.userId);
    if (!user) throw RpcError.unauthorized();
    // never the delete-confirmation hash: nobody deletes their own account, and the sign-in
    // response asks for `me` as the system, which would otherwise count as an admin
    const view = await this.view(this.ds.manager, user, actor, false);
    let loggedInSalesPersonInfo: MeView['loggedInSalesPersonInfo'] = null;
    if (actor.salesPersonId) {
      const sp = await this.ds.manager.findOne(SalesPerson, { where: { id: actor.salesPersonId, userId: user.id } });
      if (!sp) throw RpcError.unauthorized();
      loggedInSalesPersonInfo = { id: sp.id, name: sp.name, email: sp.email };
    }
    return { ...view, loggedInSalesPersonInfo };
  }

  async update(actor: Actor, payload: UpdateUserPayload): Promise<UserView> {
    const { id, ...changes } = payload;
    return this.ds.transaction(async (manager) => {
      const user = await this.load(manager, actor, id);
      assertMayUpdate(actor, user, changes);
      if (changes.email && changes.email !== user.email.toLowerCase()) {
        if (await loginEmailTaken(manager, changes.email, { userId: id })) throw RpcError.conflict(ACCOUNT_MESSAGES.emailTaken);
        user.email = changes.email;
      }
      if (changes.displayName !== undefined) user.displayName = changes.displayName;
      if (changes.language !== undefined) user.language = changes.language;
      if (changes.userRole !== undefined) {
        if (user.userRole === 'Management' && changes.userRole !== 'Management') {
          await AccountsRepository.replaceChildren(manager, id, []);
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
      if (changes.currency !== undefined) user.currency = changes.currency;
      if (changes.subscriptionPrice !== undefined) user.subscriptionPrice = changes.subscriptionPrice;
      if (changes.mobileAppAccess !== undefined) user.mobileAppAccess = changes.mobileAppAccess;
      if (changes.minimumZoomValue !== undefined) user.minimumZoomValue = changes.minimumZoomValue;
      if (changes.enabled_qa !== undefined) user.enabledQa = changes.enabled_qa;
      if (changes.desaturateYellowLight !== undefined) user.desaturateYellowLight = changes.desaturateYellowLight;
      const saved = await manager.save(UserAccount, user);
      return this.view(manager, saved, actor);
    }).catch(emailTakenOnDuplicate);
  }

  async createAccount(actor: Actor, body: CreateAccountBody): Promise<UserView> {
    AccountAccess.assertAdmin(actor);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    const created = await this.ds.transaction(async (manager) => {
      if (await loginEmailTaken(manager, body.email)) throw RpcError.conflict(ACCOUNT_MESSAGES.emailTaken);
      const user = manager.create(UserAccount, {
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
        passwordHash,
        userStatus: 'FORCE_CHANGE_PASSWORD',
        passwordChangedAt: null,
        lastOrderDate: null,
      });
      const saved = await manager.save(UserAccount, user);
      await this.messaging.outbox.add(manager, UsersEvents.accountCreated, { userId: saved.id, userRole: saved.userRole });
      return saved;
    }).catch(emailTakenOnDuplicate);
    await this.mailer.temporaryPassword(created.email, created.language, created.displayName, password);
    return this.view(this.ds.manager, created, actor);
  }

  async resendTemporaryPassword(actor: Actor, body: ResendTemporaryPasswordBody): Promise<{ sent: true }> {
    AccountAccess.assertAdmin(actor);
    const user = await AccountsRepository.byEmail(this.ds.manager, body.email, true);
    if (!user) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
    if (user.userStatus !== 'FORCE_CHANGE_PASSWORD') throw RpcError.badRequest(ACCOUNT_MESSAGES.alreadyConfirmed);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    await this.ds.transaction(async (m) => {
      // two resends at once: the first write wins and mails; the other is told (409)
      if (!(await AuthRepository.replaceTemporaryPassword(m, { userId: user.id, salesPersonId: null }, user.passwordHash, passwordHash))) {
        throw RpcError.conflict(TEMPORARY_PASSWORD_JUST_SENT);
      }
      // a challenge opened with the old temporary password must not outlive it
      await AuthRepository.spendChallengesOf(m, { userId: user.id, salesPersonId: null });
    });
    await this.mailer.temporaryPassword(user.email, user.language, user.displayName, password);
    return { sent: true };
  }

  async deleteAccount(actor: Actor, body: DeleteUserAccountBody): Promise<{ deleted: true }> {
    AccountAccess.assertAdmin(actor);
    if (actor.userId === body.userId) throw RpcError.badRequest(ACCOUNT_MESSAGES.deleteSelf);
    await this.ds.transaction(async (manager) => {
      // locked: a second delete at the same moment waits, then finds no account (404) and
      // tells the other services nothing a second time
      const user = await AccountsRepository.lockById(manager, body.userId);
      if (!user) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
      if (!confirmsDeletion(body.hash, user.id)) throw RpcError.badRequest(ACCOUNT_MESSAGES.hashMismatch);
      // sales people, permissions, child links, integrations and sessions go with it (cascade)
      await manager.delete(UserAccount, { id: user.id });
      await this.messaging.outbox.add(manager, UsersEvents.accountDeleted, { userId: user.id });
    });
    return { deleted: true };
  }

  async setChildAccounts(actor: Actor, payload: SetChildAccountsPayload): Promise<ChildAccountView[]> {
    AccountAccess.assertAdmin(actor);
    return this.ds.transaction(async (manager) => {
      const parent = await AccountsRepository.lockById(manager, payload.id);
      if (!parent) throw RpcError.notFound(ACCOUNT_MESSAGES.notFound);
      if (parent.userRole !== 'Management') throw RpcError.badRequest(ACCOUNT_MESSAGES.notManagement);
      const ids = [...new Set(payload.childAccounts)];
      if (ids.includes(parent.id)) throw RpcError.badRequest(ACCOUNT_MESSAGES.childIsSelf);
      const existing = await AccountsRepository.existingIds(manager, ids);
      const unknown = ids.filter((id) => !existing.includes(id));
      if (unknown.length) throw RpcError.badRequest(ACCOUNT_MESSAGES.unknownChildren(unknown));
      await AccountsRepository.replaceChildren(manager, parent.id, ids);
      return (await this.allChildren(manager, parent.id)).map(toChildView);
    });
  }

  private async allChildren(manager: EntityManager, parentId: string): Promise<UserAccount[]> {
    const ids = await AccountsRepository.childIds(manager, parentId);
    if (!ids.length) return [];
    return manager
      .createQueryBuilder(UserAccount, 'u')
      .where('u.id = ANY(:ids)', { ids })
      .orderBy('u.display_name', 'ASC')
      .getMany();
  }

  async childAccountsPage(actor: Actor, payload: ChildAccountsPagePayload): Promise<Paged<ChildAccountView>> {
    await this.load(this.ds.manager, actor, payload.userId);
    let page = payload.page ?? 1;
    let [rows, total] = await AccountsRepository.childrenPage(this.ds.manager, payload.userId, page);
    const clamped = clampPage(page, total);
    if (clamped !== page) {
      page = clamped;
      [rows, total] = await AccountsRepository.childrenPage(this.ds.manager, payload.userId, page);
    }
    return paged(rows.map(toChildView), total, page);
  }

  async childAccountsData(actor: Actor, userId: string): Promise<UserView[]> {
    await this.load(this.ds.manager, actor, userId);
    const children = await this.allChildren(this.ds.manager, userId);
    return Promise.all(children.map((c) => this.view(this.ds.manager, c, actor)));
  }
}

/**
 * Who may change what of an account it can read: the admin anything; the account itself (not
 * one of its sales people), and QA on a dealership or management account (the customer
 * form), everything but the admin-only fields. Refused with 403, naming the admin-only fields
 * asked for.
 */
export function assertMayUpdate(actor: Actor, account: Pick<UserAccount, 'id' | 'userRole'>, changes: UpdateUserBody): void {
  if (AccountAccess.isAdmin(actor)) return;
  const adminOnly = ADMIN_ONLY_USER_FIELDS.filter((f) => changes[f] !== undefined);
  if (adminOnly.length) throw RpcError.forbidden(ACCOUNT_MESSAGES.adminOnlyFields(adminOnly));
  const self = actor.userId === account.id && !actor.salesPersonId;
  const qaOnCustomer = actor.role === 'QA' && (account.userRole === 'Dealership' || account.userRole === 'Management');
  if (!self && !qaOnCustomer) throw RpcError.forbidden();
}

/** Two requests for one e-mail both passed the check: the loser hears what the check says. */
function emailTakenOnDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'user_account_email_uq')) throw RpcError.conflict(ACCOUNT_MESSAGES.emailTaken);
  throw err;
}

function toChildView(u: UserAccount): ChildAccountView {
  return { id: u.id, displayName: u.displayName, email: u.email, userRole: u.userRole, country: u.country };
}
