import type { OrderAccess, OrderDeliveryDestination, OrderDeliveryState, OrderListItem, OrderStatus, OrderView, QaStatus, TagView } from '@app/contracts';
import { notePreview } from './order-status.rules';
import { Order } from './order.entity';

const account = (o: Order) => ({ id: o.accountId, displayName: o.accountName, userName: o.accountEmail });
const salesPerson = (o: Order) => (o.salesPersonId ? { id: o.salesPersonId, name: o.salesPersonName ?? '' } : null);

/** The order's delivery as last published (null until it was first queued), each destination with its state. */
function deliveryOf(o: Pick<Order, 'deliveryVersion' | 'deliveryQueued' | 'deliveryDelivered' | 'deliveryFailed' | 'deliveryLastError' | 'deliveryDestinations'>): OrderDeliveryState | null {
  if (!(o.deliveryVersion > 0)) return null;
  return {
    queued: o.deliveryQueued,
    delivered: o.deliveryDelivered,
    failed: o.deliveryFailed,
    lastError: o.deliveryLastError,
    destinations: o.deliveryDestinations ?? [],
  };
}

export function toOrderView(o: Order, tags: TagView[]): OrderView {
  return {
    id: o.id,
    orderName: o.orderName,
    note: o.note,
    status: o.status,
    QAstatus: o.qaStatus,
    user: account(o),
    createdBy: { id: o.createdById ?? o.accountId, displayName: o.createdByName, role: o.createdByRole },
    impersonatedBy: o.impersonatedById ? { id: o.impersonatedById, displayName: o.impersonatedByName ?? '' } : null,
    salesMan: salesPerson(o),
    styleGuide: { id: o.styleGuideId, name: o.styleGuideName },
    carType: o.carTypeId ? { id: o.carTypeId, carTypeName: o.carTypeName ?? '' } : null,
    deviceInformation: { platform: o.platform, userAgent: o.userAgent, model: o.deviceModel, osVersion: o.osVersion },
    appVersion: o.appVersion,
    takenImagesCount: o.takenImagesCount,
    imageCount: o.imageCount,
    uploadedImagesCount: o.uploadedImagesCount,
    processedImagesCount: o.processedImagesCount,
    failedImagesCount: o.failedImagesCount,
    videoCount: o.videoCount,
    tags,
    assignedEditor: o.assignedEditorId ? { id: o.assignedEditorId, displayName: o.assignedEditorName ?? '' } : null,
    approvedCount: o.approvedCount,
    needsEditionCount: o.needsEditionCount,
    reEditOpenCount: o.reEditOpenCount,
    reEditDueAt: o.reEditDueAt ? o.reEditDueAt.toISOString() : null,
    qaStageSince: o.qaStageSince ? o.qaStageSince.toISOString() : null,
    timeToReadyToDownload: o.timeToReadyToDownload,
    timeToCompleted: o.timeToCompleted,
    delivery: deliveryOf(o),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

// -------------------------------------------------------------------------------------
// Hot reads map the rows of `dataSource.query` straight to their answers, without the
// entity: columns by their names in the table, as the PostgreSQL driver returns them
// (timestamps as Date, int as number, bigint as text, jsonb parsed).

/** A tag as `TAGS_SQL` builds it in JSON: its times are text. */
export type TagJson = Omit<TagView, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export const tagsOfJson = (tags: readonly TagJson[]): TagView[] =>
  tags.map((t) => ({ ...t, createdAt: new Date(t.createdAt).toISOString(), updatedAt: new Date(t.updatedAt).toISOString() }));

/** the columns a list row needs (`LIST_COLUMNS` in the repository) */
export interface OrderListRow {
  id: string;
  order_name: string;
  note: string | null;
  status: OrderStatus;
  qa_status: QaStatus;
  account_id: string;
  account_name: string;
  account_email: string;
  sales_person_id: string | null;
  sales_person_name: string | null;
  style_guide_id: string;
  style_guide_name: string;
  taken_images_count: number;
  image_count: number;
  uploaded_images_count: number;
  approved_count: number;
  needs_edition_count: number;
  re_edit_open_count: number;
  re_edit_due_at: Date | null;
  video_count: number;
  time_to_ready_to_download: number | null;
  time_to_completed: number | null;
  thumbnail_key: string | null;
  picture_key: string | null;
  created_at: Date;
  updated_at: Date;
  tags: TagJson[];
  /** bigint: text */
  delivery_version: string;
  delivery_queued: number;
  delivery_delivered: number;
  delivery_failed: number;
  delivery_last_error: string | null;
  delivery_destinations: OrderDeliveryDestination[];
}

/** the columns the detail needs besides those of a list row (`VIEW_COLUMNS` in the repository) */
export interface OrderViewRow extends OrderListRow {
  created_by_id: string | null;
  created_by_name: string;
  created_by_role: Order['createdByRole'];
  impersonated_by_id: string | null;
  impersonated_by_name: string | null;
  car_type_id: string | null;
  car_type_name: string | null;
  platform: Order['platform'];
  user_agent: string | null;
  device_model: string | null;
  os_version: string | null;
  app_version: string | null;
  processed_images_count: number;
  failed_images_count: number;
  assigned_editor_id: string | null;
  assigned_editor_name: string | null;
  qa_stage_since: Date | null;
}

/** the columns `OrdersRpc.access` needs */
export interface OrderAccessRow {
  id: string;
  order_name: string;
  account_id: string;
  style_guide_id: string;
  status: OrderStatus;
  qa_status: QaStatus;
  taken_images_count: number;
  enabled_qa: boolean;
}

const rowAccount = (r: OrderListRow) => ({ id: r.account_id, displayName: r.account_name, userName: r.account_email });
const rowSalesPerson = (r: OrderListRow) => (r.sales_person_id ? { id: r.sales_person_id, name: r.sales_person_name ?? '' } : null);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The order of a raw row (hot reads go without the ORM), as the entity holds it: an order's
 * detail is `toOrderView` of it, so the entity and the row answer alike.
 */
export function orderOfRow(r: Record<string, unknown>): Order {
  return Object.assign(new Order(), {
    id: r.id,
    accountId: r.account_id,
    accountName: r.account_name,
    accountEmail: r.account_email,
    orderName: r.order_name,
    note: r.note,
    status: r.status,
    qaStatus: r.qa_status,
    createdById: r.created_by_id,
    createdByName: r.created_by_name,
    createdByRole: r.created_by_role,
    impersonatedById: r.impersonated_by_id,
    impersonatedByName: r.impersonated_by_name,
    salesPersonId: r.sales_person_id,
    salesPersonName: r.sales_person_name,
    styleGuideId: r.style_guide_id,
    styleGuideName: r.style_guide_name,
    carTypeId: r.car_type_id,
    carTypeName: r.car_type_name,
    platform: r.platform,
    userAgent: r.user_agent,
    deviceModel: r.device_model,
    osVersion: r.os_version,
    appVersion: r.app_version,
    takenImagesCount: r.taken_images_count,
    imageCount: r.image_count,
    uploadedImagesCount: r.uploaded_images_count,
    processedImagesCount: r.processed_images_count,
    failedImagesCount: r.failed_images_count,
    videoCount: r.video_count,
    progressVersion: Number(r.progress_version),
    thumbnailKey: r.thumbnail_key,
    pictureKey: r.picture_key ?? null,
    enabledQa: r.enabled_qa,
    assignedEditorId: r.assigned_editor_id,
    assignedEditorName: r.assigned_editor_name,
    approvedCount: r.approved_count ?? 0,
    needsEditionCount: r.needs_edition_count ?? 0,
    reEditOpenCount: r.re_edit_open_count ?? 0,
    reEditDueAt: r.re_edit_due_at ?? null,
    qaStageSince: r.qa_stage_since ?? null,
    timeToReadyToDownload: num(r.time_to_ready_to_download),
    timeToCompleted: num(r.time_to_completed),
    deliveryVersion: Number(r.delivery_version ?? 0),
    deliveryQueued: r.delivery_queued,
    deliveryDelivered: r.delivery_delivered,
    deliveryFailed: r.delivery_failed,
    deliveryLastError: r.delivery_last_error,
    deliveryDestinations: r.delivery_destinations ?? [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
}

/** The order's detail from its row read with its tags: `toOrderView` of the order it holds. */
export function orderViewOfRow(r: OrderViewRow): OrderView {
  return toOrderView(orderOfRow(r as unknown as Record<string, unknown>), tagsOfJson(r.tags));
}

/**
 * A row of the orders list; the note preview is for admin and QA only; an Uploading order last
 * changed before `staleBefore` is `uploadStale`. `thumbnailUrl`: the signed link of the order's
 * picture for lists (`thumbnail_key`), or null; `pictureUrl`: of that image's full picture
 * (`picture_key`), the list's fallback, or null.
 */
export function listItemOfRow(r: OrderListRow, withNote: boolean, thumbnailUrl: string | null, staleBefore: Date = new Date(0), pictureUrl: string | null = null): OrderListItem {
  return {
    id: r.id,
    orderName: r.order_name,
    status: r.status,
    QAstatus: r.qa_status,
    user: rowAccount(r),
    salesMan: rowSalesPerson(r),
    styleGuide: { id: r.style_guide_id, name: r.style_guide_name },
    takenImagesCount: r.taken_images_count,
    imageCount: r.image_count,
    uploadedImagesCount: r.uploaded_images_count,
    approvedCount: r.approved_count,
    needsEditionCount: r.needs_edition_count,
    reEditOpenCount: r.re_edit_open_count,
    reEditDueAt: r.re_edit_due_at ? r.re_edit_due_at.toISOString() : null,
    videoCount: r.video_count,
    tags: tagsOfJson(r.tags),
    timeToReadyToDownload: r.time_to_ready_to_download,
    timeToCompleted: r.time_to_completed,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    notePreview: withNote ? notePreview(r.note) : null,
    thumbnailUrl,
    pictureUrl,
    uploadStale: r.status === 'Uploading' && r.updated_at < staleBefore,
    delivery: deliveryOf({
      deliveryVersion: Number(r.delivery_version ?? 0),
      deliveryQueued: r.delivery_queued,
      deliveryDelivered: r.delivery_delivered,
      deliveryFailed: r.delivery_failed,
      deliveryLastError: r.delivery_last_error,
      deliveryDestinations: r.delivery_destinations,
    }),
  };
}

/** What `OrdersRpc.access` answers. */
export function accessOfRow(r: OrderAccessRow): OrderAccess {
  return {
    id: r.id,
    orderName: r.order_name,
    accountId: r.account_id,
    styleGuideId: r.style_guide_id,
    status: r.status,
    QAstatus: r.qa_status,
    takenImagesCount: r.taken_images_count,
    enabledQa: r.enabled_qa,
  };
}
