import { pairForStatus, STATUSES_APPROVED, type OrderStatus } from '@app/contracts';
import type { StatusPair } from '../orders/order-status.rules';

export interface LifecycleStep {
  eventName: 'UPLOAD_COMPLETED' | 'PROCESSING_COMPLETED';
  to: StatusPair;
}

export interface LifecycleOrder {
  status: OrderStatus;
  takenImagesCount: number;
  enabledQa: boolean;
}

export interface LifecycleProgress {
  uploadedCount: number;
  processedCount: number;
}

/**
 * Where the images' progress takes an order (docs/orders.md, "States and the lifecycle"):
 * - Uploading → In Progress once every taken image is uploaded and accepted;
 * - In Progress → QA stage / Waiting For QA (account with QA) or Ready to download / Approved
 *   once every uploaded image is processed (a failure counts as processed).
 * Both steps may come from one progress. Only these two moves are automatic: a status set by
 * admin or QA (QA stage, Delivering, Ready to download, Completed) is never changed here.
 */
export function lifecycleSteps(order: LifecycleOrder, progress: LifecycleProgress): LifecycleStep[] {
  const steps: LifecycleStep[] = [];
  const allUploaded = progress.uploadedCount > 0 && progress.uploadedCount >= order.takenImagesCount;
  let status = order.status;
  if (status === 'Uploading' && allUploaded) {
    steps.push({ eventName: 'UPLOAD_COMPLETED', to: pairForStatus('In Progress') });
    status = 'In Progress';
  }
  if (status === 'In Progress' && allUploaded && progress.processedCount >= progress.uploadedCount) {
    steps.push({
      eventName: 'PROCESSING_COMPLETED',
      to: order.enabledQa ? { status: 'QA stage', QAstatus: 'Waiting For QA' } : { status: 'Ready to download', QAstatus: 'Approved' },
    });
  }
  return steps;
}

/**
 * A dealership's re-edit request on a finished order (docs/orders.md, "QA work lists"): when
 * the open re-edit requests grow while the order is Ready to download, Delivering or Completed,
 * it goes back to QA stage / Waiting For Edition. A progress without the count (from before it
 * was published) changes nothing; neither does a request on an order still in the works or in
 * QA stage (QA sees it there already).
 */
export function reEditStep(order: { status: OrderStatus; reEditOpenCount: number }, progress: { reEditOpenCount?: number }): StatusPair | null {
  if (progress.reEditOpenCount === undefined || progress.reEditOpenCount <= order.reEditOpenCount) return null;
  if (!STATUSES_APPROVED.includes(order.status)) return null;
  return { status: 'QA stage', QAstatus: 'Waiting For Edition' };
}

export interface DeliveryCounts {
  queued: number;
  delivered: number;
  failed: number;
}

/**
 * Where the delivery takes an order (docs/orders.md): Delivering while any of its messages
 * waits (from Ready to download or Completed); once none waits, Completed when every
 * destination left has the order, else (a destination failed for good, or its message was
 * removed and none is left) back to Ready to download. An order still in upload, processing
 * or QA is never moved.
 */
export function deliveryStep(status: OrderStatus, d: DeliveryCounts, outcome = false): 'Delivering' | 'Completed' | 'Ready to download' | null {
  if (d.queued > 0) return status === 'Ready to download' || status === 'Completed' ? 'Delivering' : null;
  // A delivery's outcome (`outcome`: delivered, or failed for good) whose queueing the order has
  // not seen: the progress of one order can arrive out of order (replicas of the orders service
  // take its events side by side, or one waits out a database fail-over), and the older
  // "queued" is then ignored by its version. It is taken as from Delivering.
  const from = outcome && (status === 'Ready to download' || status === 'Completed') ? 'Delivering' : status;
  if (from !== 'Delivering') return null;
  const to = d.failed === 0 && d.delivered > 0 ? 'Completed' : 'Ready to download';
  return to === status ? null : to;
}
