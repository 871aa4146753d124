import { StyleGuidesEvents } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** `StyleGuidesEvents.saved` on create (a copy too) and rename, in the transaction of the change. */
@Injectable()
export class StyleGuideEvents {
  constructor(private readonly messaging: MessagingHost) {}

  async saved(m: EntityManager, g: { id: string; name: string }): Promise<void> {
    await this.messaging.outbox.add(m, StyleGuidesEvents.saved, { styleGuideId: g.id, name: g.name, at: new Date().toISOString() });
  }
}
