import { describe, expect, it } from '@jest/globals';
import type { OrderEventLine, OrderEventView } from '@app/contracts/wire';
import { eventLabelKey, payloadSummary, type TimelineWords } from './timelinePayload';

const words: TimelineWords = {
  status: (s) => `status:${s}`,
  qaStatus: (s) => `qa:${s}`,
  taskState: (s) => `task:${s}`,
  reEditReason: (r) => `reason:${r}`,
};
const IMAGE = '00000000-0000-4000-8000-000000000001';
const view = (line: OrderEventLine): OrderEventView => ({
  ...line,
  id: 'e1',
  createdAt: '2026-11-20T10:00:00.000Z',
  user: null,
  order: { id: 'o1', orderName: 'Golf' },
  isHidden: false,
  isPriority: false,
});
const summary = (line: OrderEventLine) => payloadSummary(view(line), words);

describe('timelinePayload', () => {
  it('words a status change as "from → to", each as status / QA status', () => {
    expect(
      summary({ eventName: 'UPDATED', payload: { from: { status: 'QA stage', QAstatus: 'Waiting For QA' }, to: { status: 'Ready to download', QAstatus: 'Approved' } } }),
    ).toBe('status:QA stage / qa:Waiting For QA → status:Ready to download / qa:Approved');
  });

  it('words an edit by its sales person and car type, a dash for none', () => {
    expect(summary({ eventName: 'EDITED', payload: { salesMan: { from: null, to: 'Bo' }, carType: { from: 'SUV', to: 'Van' }, salesPersonId: IMAGE } })).toBe('– → Bo · SUV → Van');
    expect(summary({ eventName: 'EDITED', payload: { orderName: { from: 'A', to: 'B' } } })).toBe('');
  });

  it("words a picture's events by position, a decline by its reason's tag, a re-edit request by its reason", () => {
    expect(summary({ eventName: 'IMAGE_DECLINED', payload: { imageId: IMAGE, position: 3, reason: { tagId: IMAGE, name: 'Blurry picture' } } })).toBe('3 · Blurry picture');
    expect(summary({ eventName: 'IMAGE_DECLINED', payload: { imageId: IMAGE, position: 0 } })).toBe('0');
    expect(summary({ eventName: 'PIPELINE_ERROR', payload: { imageId: IMAGE, position: 2, reason: 'could not decode' } })).toBe('2 · could not decode');
    expect(summary({ eventName: 'IMAGE_REPUSHED', payload: { imageId: IMAGE, imageIds: [IMAGE], method: 'bypass', jobId: IMAGE } })).toBe('');
    expect(
      summary({
        eventName: 'RE_EDIT_REQUESTED',
        payload: { imageId: IMAGE, position: 4, reason: 'reflections', text: null, dueAt: '2026-11-21T10:00:00.000Z', requestId: IMAGE, requestedBy: 'Anna' },
      }),
    ).toBe('4 · reason:reflections');
  });

  it("words a QA task's change and a download's count", () => {
    expect(summary({ eventName: 'QA_TASK_UPDATED', payload: { role: 'QA_EDITOR', state: 'RELEASED', from: 'IN_PROGRESS', userName: 'Eve' } })).toBe('task:IN_PROGRESS → task:RELEASED');
    expect(
      summary({ eventName: 'DOWNLOADED', payload: { bundleId: IMAGE, imageCount: 12, fileCount: 13, media: 'optimized', downloadStyleGuide: false, needsEditionOnly: false } }),
    ).toBe('12');
    expect(summary({ eventName: 'QA_PICKED', payload: { role: 'QA_EDITOR', userName: 'Eve' } })).toBe('');
  });

  it('names delivery providers as the integrations tab does, with the destination or the error', () => {
    const queued = { integrations: [{ id: IMAGE, provider: 'GENERIC_FTP', integrationType: 'FTP' }], provider: 'GENERIC_FTP, SOMETHING_NEW' };
    expect(summary({ eventName: 'DELIVERY_QUEUED', payload: queued })).toBe('FTP server, SOMETHING_NEW');
    const message = { messageId: IMAGE, integrationId: IMAGE, provider: 'PORTAL_FTP' };
    expect(summary({ eventName: 'DELIVERED', payload: { ...message, destination: 'ftp.example.test', files: 3, bytes: 10, deliveredBy: 'worker' } })).toBe(
      'Portal image FTP · ftp.example.test',
    );
    expect(summary({ eventName: 'DELIVERY_FAILED', payload: { ...message, error: '421', attempts: 2, final: false } })).toBe('Portal image FTP · 421');
    expect(summary({ eventName: 'DELIVERY_STOPPED', payload: { cause: 'removed', provider: null, error: null, failed: 0, delivered: 1 } })).toBe('');
  });

  it("labels a stopped delivery by its cause, any other event by its name", () => {
    expect(eventLabelKey(view({ eventName: 'DELIVERY_STOPPED', payload: { cause: 'failed', provider: 'FTPS', error: 'x', failed: 1, delivered: 0 } }))).toBe(
      'orderDetail.events.DELIVERY_STOPPED_failed',
    );
    expect(eventLabelKey(view({ eventName: 'NEW', payload: { takenImagesCount: 4, platform: 'web' } }))).toBe('orderDetail.events.NEW');
  });
});
