import {
  clampPage,
  PAGE_SIZE,
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
import { isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AccountsRepository } from '../accounts/accounts.repository';
import { loginEmailTaken } from '../accounts/login-directory';
import { AuthRepository, TEMPORARY_PASSWORD_JUST_SENT } from '../auth/auth.repository';
import { generateTemporaryPassword, PasswordHasher } from '../auth/password-hasher';
import { Mailer } from '../mail/mailer';
import { SalesPerson } from './sales-person.entity';

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

/** A request that lost a race to a unique index hears what the check before it says. */
function conflictOnDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'sales_person_user_email_uq')) throw RpcError.conflict(SALES_PERSON_MESSAGES.duplicateEmail);
  if (isUniqueViolation(err, 'sales_person_login_uq')) throw RpcError.conflict(SALES_PERSON_MESSAGES.loginTaken);
  throw err;
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
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
  ) {}

  /**
   * The sales person, if the actor may see it. `lock` holds its row to the end of the
   * transaction: a second delete or activation at the same moment waits, then finds it gone
   * (404) or already activated (409), never "succeeds" twice.
   */
  private async load(m: EntityManager, actor: Actor, id: string, lock = false): Promise<SalesPerson> {
    const sp = await m.findOne(SalesPerson, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!sp || !(await AccountAccess.canRead(m, actor, sp.userId))) throw RpcError.notFound(SALES_PERSON_MESSAGES.notFound);
    return sp;
  }

  private async assertEmailFree(m: EntityManager, userId: string, email: string, exceptId?: string): Promise<void> {
    const rows: unknown[] = await m.query(
      'SELECT 1 FROM sales_person WHERE user_id = $1 AND lower(email) = lower($2) AND id IS DISTINCT FROM $3::uuid',
      [userId, email, exceptId ?? null],
    );
    if (rows.length) throw RpcError.conflict(SALES_PERSON_MESSAGES.duplicateEmail);
  }

  async get(actor: Actor, id: string): Promise<SalesPersonView> {
    return toView(await this.load(this.ds.manager, actor, id));
  }

  async pageOfUser(actor: Actor, p: SalesPeopleOfUserPayload): Promise<Paged<SalesPersonView>> {
    await AccountAccess.assertCanRead(this.ds.manager, actor, p.userId);
    const total = await this.ds.manager.count(SalesPerson, { where: { userId: p.userId } });
    const page = clampPage(p.page, total);
    const rows = await this.ds.manager.find(SalesPerson, {
      where: { userId: p.userId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    });
    return paged(rows.map(toView), total, page);
  }

  async allOfUser(actor: Actor, userId: string): Promise<SalesPersonView[]> {
    await AccountAccess.assertCanRead(this.ds.manager, actor, userId);
    const rows = await this.ds.manager.find(SalesPerson, { where: { userId }, order: { name: 'ASC', id: 'ASC' } });
    return rows.map(toView);
  }

  async countOfUser(actor: Actor, userId: string): Promise<{ salesManCount: number }> {
    await AccountAccess.assertCanRead(this.ds.manager, actor, userId);
    return { salesManCount: await this.ds.manager.count(SalesPerson, { where: { userId } }) };
  }

  async create(actor: Actor, body: CreateSalesPeopleBody): Promise<SalesPersonView[]> {
    return this.ds.transaction(async (m) => {
      await AccountAccess.assertCanManageOwn(m, actor, body.userId);
      // locked: a second request adding the same e-mail waits, then sees the first
      const owner = await AccountsRepository.lockById(m, body.userId);
      if (!owner) throw RpcError.notFound('User not found');
      if (owner.userRole !== 'Dealership') throw RpcError.badRequest(SALES_PERSON_MESSAGES.notDealership);
      const emails = body.salesMan.map((s) => s.email.toLowerCase());
      if (new Set(emails).size !== emails.length) throw RpcError.conflict(SALES_PERSON_MESSAGES.duplicateEmail);
      const created: SalesPerson[] = [];
      for (const input of body.salesMan) {
        await this.assertEmailFree(m, body.userId, input.email);
        created.push(
          await m.save(
            SalesPerson,
            m.create(SalesPerson, { userId: body.userId, name: input.name, email: input.email, phone: input.phone, loginActivated: false, userStatus: null, passwordHash: null }),
          ),
        );
      }
      return created.map(toView);
    }).catch(conflictOnDuplicate);
  }

  async update(actor: Actor, p: UpdateSalesPersonPayload): Promise<SalesPersonView> {
    return this.ds.transaction(async (m) => {
      const sp = await this.load(m, actor, p.id, true);
      await AccountAccess.assertCanManageOwn(m, actor, sp.userId, SALES_PERSON_MESSAGES.notFound);
      if (p.email !== undefined && p.email.toLowerCase() !== sp.email.toLowerCase()) {
        await this.assertEmailFree(m, sp.userId, p.email, sp.id);
        if (sp.loginActivated && (await loginEmailTaken(m, p.email, { salesPersonId: sp.id }))) {
          throw RpcError.conflict(SALES_PERSON_MESSAGES.loginTaken);
        }
        sp.email = p.email;
      }
      if (p.name !== undefined) sp.name = p.name;
      if (p.phone !== undefined) sp.phone = p.phone;
      return toView(await m.save(SalesPerson, sp));
    }).catch(conflictOnDuplicate);
  }

  async delete(actor: Actor, id: string): Promise<{ deleted: true }> {
    await this.ds.transaction(async (m) => {
      const sp = await this.load(m, actor, id, true);
      await AccountAccess.assertCanManageOwn(m, actor, sp.userId, SALES_PERSON_MESSAGES.notFound);
      const res = await m.delete(SalesPerson, { id: sp.id });
      if (!res.affected) throw RpcError.notFound(SALES_PERSON_MESSAGES.notFound);
    });
    return { deleted: true };
  }

  /** Gives the sales person a login of its own; the temporary password goes out by e-mail. */
  async activate(actor: Actor, id: string): Promise<SalesPersonView> {
    AccountAccess.assertAdmin(actor);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    const { sp, dealership } = await this.ds.transaction(async (m) => {
      const sp = await this.load(m, actor, id, true);
      if (sp.loginActivated) throw RpcError.conflict(SALES_PERSON_MESSAGES.alreadyActivated);
      if (await loginEmailTaken(m, sp.email, { salesPersonId: sp.id })) throw RpcError.conflict(SALES_PERSON_MESSAGES.loginTaken);
      sp.loginActivated = true;
      sp.userStatus = 'FORCE_CHANGE_PASSWORD';
      sp.passwordHash = passwordHash;
      const saved = await m.save(SalesPerson, sp);
      const dealership = await AccountsRepository.byId(m, sp.userId);
      return { sp: saved, dealership: dealership! };
    }).catch(conflictOnDuplicate);
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
    const previous = await AuthRepository.passwordHashOf(this.ds.manager, who);
    const password = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(password);
    await this.ds.transaction(async (m) => {
      // two resends at once: the first write wins and mails; the other is told (409)
      if (!(await AuthRepository.replaceTemporaryPassword(m, who, previous, passwordHash))) throw RpcError.conflict(TEMPORARY_PASSWORD_JUST_SENT);
      await AuthRepository.spendChallengesOf(m, { userId: sp.userId, salesPersonId: sp.id });
    });
    const dealership = await AccountsRepository.byId(this.ds.manager, sp.userId);
    await this.mailer.salesPersonLogin(sp.email, dealership!.language, sp.name, dealership!.displayName, password);
    return { sent: true };
  }
}
