import { QueryFailedError, type DataSource } from 'typeorm';
import { inTransaction, isRetryableTransactionFailure, isUniqueViolation } from './database-errors';

/** A PostgreSQL error as the `pg` driver throws it. */
const pgError = (code: string, constraint?: string) => Object.assign(new Error(`postgres error ${code}`), { code, constraint });
/** The same error as TypeORM hands it to a service. */
const typeormError = (code: string, constraint?: string) => new QueryFailedError('INSERT INTO t VALUES ($1)', [1], pgError(code, constraint));

describe('isUniqueViolation (a duplicate that raced past the check answers 409, not 500)', () => {
  it('recognises a unique violation from TypeORM and from a pg client', () => {
    expect(isUniqueViolation(typeormError('23505', 'user_account_email_uq'))).toBe(true);
    expect(isUniqueViolation(pgError('23505', 'user_account_email_uq'))).toBe(true);
  });

  it('with a constraint named, recognises only that one (two unique indexes, two messages)', () => {
    const email = typeormError('23505', 'sales_person_user_email_uq');
    expect(isUniqueViolation(email, 'sales_person_user_email_uq')).toBe(true);
    expect(isUniqueViolation(email, 'sales_person_login_uq')).toBe(false);
  });

  it('does not take other failures for a duplicate', () => {
    expect(isUniqueViolation(typeormError('23503', 'order_account_fk'))).toBe(false);
    expect(isUniqueViolation(typeormError('40P01'))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe('isRetryableTransactionFailure (only what running the transaction again can fix)', () => {
  it('is true for a deadlock and a serialization failure', () => {
    expect(isRetryableTransactionFailure(typeormError('40P01'))).toBe(true);
    expect(isRetryableTransactionFailure(pgError('40001'))).toBe(true);
  });

  it('is false for a constraint violation, a lost connection or no database error at all', () => {
    expect(isRetryableTransactionFailure(typeormError('23505'))).toBe(false);
    expect(isRetryableTransactionFailure(pgError('57P01'))).toBe(false);
    expect(isRetryableTransactionFailure(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isRetryableTransactionFailure(undefined)).toBe(false);
  });
});

describe('inTransaction (a transaction PostgreSQL aborted for another one is run again)', () => {
  /** a data source whose transactions fail with `failures` in turn, then succeed */
  function database(...failures: unknown[]) {
    let runs = 0;
    const ds = {
      transaction: async (fn: (m: unknown) => Promise<unknown>) => {
        runs++;
        const failure = failures.shift();
        if (failure) throw failure;
        return fn({});
      },
    } as unknown as DataSource;
    return { ds, runs: () => runs };
  }

  it('runs a deadlocked transaction again and answers what the successful run answers', async () => {
    const { ds, runs } = database(typeormError('40P01'), pgError('40001'));
    expect(await inTransaction(ds, async () => 'saved')).toBe('saved');
    expect(runs()).toBe(3);
  });

  it('runs it four times in all, then throws the last failure', async () => {
    const last = typeormError('40P01');
    const { ds, runs } = database(typeormError('40P01'), typeormError('40P01'), typeormError('40P01'), last, undefined);
    await expect(inTransaction(ds, async () => 'saved')).rejects.toBe(last);
    expect(runs()).toBe(4);
  });

  it('runs it as many times as the caller says', async () => {
    const { ds, runs } = database(typeormError('40P01'), typeormError('40P01'));
    await expect(inTransaction(ds, async () => 'saved', 2)).rejects.toBeInstanceOf(QueryFailedError);
    expect(runs()).toBe(2);
  });

  it('does not run it again for any other failure', async () => {
    const duplicate = typeormError('23505', 'user_account_email_uq');
    const { ds, runs } = database(duplicate);
    await expect(inTransaction(ds, async () => 'saved')).rejects.toBe(duplicate);
    expect(runs()).toBe(1);
  });
});
