import {
  paged,
  RpcError,
  SALES_PERSON_MESSAGES,
  type Actor,
  type CreateSalesPeopleBody,
  type Paged,
  type SalesPeopleOfUserPayload,
  type SalesPersonView,
  type UpdateSalesPersonPayload,
} from '@app/contracts';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AuthRepository, TEMPORARY_PASSWORD_JUST_SENT } from '../auth/auth.repository';
import { generateTemporaryPassword, PasswordHasher } from '../auth/password-hasher';
import { Mailer } from '../mail/mailer';
import { SalesPeopleRepository } from './sales-people.repository';
import { SalesPersonEvents } from './sales-person-events';
import type { SalesPerson } from './sales-person.entity';

function toView(sp: SalesPerson): SalesPersonView {
  return {
    id: sp.id,
    userId: sp.userId,
    name: sp.name,
    email: sp.email,
    phone: sp.phone,
    loginActivated: sp.loginActivated,
    userStatus: sp.loginActivated ? sp.userStatus : null,
    createdAt: sp.createdAt.toISOString(),
    updatedAt: sp.updatedAt.toISOString(),
  };
}

/**
 * Sales people of a dealership. Anyone who may read the account reads
 * them; the account itself (not one of its sales people) and the admin change them; only the
 * admin gives one a login.
 */
