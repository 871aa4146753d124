import { type Actor } from '@app/contracts';
import { DisplayNames, type PersonRef } from '@app/service-kit';
import { Injectable } from '@nestjs/common';

export type { PersonRef };

/**
 * Who did it, for the timeline: the signed-in account's display name, or the sales person's
 * name when a sales person is signed in, from the shared `DisplayNames` lookup (kept for a
 * minute). A person the users service does not know shows as "Unknown user".
 */
@Injectable()
export class ActorNames {
  constructor(private readonly names: DisplayNames) {}

  async of(actor: Actor): Promise<PersonRef | null> {
    try {
      return await this.names.of(actor);
    } catch (err) {
      if (DisplayNames.isUnknown(err)) return { id: actor.salesPersonId ?? actor.userId!, displayName: 'Unknown user' };
      throw err;
    }
  }

  /**
   * The display name of an account another service reported by id only (the images service's
   * timeline events). Null when the users service cannot say now: the event is still written,
   * without the name, rather than held back.
   */
  async ofAccount(userId: string, requestId: string): Promise<PersonRef | null> {
    try {
      return await this.names.account(userId, requestId);
    } catch (err) {
      return DisplayNames.isUnknown(err) ? { id: userId, displayName: 'Unknown user' } : null;
    }
  }
}
