import { PIPELINE_ERROR_LABEL, VIEW_URL_TTL_SECONDS, type Actor, type ImageLabel, type ImageView, type OrderStatus, type QaStatus, type ReEditRequestSummary } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { Image } from './image.entity';
import { OrderAccessService } from '../access/order-access';
import type { ReEditRequest } from '../re-edit-requests/re-edit-request.entity';
import { reEditSummaryOf } from '../re-edit-requests/re-edit-request-views';
import { ImageFiles } from './image-files';

/** The order's state as far as an image's label depends on it. */
export interface OrderState {
  status: OrderStatus;
  QAstatus?: QaStatus;
}

const DONE: readonly OrderStatus[] = ['Ready to download', 'Delivering', 'Completed'];

/**
 * An image's label: pending load until the picture is processed (or while it is
 * processed again), pipeline error when the pipeline gave up, needs edition and approved as
 * QA marked it; a processed picture otherwise follows its order: waiting for QA or for
 * edition in the QA stage, ready to download once the order is, else completed.
 */
export function imageLabel(image: Pick<Image, 'optimisationStatus' | 'needsEdition' | 'approved'>, order: OrderState | null): ImageLabel {
  switch (image.optimisationStatus) {
    case 'awaiting-upload':
    case 'upload-rejected':
    case 'queued':
      return 'pending load';
    case 'rejected':
      return PIPELINE_ERROR_LABEL;
    default:
      break;
  }
  if (image.needsEdition) return 'needs edition';
  if (image.approved) return 'approved';
  if (!order) return 'completed';
  if (order.status === 'QA stage') return order.QAstatus === 'Waiting For Edition' ? 'waiting for edition' : 'waiting for QA';
  if (DONE.includes(order.status)) return 'ready to download';
  return 'completed';
}

/** The fields of an image its view shows (an `Image` entity has them all). */
export type ImageViewFields = Pick<
  Image,
  | 'id'
  | 'orderId'
  | 'position'
  | 'mediaOrigin'
  | 'types'
  | 'optimisedVia'
  | 'optimisationStatus'
  | 'failureReason'
  | 'approved'
  | 'needsEdition'
  | 'originalKey'
  | 'sharedOriginalKey'
  | 'optimizedKey'
  | 'thumbKey'
  | 'width'
  | 'height'
  | 'fileSize'
  | 'sensorData'
  | 'expectedAngle'
  | 'detectedAngle'
  | 'numberPlates'
>;

/**
 * A row of the hot reads (`ImagesRepository.viewRowsOfOrder`, `viewRowById`): an image's
 * view fields, its times already as ISO strings, and its latest re-edit request (all null
 * when nobody asked), read in one statement and mapped straight to the view.
 */
export interface ImageViewRow extends ImageViewFields {
  createdAt: string;
  updatedAt: string;
  reEditId: string | null;
  reEditReason: ReEditRequest['reason'] | null;
  reEditText: string | null;
  reEditState: ReEditRequest['state'] | null;
  /** ISO */
  reEditDueAt: string | null;
  reEditAnswer: string | null;
}

/**
 * Image views with short-lived links (signed locally, no S3 round trip). `url` is the
 * optimized picture once processed, else the original; `originalUrl` is the original for
 * admin and QA, whose tools work on originals (as only they download originals), null for
 * everyone else; so are `numberPlates` (the plates masked, drawn on the original).
 */
@Injectable()
export class ImageViews {
  constructor(private readonly files: ImageFiles) {}

  /** The view of an image entity (the answers of QA's tools and uploads: without `reEditRequest`). */
  view(actor: Actor, image: Image, order: OrderState | null): ImageView {
    return this.make(OrderAccessService.seesQaDetails(actor), image, image.createdAt.toISOString(), image.updatedAt.toISOString(), order, undefined);
  }

  views(actor: Actor, images: Image[], order: OrderState | null): ImageView[] {
    return images.map((i) => this.view(actor, i, order));
  }

  /**
   * The views of rows read with their latest re-edit request (the order's pictures, one
   * picture): `reEditRequest` is that request, null when nobody asked. No entities in between.
   */
  viewsOfRows(actor: Actor, rows: readonly ImageViewRow[], order: OrderState | null): ImageView[] {
    const staff = OrderAccessService.seesQaDetails(actor);
    const now = Date.now();
    return rows.map((r) =>
      this.make(
        staff,
        r,
        r.createdAt,
        r.updatedAt,
        order,
        r.reEditId
          ? reEditSummaryOf({ id: r.reEditId, reason: r.reEditReason!, text: r.reEditText, state: r.reEditState!, dueAt: r.reEditDueAt!, answer: r.reEditAnswer }, now)
          : null,
      ),
    );
  }

  /** One view; `reEdit` undefined leaves `reEditRequest` out (the views of QA's tools). */
  private make(
    staff: boolean,
    image: ImageViewFields,
    createdAt: string,
    updatedAt: string,
    order: OrderState | null,
    reEdit: ReEditRequestSummary | null | undefined,
  ): ImageView {
    // links the browser may cache until the image changes (a new picture at a key always comes with a new updatedAt)
    const sign = (key: string | null) => (key ? this.files.signedCachedGet(key, updatedAt, VIEW_URL_TTL_SECONDS) : null);
    const accepted = image.optimisationStatus !== 'awaiting-upload' && image.optimisationStatus !== 'upload-rejected';
    const optimized = sign(image.optimizedKey);
    // the original's shared copy, without private metadata; a picture accepted before copies were written links its original until one is made
    const original = sign(accepted && (staff || !image.optimizedKey) ? (image.sharedOriginalKey ?? image.originalKey) : null);
    const thumb = sign(image.thumbKey);
    return {
      id: image.id,
      orderId: image.orderId,
      position: image.position,
      mediaOrigin: image.mediaOrigin,
      types: image.types,
      optimisedVia: image.optimisedVia,
      optimisationStatus: image.optimisationStatus,
      label: imageLabel(image, order),
      failureReason: image.failureReason,
      approved: image.approved,
      needsEdition: image.needsEdition,
      url: optimized ?? original,
      thumbnailUrl: thumb,
      originalUrl: staff ? original : null,
      width: image.width,
      height: image.height,
      fileSize: image.fileSize,
      sensorData: image.sensorData,
      expectedAngle: image.expectedAngle,
      detectedAngle: image.detectedAngle,
      numberPlates: staff ? (image.numberPlates ?? null) : null,
      ...(reEdit === undefined ? {} : { reEditRequest: reEdit }),
      createdAt,
      updatedAt,
    };
  }
}
