import { SalesPeopleRpc, systemActor, UsersRpc, type Actor } from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { Injectable } from '@nestjs/common';
import { MessagingHost } from './messaging.host';

/** How long a display name is kept before the users service is asked again (a renamed account shows its new name after this). */
export const DISPLAY_NAME_TTL_MS = 60_000;
/** How many names are kept at most; past it the cache starts over. */
export const DISPLAY_NAME_CACHE_MAX = 10_000;

/** A person by id and the name shown for them. */
export interface PersonRef {
  id: string;
  displayName: string;
}

/** Asks the users service for one name; the seam a unit test replaces. */
type RpcSender = Pick<MessagingHost['rpc'], 'send'>;

/**
 * The one lookup of people's display names by id (accounts and sales people), asked of the
 * users service as the system and kept for `DISPLAY_NAME_TTL_MS`. Every service that labels
 * something with who did it (timelines, image versions, re-edit requests, deliveries) asks
 * here. Only answers are kept: a failed lookup reaches the caller, which decides whether the
 * label may be left out (`isUnknown` tells a person the users service does not know).
 */
@Injectable()
export class DisplayNames {
  private readonly cache = new Map<string, { name: string; until: number }>();
  private readonly rpc: RpcSender;

  constructor(host: MessagingHost) {
    this.rpc = host.rpc;
  }

  /** Whether a lookup failed because the users service does not know the person (404). */
  static isUnknown(err: unknown): boolean {
    return err instanceof RpcCallError && err.status === 404;
  }

  /** Who acts: the signed-in sales person, else the account; null for a caller without an account (the system). */
  of(actor: Actor): Promise<PersonRef | null> {
    if (!actor.userId || actor.role === 'System') return Promise.resolve(null);
    return actor.salesPersonId ? this.salesPerson(actor.salesPersonId, actor.requestId) : this.account(actor.userId, actor.requestId);
  }

  /** An account's display name. */
  async account(id: string, requestId: string): Promise<PersonRef> {
    const displayName = await this.lookup(`u:${id}`, async () => (await this.rpc.send(UsersRpc.get, { id }, systemActor(requestId))).displayName);
    return { id, displayName };
  }

  /** A sales person's name. */
  async salesPerson(id: string, requestId: string): Promise<PersonRef> {
    const displayName = await this.lookup(`sp:${id}`, async () => (await this.rpc.send(SalesPeopleRpc.get, { id }, systemActor(requestId))).name);
    return { id, displayName };
  }

  private async lookup(key: string, ask: () => Promise<string>): Promise<string> {
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.name;
    const name = await ask();
    if (this.cache.size >= DISPLAY_NAME_CACHE_MAX) this.cache.clear();
    this.cache.set(key, { name, until: Date.now() + DISPLAY_NAME_TTL_MS });
    return name;
  }
}
