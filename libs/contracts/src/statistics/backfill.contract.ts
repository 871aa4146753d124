import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { defineRpc } from '../rpc';

/**
 * One page of a service's history as the events it publishes today, for the statistics
 * service's `rebuild` when the EVENTS stream no longer holds them. Only the System actor may ask.
 */
export class BackfillPagePayload {
  /** the `next` of the previous page; absent for the first */
  @IsOptional() @IsString() @MaxLength(200) after?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(5000) limit?: number;
}

export interface BackfilledEvent {
  /** the event's subject without the namespace, e.g. `evt.orders.order-created` */
  subject: string;
  /**
   * the message id the live event carried where the service still knows it (a timeline
   * line's id), else a stable `backfill:<service>:<key>`: replaying twice counts once
   */
  id: string;
  payload: unknown;
}

export interface BackfillPage {
  events: BackfilledEvent[];
  /** null on the last page */
  next: string | null;
}

export const BACKFILL_PAGE_DEFAULT = 1000;

/** Each owning service exports its history: accounts, sales people, style guides, orders, their timelines, images. */
export const BackfillRpc = {
  users: defineRpc<BackfillPagePayload, BackfillPage>('users', 'statistics.backfill', BackfillPagePayload),
  styleGuides: defineRpc<BackfillPagePayload, BackfillPage>('style-guides', 'statistics.backfill', BackfillPagePayload),
  orders: defineRpc<BackfillPagePayload, BackfillPage>('orders', 'statistics.backfill', BackfillPagePayload),
  images: defineRpc<BackfillPagePayload, BackfillPage>('images', 'statistics.backfill', BackfillPagePayload),
};
