import type { MediaView } from './admin';
import { api } from './client';
import type { Paged, Role } from './types';

/**
 * Wire types and calls of orders and their timeline (libs/contracts/src/orders), mirrored:
 * the browser bundle does not import the contracts. Only what the web app reads.
 */

// ---------------------------------------------------------------------------------------
// states and the paired rules

export const ORDER_STATUSES = ['Uploading', 'In Progress', 'QA stage', 'Delivering', 'Ready to download', 'Completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const QA_STATUSES = ['Waiting For QA', 'Waiting For Edition', 'Approved'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];

const STATUSES_APPROVED: readonly OrderStatus[] = ['Delivering', 'Ready to download', 'Completed'];

export interface StatusPair {
  status: OrderStatus;
  QAstatus: QaStatus;
}

/** Choosing a status: Uploading, In Progress and QA stage go with Waiting For QA; the others with Approved. */
export function pairForStatus(status: OrderStatus): StatusPair {
  return { status, QAstatus: STATUSES_APPROVED.includes(status) ? 'Approved' : 'Waiting For QA' };
}

/** Choosing a QA status: Approved goes with Ready to download; Waiting For QA or Edition with QA stage. */
export function pairForQaStatus(QAstatus: QaStatus): StatusPair {
  return { status: QAstatus === 'Approved' ? 'Ready to download' : 'QA stage', QAstatus };
}

/** Statuses in which the order is still moving on its own (uploads, the pipeline): screens poll them. */
export const MOVING_STATUSES: readonly OrderStatus[] = ['Uploading', 'In Progress'];

/** The rows of the orders list a dealership or management account may open. */
export const OPENABLE_STATUSES: readonly OrderStatus[] = ['Completed', 'Ready to download'];

/** Translation key suffix of a status or QA status (`orders.status.inProgress`). */
export const STATUS_KEYS = {
  Uploading: 'uploading',
  'In Progress': 'inProgress',
  'QA stage': 'qaStage',
  Delivering: 'delivering',
  'Ready to download': 'readyToDownload',
  Completed: 'completed',
} as const satisfies Record<OrderStatus, string>;

export const QA_STATUS_KEYS = {
  'Waiting For QA': 'waitingForQa',
  'Waiting For Edition': 'waitingForEdition',
  Approved: 'approved',
} as const satisfies Record<QaStatus, string>;

// ---------------------------------------------------------------------------------------
// constants

export const ORDER_NAME_MIN = 3;
export const ORDER_NAME_MAX = 60;
export const ORDER_IMAGES_MAX = 100;
export const DEFAULT_FROM_DAYS = 14;
/** the server's answer when another order of the account has the name */
export const UNIQUE_NAME_MESSAGE = 'Please specify a unique order name';

// ---------------------------------------------------------------------------------------
// views

export interface OrderPersonRef {
  id: string;
  displayName: string;
}

export interface TagView {
  id: string;
  name: string;
  color: string;
  category?: string;
}

export type OrderPlatform = 'web' | 'android' | 'ios';

export interface OrderView {
  id: string;
  orderName: string;
  note: string | null;
  status: OrderStatus;
  QAstatus: QaStatus;
  user: { id: string; displayName: string; userName: string };
  createdBy: { id: string; displayName: string; role: 'Admin' | 'SalesPerson' | 'Account' };
  impersonatedBy: OrderPersonRef | null;
  salesMan: { id: string; name: string } | null;
  styleGuide: { id: string; name: string };
  carType: { id: string; carTypeName: string } | null;
  deviceInformation: { platform: OrderPlatform; userAgent: string | null; model: string | null; osVersion: string | null };
  appVersion: string | null;
  takenImagesCount: number;
  imageCount: number;
  uploadedImagesCount: number;
  processedImagesCount: number;
  failedImagesCount: number;
  videoCount: number;
  tags: TagView[];
  assignedEditor: OrderPersonRef | null;
  /** seconds from creation to Ready to download / Completed, once reached */
  timeToReadyToDownload: number | null;
  timeToCompleted: number | null;
  createdAt: string;
  updatedAt: string;
}

export type OrderListItem = Pick<
  OrderView,
  | 'id'
  | 'orderName'
  | 'status'
  | 'QAstatus'
  | 'user'
  | 'salesMan'
  | 'styleGuide'
  | 'takenImagesCount'
  | 'imageCount'
  | 'videoCount'
  | 'tags'
  | 'timeToReadyToDownload'
  | 'timeToCompleted'
  | 'createdAt'
  | 'updatedAt'
> & {
  /** the first 60 characters of the note (admin and QA only), with … when cut */
  notePreview: string | null;
  /** the first processed (else original) thumbnail; null when there is none or images did not answer */
  thumbnailUrl: string | null;
};

export type OrderEventName =
  | 'NEW'
  | 'UPDATED'
  | 'EDITED'
  | 'DELETED'
  | 'IMAGE_DECLINED'
  | 'IMAGE_APPROVED'
  | 'IMAGE_REPUSHED'
  | 'QA_UPLOADED_PICTURE'
  | 'UPLOAD_COMPLETED'
  | 'IMAGE_REJECTED'
  | 'PROCESSING_COMPLETED'
  | 'PIPELINE_ERROR'
  | 'DOWNLOADED'
  | 'VIDEO_UPLOADED';

export interface OrderEventView {
  id: string;
  eventName: OrderEventName;
  payload: Record<string, unknown>;
  createdAt: string;
  user: { id: string; displayName: string } | null;
  order: { id: string; orderName: string };
  isHidden: boolean;
  isPriority: boolean;
}

// ---------------------------------------------------------------------------------------
// bodies

export interface CreateOrderBody {
  orderName: string;
  styleGuide: string;
  salesMan?: string;
  takenImagesCount: number;
  note?: string;
  carType?: string;
  /** admin impersonation: the account the order is created for */
  userId?: string;
  deviceInformation?: { platform: OrderPlatform; userAgent?: string };
}

export interface UpdateOrderBody {
  orderName?: string;
  status?: OrderStatus;
  QAstatus?: QaStatus;
}

/** `GET /orders/get-orders`: page (1-based), sort, and the list's filters. */
export type OrderListQuery = Record<string, string | number | undefined>;

// ---------------------------------------------------------------------------------------
// what the order creator reads of other resources

export interface AccountOption {
  id: string;
  displayName: string;
  email: string;
  userRole: Role;
}

export interface SalesPersonOption {
  id: string;
  name: string;
  email: string;
}

export interface StyleGuideOption {
  id: string;
  name: string;
  configurationCount: number;
}

/** A style guide's positions, as the creator and the detail side panel show them. */
export interface StyleGuidePositions {
  id: string;
  name: string;
  outputWidth: number;
  outputHeight: number;
  configurations: Array<{
    id: string;
    position: number;
    type: 'IMAGE' | 'FEATURED';
    optional: boolean;
    angle: { id: string; name: string; defaultAngleOverlay?: MediaView | null } | null;
    customAngleOverlay: MediaView | null;
    featuredImage: MediaView | null;
  }>;
}

export const ordersApi = {
  list: (query: OrderListQuery, signal?: AbortSignal) => api.get<Paged<OrderListItem>>('/orders/get-orders', { query, signal }),
  get: (id: string, signal?: AbortSignal) => api.get<OrderView>(`/orders/${id}`, { signal }),
  create: (body: CreateOrderBody) => api.post<OrderView>('/orders', body),
  update: (id: string, body: UpdateOrderBody) => api.put<OrderView>(`/orders/${id}`, body),
  /** true: QA status Approved, status Ready to download */
  approve: (id: string, approved = true) => api.put<OrderView>(`/orders/approval/${id}/${approved}`),
  remove: (id: string) => api.delete<{ deleted: true }>(`/orders/${id}`),
  events: (id: string, page: number, isHidden: boolean, signal?: AbortSignal) =>
    api.get<Paged<OrderEventView>>(`/events/order/${id}`, { query: { page, isHidden }, signal }),

  accounts: (userRole: 'Dealership' | 'Management', search: string, signal?: AbortSignal) =>
    api.get<Paged<AccountOption>>('/users', { query: { userRole, search: search.trim() || undefined }, signal }),
  salesPeople: (accountId: string, signal?: AbortSignal) => api.get<SalesPersonOption[]>(`/salesman/user/${accountId}/all`, { signal }),
  styleGuides: (accountId: string, signal?: AbortSignal) => api.get<StyleGuideOption[]>(`/style-guides/user/${accountId}`, { signal }),
};

/**
 * TanStack Query keys of orders and their timeline: [resource, action, params]. A shorter key
 * is the prefix of the longer ones, for invalidation (`all()` reaches every order query).
 */
export const orderKeys = {
  all: () => ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  one: (id: string) => ['orders', 'get', { id }] as const,
  allEvents: () => ['order-events'] as const,
  events: (id: string, isHidden: boolean) => ['order-events', 'list', { id, isHidden }] as const,
};
