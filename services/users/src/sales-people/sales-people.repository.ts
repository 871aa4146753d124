import { clampPage, PAGE_SIZE, RpcError, SALES_PERSON_MESSAGES } from '@app/contracts';
import { isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SalesPerson } from './sales-person.entity';

/** A request that lost a race to a unique index hears what the check before it says. */
function conflictOnDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'sales_person_user_email_uq')) throw RpcError.conflict(SALES_PERSON_MESSAGES.duplicateEmail);
  if (isUniqueViolation(err, 'sales_person_login_uq')) throw RpcError.conflict(SALES_PERSON_MESSAGES.loginTaken);
  throw err;
}

/** Sales people of dealerships (`sales_person`). */
@Injectable()
export class SalesPeopleRepository {
  /** The sales person; with `lock`, locked until the transaction ends. */
  findById(m: EntityManager, id: string, lock = false): Promise<SalesPerson | null> {
    return m.findOne(SalesPerson, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The sales person, if it belongs to the account. */
  findOfAccount(m: EntityManager, id: string, userId: string): Promise<SalesPerson | null> {
    return m.findOne(SalesPerson, { where: { id, userId } });
  }

  /** Whether another sales person of the account has this e-mail (any case). */
  async emailUsedInAccount(m: EntityManager, userId: string, email: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      'SELECT 1 FROM sales_person WHERE user_id = $1 AND lower(email) = lower($2) AND id IS DISTINCT FROM $3::uuid',
      [userId, email, exceptId ?? null],
    );
    return rows.length > 0;
  }

  /** One page of the account's sales people, oldest first. */
  async pageOfAccount(m: EntityManager, userId: string, requestedPage: number | undefined): Promise<{ rows: SalesPerson[]; total: number; page: number }> {
    const total = await m.count(SalesPerson, { where: { userId } });
    const page = clampPage(requestedPage, total);
    const rows = await m.find(SalesPerson, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' }, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE });
    return { rows, total, page };
  }

  /** Every sales person of the account, by name. */
  countOfAccount(m: EntityManager, userId: string): Promise<number> {
    return m.count(SalesPerson, { where: { userId } });
  }

  /** Keeps a removed sales person's id, account, name and times (`deleted_sales_person`) for the statistics' history. */
  async keepDeleted(m: EntityManager, sp: Pick<SalesPerson, 'id' | 'userId' | 'name' | 'updatedAt'>, at: Date): Promise<void> {
    await m.query('INSERT INTO deleted_sales_person (id, user_id, name, saved_at, deleted_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING', [
      sp.id,
      sp.userId,
      sp.name,
      sp.updatedAt,
      at,
    ]);
  }

  allOfAccount(m: EntityManager, userId: string): Promise<SalesPerson[]> {
    return m.find(SalesPerson, { where: { userId }, order: { name: 'ASC', id: 'ASC' } });
  }

  /** A new sales person; an e-mail taken meanwhile in the account, or as a login, is 409. */
  insert(m: EntityManager, fields: Partial<SalesPerson>): Promise<SalesPerson> {
    return this.save(m, m.create(SalesPerson, fields));
  }

  /** Saves a new or changed sales person; an e-mail taken meanwhile in the account, or as a login, is 409. */
  save(m: EntityManager, sp: SalesPerson): Promise<SalesPerson> {
    return m.save(SalesPerson, sp).catch(conflictOnDuplicate);
  }

  /** Removes the sales person; false when there was none. */
  async delete(m: EntityManager, id: string): Promise<boolean> {
    const res = await m.delete(SalesPerson, { id });
    return !!res.affected;
  }
}
