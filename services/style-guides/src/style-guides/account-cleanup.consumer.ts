import { STYLE_GUIDES_DURABLES, UsersEvents, type AccountDeleted } from '@app/contracts';
import type { MessageHandlerContext } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MediaRepository } from '../media/media.repository';
import { StyleGuidesRepository } from './style-guides.repository';

/**
 * A deleted account loses its style-guide assignments (the guides stay: they are shared), and
 * media it uploaded no longer name it. Applied once, in one transaction; a redelivery finds
 * nothing left to do.
 */
@Injectable()
export class AccountCleanupConsumer implements OnModuleInit {
  constructor(
    private readonly messaging: MessagingHost,
    private readonly guides: StyleGuidesRepository,
    private readonly media: MediaRepository,
  ) {}

  onModuleInit(): void {
    this.messaging.on(UsersEvents.accountDeleted, STYLE_GUIDES_DURABLES.accountDeleted, (e, ctx) => this.onAccountDeleted(e, ctx));
  }

  async onAccountDeleted({ userId }: AccountDeleted, { manager: m }: MessageHandlerContext): Promise<void> {
    await this.guides.unassignAll(m, userId);
    await this.media.forgetCreator(m, userId);
  }
}
