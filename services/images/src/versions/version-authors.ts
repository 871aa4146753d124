import { SalesPeopleRpc, UsersRpc, type Actor } from '@app/contracts';
import { MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { systemCaller } from '../access/order-access';

export interface VersionAuthor {
  id: string;
  name: string | null;
}

const TTL_MS = 60_000;

/**
 * Who made a version, as kept with it: the signed-in sales person, else the account, with its
 * name asked of the users service (kept for a minute). The name only labels the history: when
 * the users service cannot answer, the version is kept with the id alone.
 */
@Injectable()
export class VersionAuthors {
  private readonly cache = new Map<string, { name: string; until: number }>();

  constructor(
    private readonly host: MessagingHost,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** The author behind an actor; null for the system. */
  of(actor: Actor | null): Promise<VersionAuthor | null> {
    if (!actor || actor.role === 'System' || !actor.userId) return Promise.resolve(null);
    return actor.salesPersonId ? this.salesPerson(actor.salesPersonId) : this.account(actor.userId);
  }

  /** An account by its id (the uploader of a picture the sweeper accepted). */
  async account(id: string): Promise<VersionAuthor> {
    return { id, name: await this.lookup(`u:${id}`, async () => (await this.host.rpc.send(UsersRpc.get, { id }, systemCaller())).displayName) };
  }

  private async salesPerson(id: string): Promise<VersionAuthor> {
    return { id, name: await this.lookup(`sp:${id}`, async () => (await this.host.rpc.send(SalesPeopleRpc.get, { id }, systemCaller())).name) };
  }

  private async lookup(key: string, ask: () => Promise<string>): Promise<string | null> {
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.name;
    try {
      const name = await ask();
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, { name, until: Date.now() + TTL_MS });
      return name;
    } catch (err) {
      this.logger.warn({ err, who: key }, 'could not read the name of a version author');
      return null;
    }
  }
}
