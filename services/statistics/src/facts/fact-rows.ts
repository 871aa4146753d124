import type { OrderStatus } from '@app/contracts';

/** The rows the statements of FactsRepository write, one type per statement. */
export interface AccountCreatedRow { id: string; role: string }
export interface AccountSavedRow { id: string; role: string; displayName: string; email: string; createdAt: string; at: string }
/** a management account's whole list of child accounts */
export interface ChildListRow { id: string; childIds: string[]; at: string }
export interface SignInRow { id: string; at: string }
export interface SalesPersonSavedRow { id: string; accountId: string; name: string; at: string }
export interface SalesPersonDeletedRow { id: string; accountId: string; at: string }
export interface StyleGuideSavedRow { id: string; name: string; at: string }
export interface StyleGuideDeletedRow { id: string; at: string }
export interface OrderCreatedRow {
  id: string;
  accountId: string;
  salesPersonId: string | null;
  styleGuideId: string;
  platform: string;
  appVersion: string | null;
  takenImages: number;
  createdAt: string;
  seq: number;
}
/** per order: the sales person of its newest sales-person change */
export interface OrderSalesPersonRow { id: string; accountId: string; salesPersonId: string; at: string }
/** per order: the name of its newest line, its first QA pick and upload completion */
export interface TimelineOrderRow { id: string; accountId: string; name: string; nameAt: string; firstQaPickAt: string | null; uploadCompletedAt: string | null }
export interface OrderDeletedRow { id: string; accountId: string; at: string }
export interface ImageProcessedRow { jobId: string; imageId: string; orderId: string; route: string; processedAt: string }

export interface OrderStatusRow {
  id: string;
  accountId: string;
  /** the newest status of the batch, its time and stream sequence */
  status: OrderStatus;
  qaStatus: string;
  at: string;
  seq: number;
  /** the first time the batch saw each status entered; null when it did not */
  inProgressAt: string | null;
  qaStageAt: string | null;
  deliveringAt: string | null;
  readyAt: string | null;
  completedAt: string | null;
  /** the first time the order left Uploading */
  uploadCompletedAt: string | null;
}

export interface TimelineRow {
  eventId: string;
  orderId: string;
  accountId: string;
  eventName: string;
  userId: string | null;
  userName: string | null;
  imageId: string | null;
  tagId: string | null;
  tagName: string | null;
  tagCategory: string | null;
  qaRole: string | null;
  at: string;
}
