import { ImagesEvents, type Actor, type OrderEventName, type OrderEventPayloads } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrderAccessService } from '../access/order-access';
import { OrderProgressRepository, type ProgressCounts } from './order-progress.repository';

/**
 * What the images service tells the orders service, always inside the transaction of the
 * change: the order's counts and its picture for lists with a per-order version
 * (`ImagesEvents.orderProgress`), and
 * events for the order's timeline (`ImagesEvents.timeline`).
 */
@Injectable()
export class OrderEventsWriter {
  constructor(
    private readonly host: MessagingHost,
    private readonly orderProgress: OrderProgressRepository,
  ) {}

  /**
   * Takes the order's progress row lock for the rest of the transaction. Changes of one
   * order then commit one after another, so each version's counts include every change of
   * the lower versions.
   */
  async lock(m: EntityManager, orderId: string): Promise<void> {
    await this.orderProgress.lock(m, orderId);
  }

  /** Counts the order's images and videos as this transaction sees them, finds its picture for lists, and queues the progress event. */
  async progress(m: EntityManager, orderId: string): Promise<ProgressCounts & { version: number }> {
    const version = await this.orderProgress.nextVersion(m, orderId);
    const { thumbnailKey, pictureKey, imageIds, ...counts } = await this.orderProgress.counts(m, orderId);
    await this.host.outbox.add(m, ImagesEvents.orderProgress, { orderId, version, ...counts, thumbnailKey, pictureKey, imageIds, at: new Date().toISOString() });
    return { version, ...counts };
  }

  /** An event for the order's timeline with its payload (typed by the event); `userId` null for the system (the upload check, the pipeline). */
  async timeline<N extends OrderEventName>(m: EntityManager, orderId: string, eventName: N, userId: string | null, payload: OrderEventPayloads[N]): Promise<void> {
    await this.host.outbox.add(m, ImagesEvents.timeline, { orderId, eventName, userId, userName: null, payload, at: new Date().toISOString() });
  }
}

/** The user behind an actor, for the timeline (none for the system). */
export function userOf(actor: Actor | null): string | null {
  return actor && !OrderAccessService.isSystem(actor) && actor.userId ? actor.userId : null;
}
