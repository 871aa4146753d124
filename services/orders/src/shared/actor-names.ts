import { SalesPeopleRpc, systemActor, UsersRpc, type Actor } from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';

export interface PersonRef {
  id: string;
  displayName: string;
}

const TTL_MS = 60_000;

/**
 * Who did it, for the timeline: the signed-in account's display name, or the sales person's
 * name when a sales person is signed in. Names are asked of the users service and kept for a
 * minute (a renamed account shows its new name on later events).
 */
@Injectable()
export class ActorNames {
  private readonly cache = new Map<string, { ref: PersonRef; until: number }>();

  constructor(private readonly messaging: MessagingHost) {}

  async of(actor: Actor): Promise<PersonRef | null> {
    if (!actor.userId) return null;
    const key = actor.salesPersonId ? `sp:${actor.salesPersonId}` : `u:${actor.userId}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.ref;
    const system = systemActor(actor.requestId);
    let ref: PersonRef;
    try {
      ref = actor.salesPersonId
        ? { id: actor.salesPersonId, displayName: (await this.messaging.rpc.send(SalesPeopleRpc.get, { id: actor.salesPersonId }, system)).name }
        : { id: actor.userId, displayName: (await this.messaging.rpc.send(UsersRpc.get, { id: actor.userId }, system)).displayName };
    } catch (err) {
      if (err instanceof RpcCallError && err.status === 404) return { id: actor.salesPersonId ?? actor.userId, displayName: 'Unknown user' };
      throw err;
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { ref, until: Date.now() + TTL_MS });
    return ref;
  }

  /**
   * The display name of an account another service reported by id only (the images service's
   * timeline events). Null when the users service cannot say now: the event is still written,
   * without the name, rather than held back.
   */
  async ofAccount(userId: string, requestId: string): Promise<PersonRef | null> {
    try {
      return await this.of({ userId, role: 'System', permissions: [], requestId });
    } catch {
      return null;
    }
  }
}
