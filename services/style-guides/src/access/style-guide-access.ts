import { RpcError, UsersRpc, type Actor } from '@app/contracts';
import type { RpcClient } from '@app/messaging';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StyleGuidesRepository } from '../style-guides/style-guides.repository';

/**
 * Object-level rules of the style-guides service: admin and QA read
 * every guide and work in the style-guides tab; only the admin deletes guides, assigns them
 * and keeps the angle and car-type catalogue; a dealership or management account reads the
 * guides assigned to it. What the actor may not see is "not found".
 */
@Injectable()
export class StyleGuideAccess {
  constructor(private readonly guides: StyleGuidesRepository) {}

  static isAdmin(actor: Actor): boolean {
    return actor.role === 'Admin' || actor.role === 'System';
  }

  /** admin or QA: the people who build style guides */
  static isManager(actor: Actor): boolean {
    return StyleGuideAccess.isAdmin(actor) || actor.role === 'QA';
  }

  static assertAdmin(actor: Actor): void {
    if (!StyleGuideAccess.isAdmin(actor)) throw RpcError.forbidden();
  }

  static assertManager(actor: Actor): void {
    if (!StyleGuideAccess.isManager(actor)) throw RpcError.forbidden();
  }

  /** ids of the guides the actor may read, or 'all' */
  async readable(m: EntityManager, actor: Actor): Promise<'all' | string[]> {
    if (StyleGuideAccess.isManager(actor)) return 'all';
    if (!actor.userId) return [];
    return this.guides.idsAssignedTo(m, actor.userId);
  }

  async assertCanRead(m: EntityManager, actor: Actor, styleGuideId: string, message: string): Promise<void> {
    const scope = await this.readable(m, actor);
    if (scope !== 'all' && !scope.includes(styleGuideId)) throw RpcError.notFound(message);
  }

  /**
   * Whether the actor may see another account's guides: it may if it may see the account,
   * which the users service decides (management sees its child accounts).
   */
  static async assertCanSeeUser(rpc: RpcClient, actor: Actor, userId: string): Promise<void> {
    if (StyleGuideAccess.isManager(actor) || actor.userId === userId) return;
    await rpc.send(UsersRpc.get, { id: userId }, actor);
  }
}
