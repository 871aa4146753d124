import { PIPELINE_ERROR_LABEL, VIEW_URL_TTL_SECONDS, type Actor, type ImageLabel, type ImageView, type OrderStatus, type QaStatus } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { Image } from './image.entity';
import { OrderAccessService } from '../access/order-access';
import type { ReEditRequest } from '../re-edit-requests/re-edit-request.entity';
import { reEditSummary } from '../re-edit-requests/re-edit-requests.service';
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

/**
 * Image views with short-lived links (signed locally, no S3 round trip). `url` is the
 * optimized picture once processed, else the original; `originalUrl` is the original for
 * admin and QA, whose tools work on originals (as only they download originals), null for
 * everyone else.
 */
@Injectable()
export class ImageViews {
  constructor(private readonly files: ImageFiles) {}

  /** `reEdit`: the picture's latest re-edit request, when the caller read it (the order's and one image's views) */
  view(actor: Actor, image: Image, order: OrderState | null, reEdit?: ReEditRequest | null): ImageView {
    const sign = (key: string | null) => (key ? this.files.signedGet(key, VIEW_URL_TTL_SECONDS) : null);
    const accepted = image.optimisationStatus !== 'awaiting-upload' && image.optimisationStatus !== 'upload-rejected';
    const staff = OrderAccessService.isStaff(actor);
    const optimized = sign(image.optimizedKey);
    const original = sign(accepted && (staff || !image.optimizedKey) ? image.originalKey : null);
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
      ...(reEdit === undefined ? {} : { reEditRequest: reEdit ? reEditSummary(reEdit) : null }),
      createdAt: image.createdAt.toISOString(),
      updatedAt: image.updatedAt.toISOString(),
    };
  }

  views(actor: Actor, images: Image[], order: OrderState | null, reEdits?: ReadonlyMap<string, ReEditRequest>): ImageView[] {
    return images.map((i) => this.view(actor, i, order, reEdits ? (reEdits.get(i.id) ?? null) : undefined));
  }
}
