import { UsersEvents } from '@app/contracts';
import type { Outbox } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountsRepository } from './accounts.repository';
import type { UserAccount } from './user-account.entity';

type SavedAccount = Pick<UserAccount, 'id' | 'userRole' | 'displayName' | 'email' | 'createdAt'>;

/** `UsersEvents.accountSaved` of an account as it is now (also for the admin bootstrap, which has an outbox but no host). */
export function queueAccountSaved(outbox: Outbox, m: EntityManager, a: SavedAccount, at: Date = new Date()): Promise<string> {
  return outbox.add(m, UsersEvents.accountSaved, {
    userId: a.id,
    userRole: a.userRole,
    displayName: a.displayName,
    email: a.email,
    createdAt: a.createdAt.toISOString(),
    at: at.toISOString(),
  });
}

/**
 * What the users service tells others about accounts, always in the transaction of the change
 * (the outbox): an account created or its name, e-mail or role changed (`accountSaved`), a
 * management account's children after a change, the whole list (`childAccountsChanged`).
 */
@Injectable()
export class AccountEvents {
  constructor(
    private readonly messaging: MessagingHost,
    private readonly accounts: AccountsRepository,
  ) {}

  async saved(m: EntityManager, a: SavedAccount): Promise<void> {
    await queueAccountSaved(this.messaging.outbox, m, a);
  }

  /** The account's child list as this transaction sees it. */
  async childrenChanged(m: EntityManager, parentId: string): Promise<void> {
    const childIds = await this.accounts.childIds(m, parentId);
    await this.messaging.outbox.add(m, UsersEvents.childAccountsChanged, { userId: parentId, childIds, at: new Date().toISOString() });
  }
}
