import type { OrderAccess, OrderListItem, OrderView, TagView } from '@app/contracts';
import { notePreview } from './order-status.rules';
import type { Order } from './order.entity';

const account = (o: Order) => ({ id: o.accountId, displayName: o.accountName, userName: o.accountEmail });
const salesPerson = (o: Order) => (o.salesPersonId ? { id: o.salesPersonId, name: o.salesPersonName ?? '' } : null);

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
    delivery:
      o.deliveryVersion > 0
        ? { queued: o.deliveryQueued, delivered: o.deliveryDelivered, failed: o.deliveryFailed, lastError: o.deliveryLastError }
        : null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** A row of the orders list; the note preview is for admin and QA only. */
/** `thumbnailUrl`: the signed link of the order's picture for lists (`Order.thumbnailKey`), or null */
export function toListItem(o: Order, tags: TagView[], withNote: boolean, thumbnailUrl: string | null): OrderListItem {
  return {
    id: o.id,
    orderName: o.orderName,
    status: o.status,
    QAstatus: o.qaStatus,
    user: account(o),
    salesMan: salesPerson(o),
    styleGuide: { id: o.styleGuideId, name: o.styleGuideName },
    takenImagesCount: o.takenImagesCount,
    imageCount: o.imageCount,
    uploadedImagesCount: o.uploadedImagesCount,
    approvedCount: o.approvedCount,
    needsEditionCount: o.needsEditionCount,
    reEditOpenCount: o.reEditOpenCount,
    reEditDueAt: o.reEditDueAt ? o.reEditDueAt.toISOString() : null,
    videoCount: o.videoCount,
    tags,
    timeToReadyToDownload: o.timeToReadyToDownload,
    timeToCompleted: o.timeToCompleted,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    notePreview: withNote ? notePreview(o.note) : null,
    thumbnailUrl,
  };
}

export function toAccess(o: Order): OrderAccess {
  return {
    id: o.id,
    orderName: o.orderName,
    accountId: o.accountId,
    styleGuideId: o.styleGuideId,
    status: o.status,
    QAstatus: o.qaStatus,
    takenImagesCount: o.takenImagesCount,
    enabledQa: o.enabledQa,
  };
}
