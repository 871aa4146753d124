import { UsersEvents } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SalesPerson } from './sales-person.entity';

/** `salesPersonSaved` on create and rename, `salesPersonDeleted` on delete: in the transaction of the change. */
@Injectable()
export class SalesPersonEvents {
  constructor(private readonly messaging: MessagingHost) {}

  async saved(m: EntityManager, sp: Pick<SalesPerson, 'id' | 'userId' | 'name'>): Promise<void> {
    await this.messaging.outbox.add(m, UsersEvents.salesPersonSaved, { salesPersonId: sp.id, accountId: sp.userId, name: sp.name, at: new Date().toISOString() });
  }

  async deleted(m: EntityManager, sp: Pick<SalesPerson, 'id' | 'userId'>, at = new Date()): Promise<void> {
    await this.messaging.outbox.add(m, UsersEvents.salesPersonDeleted, { salesPersonId: sp.id, accountId: sp.userId, at: at.toISOString() });
  }
}
