import { type Actor } from '@app/contracts';
import { DisplayNames, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { OrderAccessService } from '../access/order-access';

export interface VersionAuthor {
  id: string;
  name: string | null;
}

/**
 * Who made a version, as kept with it: the signed-in sales person, else the account, with its
 * name from the shared `DisplayNames` lookup. The name only labels the history: when the users
 * service cannot answer, the version is kept with the id alone.
 */
@Injectable()
export class VersionAuthors {
  constructor(
    private readonly names: DisplayNames,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** The author behind an actor; null for the system. */
  of(actor: Actor | null): Promise<VersionAuthor | null> {
    if (!actor || OrderAccessService.isSystem(actor) || !actor.userId) return Promise.resolve(null);
    const id = actor.salesPersonId ?? actor.userId;
    return this.named(id, () => this.names.of(actor).then((p) => p!.displayName));
  }

  /** An account by its id (the uploader of a picture the sweeper accepted). */
  account(id: string, requestId: string): Promise<VersionAuthor> {
    return this.named(id, async () => (await this.names.account(id, requestId)).displayName);
  }

  private async named(id: string, ask: () => Promise<string>): Promise<VersionAuthor> {
    try {
      return { id, name: await ask() };
    } catch (err) {
      this.logger.warn({ err, who: id }, 'could not read the name of a version author');
      return { id, name: null };
    }
  }
}