@Injectable()
export class SalesPeopleService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly salesPeople: SalesPeopleRepository,
    private readonly accounts: AccountsRepository,
    private readonly auth: AuthRepository,
    private readonly access: AccountAccess,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly events: SalesPersonEvents,
  ) {}

  /**
   * The sales person, if the actor may see it. `lock` holds its row to the end of the
   * transaction: a second delete or activation at the same moment waits, then finds it gone
   * (404) or already activated (409), never "succeeds" twice.
   */
  private async load(m: EntityManager, actor: Actor, id: string, lock = false): Promise<SalesPerson> {
    const sp = await this.salesPeople.findById(m, id, lock);
    if (!sp || !(await this.access.canRead(m, actor, sp.userId))) throw RpcError.notFound(SALES_PERSON_MESSAGES.notFound);
    return sp;
  }

  private async assertEmailFree(m: EntityManager, userId: string, email: string, exceptId?: string): Promise<void> {
    if (await this.salesPeople.emailUsedInAccount(m, userId, email, exceptId)) throw RpcError.conflict(SALES_PERSON_MESSAGES.duplicateEmail);
  }

  async get(actor: Actor, id: string): Promise<SalesPersonView> {
    return toView(await this.load(this.ds.manager, actor, id));
  }

  async pageOfUser(actor: Actor, p: SalesPeopleOfUserPayload): Promise<Paged<SalesPersonView>> {
    await this.access.assertCanRead(this.ds.manager, actor, p.userId);
    const { rows, total, page } = await this.salesPeople.pageOfAccount(this.ds.manager, p.userId, p.page);
    return paged(rows.map(toView), total, page);
  }

  async allOfUser(actor: Actor, userId: string): Promise<SalesPersonView[]> {
    await this.access.assertCanRead(this.ds.manager, actor, userId);
    return (await this.salesPeople.allOfAccount(this.ds.manager, userId)).map(toView);
  }

  async countOfUser(actor: Actor, userId: string): Promise<{ salesManCount: number }> {
    await this.access.assertCanRead(this.ds.manager, actor, userId);
    return { salesManCount: await this.salesPeople.countOfAccount(this.ds.manager, userId) };
  }

  async create(actor: Actor, body: CreateSalesPeopleBody): Promise<SalesPersonView[]> {
    return inTransaction(this.ds, async (m) => {
      await this.access.assertCanManageOwn(m, actor, body.userId);
      // locked: a second request adding the same e-mail waits, then sees the first
      const owner = await this.accounts.lockById(m, body.userId);
      if (!owner) throw RpcError.notFound('User not found');
      if (owner.userRole !== 'Dealership') throw RpcError.badRequest(SALES_PERSON_MESSAGES.notDealership);
      const emails = body.salesMan.map((s) => s.email.toLowerCase());
      if (new Set(emails).size !== emails.length) throw RpcError.conflict(SALES_PERSON_MESSAGES.duplicateEmail);
      const created: SalesPerson[] = [];
      for (const input of body.salesMan) {
        await this.assertEmailFree(m, body.userId, input.email);
        created.push(
          await this.salesPeople.insert(m, {
            userId: body.userId,
            name: input.name,
            email: input.email,
            phone: input.phone,
            loginActivated: false,
            userStatus: null,
            passwordHash: null,
          }),
        );
      }
      for (const sp of created) await this.events.saved(m, sp);
      return created.map(toView);
    });
  }

  async update(actor: Actor, p: UpdateSalesPersonPayload): Promise<SalesPersonView> {
    return inTransaction(this.ds, async (m) => {
      const sp = await this.load(m, actor, p.id, true);
      await this.access.assertCanManageOwn(m, actor, sp.userId, SALES_PERSON_MESSAGES.notFound);
      if (p.email !== undefined && p.email.toLowerCase() !== sp.email.toLowerCase()) {
        await this.assertEmailFree(m, sp.userId, p.email, sp.id);
        if (sp.loginActivated && (await this.auth.loginEmailTaken(m, p.email, { salesPersonId: sp.id }))) {
          throw RpcError.conflict(SALES_PERSON_MESSAGES.loginTaken);
        }
        sp.email = p.email;
      }
      const renamed = p.name !== undefined && p.name !== sp.name;
      if (p.name !== undefined) sp.name = p.name;
      if (p.phone !== undefined) sp.phone = p.phone;
      const saved = await this.salesPeople.save(m, sp);
      if (renamed) await this.events.saved(m, saved);
      return toView(saved);
    });
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    await inTransaction(this.ds, async (m) => {
      const sp = await this.load(m, actor, id, true);
      await this.access.assertCanManageOwn(m, actor, sp.userId, SALES_PERSON_MESSAGES.notFound);
      if (!(await this.salesPeople.delete(m, sp.id))) throw RpcError.notFound(SALES_PERSON_MESSAGES.notFound);
      const at = new Date();
      // the statistics keep its name on its orders: the users service's export keeps telling it
      await this.salesPeople.keepDeleted(m, sp, at);
      await this.events.deleted(m, sp, at);
    });
    return { deleted: true };
  }

  /** Gives the sales person a login of its own; the temporary password goes out by e-mail. */
  async activate(actor: Actor, id: string): Promise<SalesPersonView> {
    AccountAccess.assertAdmin(actor);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    const { sp, dealership } = await inTransaction(this.ds, async (m) => {
      const sp = await this.load(m, actor, id, true);
      if (sp.loginActivated) throw RpcError.conflict(SALES_PERSON_MESSAGES.alreadyActivated);
      if (await this.auth.loginEmailTaken(m, sp.email, { salesPersonId: sp.id })) throw RpcError.conflict(SALES_PERSON_MESSAGES.loginTaken);
      sp.loginActivated = true;
      sp.userStatus = 'FORCE_CHANGE_PASSWORD';
      sp.passwordHash = passwordHash;
      const saved = await this.salesPeople.save(m, sp);
      const dealership = await this.accounts.byId(m, sp.userId);
      return { sp: saved, dealership: dealership! };
    });
    await this.mailer.salesPersonLogin(sp.email, dealership.language, sp.name, dealership.displayName, password);
    return toView(sp);
  }

  /** A new temporary password for a sales person that has not chosen its own yet. */
  async resendPassword(actor: Actor, id: string): Promise<{ sent: true }> {
    AccountAccess.assertAdmin(actor);
    const sp = await this.load(this.ds.manager, actor, id);
    if (!sp.loginActivated) throw RpcError.badRequest(SALES_PERSON_MESSAGES.notActivated);
    if (sp.userStatus !== 'FORCE_CHANGE_PASSWORD') throw RpcError.badRequest('This sales person has already chosen a password');
    const who = { userId: sp.userId, salesPersonId: sp.id };
    const previous = await this.auth.passwordHashOf(this.ds.manager, who);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    await inTransaction(this.ds, async (m) => {
      // two resends at once: the first write wins and mails; the other is told (409)
      if (!(await this.auth.replaceTemporaryPassword(m, who, previous, passwordHash))) throw RpcError.conflict(TEMPORARY_PASSWORD_JUST_SENT);
      await this.auth.spendChallengesOf(m, { userId: sp.userId, salesPersonId: sp.id });
    });
    const dealership = await this.accounts.byId(this.ds.manager, sp.userId);
    await this.mailer.salesPersonLogin(sp.email, dealership!.language, sp.name, dealership!.displayName, password);
    return { sent: true };
  }
}
