import type { SeedAccountsPayload, SeededAccounts } from '@app/seeding';
import { inTransaction } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountEvents } from '../accounts/account-events';
import { AccountsRepository } from '../accounts/accounts.repository';
import { PasswordHasher } from '../auth/password-hasher';
import { SalesPersonEvents } from '../sales-people/sales-person-events';
import { SeedingRepository } from './seeding.repository';

/**
 * Writes accounts and sales people with a chosen password in one transaction, for `make dev`'s
 * demo accounts and for tests (through `SeedingRpc.accounts`). Sends no mail and publishes
 * only the events the statistics service keeps names from (`accountSaved` of an account written
 * now, `childAccountsChanged` of an account whose children it linked, `salesPersonSaved` of a
 * sales person written now), never `accountCreated`. What exists (same id or e-mail) is left as
 * it is and answered with `created: false`; permissions are granted to accounts written now,
 * child links and sales people are added when missing.
 */
@Injectable()
export class AccountSeeder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly rows: SeedingRepository,
    private readonly accounts: AccountsRepository,
    private readonly accountEvents: AccountEvents,
    private readonly salesPersonEvents: SalesPersonEvents,
  ) {}

  async seed(payload: SeedAccountsPayload): Promise<SeededAccounts> {
    const accounts = payload.accounts ?? [];
    const salesPeople = payload.salesPeople ?? [];
    // one hash per password: seeding many accounts with the same one costs one scrypt run
    const passwords = [...new Set([...accounts.map((a) => a.password), ...salesPeople.flatMap((s) => (s.password ? [s.password] : []))])];
    const hashes = new Map(await Promise.all(passwords.map(async (p) => [p, await this.hasher.hash(p)] as const)));
    return inTransaction(this.ds, async (m) => {
      const seeded: SeededAccounts = { accounts: [], salesPeople: [] };
      for (const a of accounts) {
        const row = await this.rows.insertAccount(m, a, hashes.get(a.password)!);
        if (row.created) {
          await this.rows.grant(m, row.id, a.permissions ?? []);
          const saved = await this.accounts.byId(m, row.id);
          if (saved) await this.accountEvents.saved(m, saved);
        }
        seeded.accounts.push({ ...row, email: a.email });
      }
      for (const [i, a] of accounts.entries()) {
        if (await this.rows.linkChildren(m, seeded.accounts[i].id, a.children ?? [])) await this.accountEvents.childrenChanged(m, seeded.accounts[i].id);
      }
      for (const s of salesPeople) {
        const row = await this.rows.insertSalesPerson(m, s, s.password ? hashes.get(s.password)! : null);
        if (row.created) await this.salesPersonEvents.saved(m, { id: row.id, userId: s.userId, name: s.name });
        seeded.salesPeople.push({ ...row, email: s.email });
      }
      return seeded;
    });
  }
}
