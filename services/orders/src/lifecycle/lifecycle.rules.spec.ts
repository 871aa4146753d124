import { ORDER_STATUSES, type OrderStatus } from '@app/contracts';
import { deliveryStep, lifecycleSteps, reEditStep, type LifecycleOrder } from './lifecycle.rules';

const order = (status: OrderStatus, enabledQa = false, takenImagesCount = 3): LifecycleOrder => ({ status, enabledQa, takenImagesCount });
const names = (o: LifecycleOrder, uploadedCount: number, processedCount: number) =>
  lifecycleSteps(o, { uploadedCount, processedCount }).map((s) => `${s.eventName} → ${s.to.status} / ${s.to.QAstatus}`);

describe('the order lifecycle', () => {
  it('stays Uploading until every taken image is accepted', () => {
    expect(names(order('Uploading'), 0, 0)).toEqual([]);
    expect(names(order('Uploading'), 2, 2)).toEqual([]);
    expect(names(order('Uploading'), 3, 0)).toEqual(['UPLOAD_COMPLETED → In Progress / Waiting For QA']);
    // more than announced (an inserted image) is all uploaded too
    expect(names(order('Uploading'), 4, 0)).toEqual(['UPLOAD_COMPLETED → In Progress / Waiting For QA']);
  });

  it('leaves In Progress when every uploaded image is processed: QA stage with QA, Ready to download without', () => {
    expect(names(order('In Progress'), 3, 2)).toEqual([]);
    expect(names(order('In Progress'), 3, 3)).toEqual(['PROCESSING_COMPLETED → Ready to download / Approved']);
    expect(names(order('In Progress', true), 3, 3)).toEqual(['PROCESSING_COMPLETED → QA stage / Waiting For QA']);
  });

  it('takes both steps at once when the last upload and the last processing arrive together', () => {
    expect(names(order('Uploading', true), 3, 3)).toEqual(['UPLOAD_COMPLETED → In Progress / Waiting For QA', 'PROCESSING_COMPLETED → QA stage / Waiting For QA']);
  });

  it('does not leave In Progress set by hand before the uploads are complete', () => {
    expect(names(order('In Progress'), 2, 2)).toEqual([]);
    expect(names(order('In Progress'), 0, 0)).toEqual([]);
  });

  it('never moves an order out of a state set by admin or QA', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'Uploading' && s !== 'In Progress')) {
      expect(names(order(status), 3, 3)).toEqual([]);
      expect(names(order(status, true), 3, 3)).toEqual([]);
    }
  });
});

describe('a re-edit request on a finished order', () => {
  const back = { status: 'QA stage', QAstatus: 'Waiting For Edition' };

  it('sends it back to QA stage / Waiting For Edition when the open requests grow', () => {
    for (const status of ['Ready to download', 'Delivering', 'Completed'] as const) {
      expect(reEditStep({ status, reEditOpenCount: 0 }, { reEditOpenCount: 1 })).toEqual(back);
      expect(reEditStep({ status, reEditOpenCount: 1 }, { reEditOpenCount: 2 })).toEqual(back);
    }
  });

  it('changes nothing when the count stays, falls or is absent', () => {
    expect(reEditStep({ status: 'Completed', reEditOpenCount: 1 }, { reEditOpenCount: 1 })).toBeNull();
    expect(reEditStep({ status: 'Completed', reEditOpenCount: 2 }, { reEditOpenCount: 0 })).toBeNull();
    expect(reEditStep({ status: 'Completed', reEditOpenCount: 0 }, {})).toBeNull();
  });

  it('leaves an order that is not finished where it is', () => {
    for (const status of ['Uploading', 'In Progress', 'QA stage'] as const) {
      expect(reEditStep({ status, reEditOpenCount: 0 }, { reEditOpenCount: 1 })).toBeNull();
    }
  });
});

describe('deliveryStep', () => {
  it('Delivering while a message waits, from Ready to download or Completed only', () => {
    expect(deliveryStep('Ready to download', { queued: 1, delivered: 0, failed: 0 })).toBe('Delivering');
    expect(deliveryStep('Completed', { queued: 1, delivered: 3, failed: 0 })).toBe('Delivering');
    expect(deliveryStep('Delivering', { queued: 2, delivered: 0, failed: 0 })).toBeNull();
    expect(deliveryStep('QA stage', { queued: 1, delivered: 0, failed: 0 })).toBeNull();
    expect(deliveryStep('Uploading', { queued: 1, delivered: 0, failed: 0 })).toBeNull();
  });

  it('Completed once every message is delivered; a failure for good or nothing left takes it back to Ready to download once none waits', () => {
    expect(deliveryStep('Delivering', { queued: 0, delivered: 2, failed: 0 })).toBe('Completed');
    expect(deliveryStep('Delivering', { queued: 0, delivered: 1, failed: 1 })).toBe('Ready to download');
    expect(deliveryStep('Delivering', { queued: 0, delivered: 0, failed: 1 })).toBe('Ready to download');
    // every message removed from the queue
    expect(deliveryStep('Delivering', { queued: 0, delivered: 0, failed: 0 })).toBe('Ready to download');
    // another destination still pending: it stays Delivering
    expect(deliveryStep('Delivering', { queued: 1, delivered: 0, failed: 1 })).toBeNull();
    expect(deliveryStep('Ready to download', { queued: 0, delivered: 2, failed: 0 })).toBeNull();
    expect(deliveryStep('Ready to download', { queued: 0, delivered: 0, failed: 1 })).toBeNull();
  });

  it("takes a delivery's outcome whose queueing came later (or never: an older version is ignored) as from Delivering", () => {
    // delivered to its one destination, the order still Ready to download: Completed
    expect(deliveryStep('Ready to download', { queued: 0, delivered: 1, failed: 0 }, true)).toBe('Completed');
    // a second destination delivered while the order was Completed: it stays Completed
    expect(deliveryStep('Completed', { queued: 0, delivered: 2, failed: 0 }, true)).toBeNull();
    // a new destination failed for good while the order was Completed: back to Ready to download
    expect(deliveryStep('Completed', { queued: 0, delivered: 1, failed: 1 }, true)).toBe('Ready to download');
    expect(deliveryStep('Ready to download', { queued: 0, delivered: 0, failed: 1 }, true)).toBeNull();
    // another destination still waits: Delivering
    expect(deliveryStep('Ready to download', { queued: 1, delivered: 1, failed: 0 }, true)).toBe('Delivering');
    // an order not ready yet is never moved
    expect(deliveryStep('QA stage', { queued: 0, delivered: 1, failed: 0 }, true)).toBeNull();
  });
});
