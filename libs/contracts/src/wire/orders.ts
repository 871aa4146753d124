
// ---------------------------------------------------------------------------------------
// states

export const ORDER_STATUSES = ['Uploading', 'In Progress', 'QA stage', 'Delivering', 'Ready to download', 'Completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const QA_STATUSES = ['Waiting For QA', 'Waiting For Edition', 'Approved'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];

/** Statuses sent with QA status Waiting For QA, and those sent with Approved (the paired rules). */
export const STATUSES_WAITING_FOR_QA: readonly OrderStatus[] = ['Uploading', 'QA stage', 'In Progress'];
export const STATUSES_APPROVED: readonly OrderStatus[] = ['Delivering', 'Ready to download', 'Completed'];

export interface StatusPair {
  status: OrderStatus;
  QAstatus: QaStatus;
}

/**
 * The paired status rules (docs/orders.md), for a change of one dropdown: choosing a status gives
 * its QA status (Uploading, In Progress and QA stage go with Waiting For QA, the others with
 * Approved), choosing a QA status gives its status (Approved goes with Ready to download,
 * Waiting For QA or Edition with QA stage).
 */
export function pairForStatus(status: OrderStatus): StatusPair {
  return { status, QAstatus: STATUSES_APPROVED.includes(status) ? 'Approved' : 'Waiting For QA' };
}

export function pairForQaStatus(QAstatus: QaStatus): StatusPair {
  return { status: QAstatus === 'Approved' ? 'Ready to download' : 'QA stage', QAstatus };
}

/** The rows of the orders list a dealership or management account may open. */
export const OPENABLE_STATUSES: readonly OrderStatus[] = ['Completed', 'Ready to download'];

// ---------------------------------------------------------------------------------------
// constants and messages

export const ORDER_NAME_MIN = 3;
export const ORDER_NAME_MAX = 60;
export const ORDER_NOTE_MAX = 999;
/** the most images an order may hold (free-form upload takes 100; a style guide has fewer positions) */
export const ORDER_IMAGES_MAX = 100;
/** the default start of the date filter, except for dealership and management accounts */
export const DEFAULT_FROM_DAYS = 14;
/** note preview in the list */
export const NOTE_PREVIEW_LENGTH = 60;

/** The answer when another order of the account has the name; the web app shows it on the name field. */
export const ORDER_NAME_TAKEN_MESSAGE = 'Please specify a unique order name';

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  uniqueName: ORDER_NAME_TAKEN_MESSAGE,
  nameMin: `Order name must be longer than ${ORDER_NAME_MIN - 1} characters`,
  nameMax: `Order name must be at most ${ORDER_NAME_MAX} characters`,
  styleGuideRequired: 'Please choose a style guide',
  styleGuideNotAssigned: 'The style guide is not assigned to this account',
  salesPersonRequired: 'Please choose a sales person',
  salesPersonNotFound: 'Sales person not found',
  dealershipRequired: 'Choose the dealership the order is created for',
  impersonationAdminOnly: 'Only an admin can create an order for another account',
  statusPairInvalid: (status: string, qa: string) => `Status ${status} does not go with QA status ${qa}`,
  statusChangeForbidden: 'Only admin and QA can change the status of an order',
  noStatusChange: 'Give a status or a QA status',
  /** the owner without DELETE_ORDERS deletes only its own unfinished (Uploading) orders */
  deleteOnlyUnfinished: 'Without the DELETE_ORDERS permission you can delete only an order that is still uploading; this one has all its pictures',
} as const;

/** hours an Uploading order may go without a picture arriving before the list flags it (ORDERS_UPLOAD_STALE_HOURS) */
export const UPLOAD_STALE_HOURS_DEFAULT = 24;

export const ORDER_PLATFORMS = ['web', 'android', 'ios'] as const;
export type OrderPlatform = (typeof ORDER_PLATFORMS)[number];

export const ORDER_SORT_FIELDS = ['createdAt', 'updatedAt', 'orderName', 'status', 'QAstatus'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const VIDEO_FILTERS = ['with', 'without'] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];

// ---------------------------------------------------------------------------------------
// request bodies

/** Where the order was made: the web app sends its user agent, the mobile app its platform and model. */
export interface DeviceInformationRequest {
  platform?: OrderPlatform;
  userAgent?: string;
  model?: string;
  osVersion?: string;
}

/** `POST /orders` */
export interface CreateOrderRequest {
  /** trimmed, 3 to 60 characters, unique per account */
  orderName: string;
  /** style guide id (one assigned to the account) */
  styleGuide: string;
  /** sales person id; required unless a sales person is signed in */
  salesMan?: string;
  /** how many images the creator will upload */
  takenImagesCount: number;
  note?: string;
  /** car type id */
  carType?: string;
  /** admin impersonation: the dealership or management account the order is created for */
  userId?: string;
  deviceInformation?: DeviceInformationRequest;
  /** version of the mobile app, like 1.2.34 */
  appVersion?: string;
}

/** `PUT /orders/{id}`: any of these; a status goes with its QA status (the paired rules). */
export interface UpdateOrderRequest {
  orderName?: string;
  status?: OrderStatus;
  QAstatus?: QaStatus;
  /** null clears it */
  note?: string | null;
  /** car type id; null clears it */
  carType?: string | null;
  /** sales person id */
  salesMan?: string;
}

// ---------------------------------------------------------------------------------------
// views: declared once, as the response schema classes of the HTTP contract (type-only here,
// so nothing of the classes' decorators reaches a module that imports the wire)

