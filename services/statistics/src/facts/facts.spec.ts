import { planBatch } from './facts';
import { timelineDetails, type FactEvent } from './fact-events';

const ORDER = '6f1c1f43-0a5e-4c39-9a0c-2a4f8b7c1d01';
const ACCOUNT = '0b7e4c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c';
const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 8, m)).toISOString();
let seq = 0;
function status(previousStatus: string, s: string, when: string, position = ++seq): FactEvent {
  return {
    kind: 'orderStatusChanged',
    id: `m${position}`,
    seq: position,
    storedAt: null,
    payload: { orderId: ORDER, accountId: ACCOUNT, status: s, QAstatus: 'Waiting For QA', previousStatus, previousQAstatus: 'Waiting For QA', changedBy: 'lifecycle', at: when },
  } as FactEvent;
}

describe('planBatch', () => {
  it('reduces an order’s status changes to the newest status and the first time each was entered, in any order', () => {
    const events = [
      status('QA stage', 'Ready to download', at(50), 5),
      status('Uploading', 'In Progress', at(10), 1),
      status('Ready to download', 'QA stage', at(40), 4),
      status('In Progress', 'QA stage', at(10), 2),
      status('QA stage', 'Ready to download', at(30), 3),
    ];
    const [row] = planBatch(events).orderStatusChanged;
    expect(row).toMatchObject({ status: 'Ready to download', at: at(50), inProgressAt: at(10), qaStageAt: at(10), readyAt: at(30), uploadCompletedAt: at(10) });
    expect(planBatch([...events].reverse()).orderStatusChanged).toEqual([row]);
  });

  it('breaks a tie of one instant by the stream sequence', () => {
    expect(planBatch([status('In Progress', 'QA stage', at(5), 8), status('Uploading', 'In Progress', at(5), 7)]).orderStatusChanged[0]!.status).toBe('QA stage');
    expect(planBatch([status('Uploading', 'In Progress', at(5), 7), status('In Progress', 'QA stage', at(5), 8)]).orderStatusChanged[0]!.status).toBe('QA stage');
  });

  it('keeps one row per timeline line id', () => {
    const line = {
      kind: 'orderTimelineRecorded',
      id: 'a',
      seq: 1,
      storedAt: null,
      payload: { eventId: '9d2f1c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c', orderId: ORDER, accountId: ACCOUNT, orderName: 'X', eventName: 'DOWNLOADED', payload: {}, at: at(1) },
    } as FactEvent;
    expect(planBatch([line, { ...line, id: 'b', seq: 2 } as FactEvent]).orderTimelineRecorded.lines).toHaveLength(1);
  });
});

describe('planBatch: sales-person changes', () => {
  const ANNA = '3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
  const BO = '4d2e3f4a-5b6c-4d7e-8f80-91a2b3c4d5e6';
  const line = (eventName: string, payload: Record<string, unknown>, when: string, position: number): FactEvent =>
    ({
      kind: 'orderTimelineRecorded',
      id: `l${position}`,
      seq: position,
      storedAt: null,
      payload: { eventId: `${position.toString(16).padStart(8, '0')}-2d3f-4e5a-8b6c-7d8e9f0a1b2c`, orderId: ORDER, accountId: ACCOUNT, orderName: 'X', eventName, payload, at: when },
    }) as FactEvent;

  it("keeps the newest change of the order's sales person, whatever the order of the batch", () => {
    const events = [
      line('EDITED', { salesMan: { from: 'Anna', to: 'Bo' }, salesPersonId: BO }, at(20), 2),
      line('EDITED', { salesMan: { from: 'Bo', to: 'Anna' }, salesPersonId: ANNA }, at(30), 3),
    ];
    const expected = [{ id: ORDER, accountId: ACCOUNT, salesPersonId: ANNA, at: at(30) }];
    expect(planBatch(events).orderTimelineRecorded.salesPeople).toEqual(expected);
    expect(planBatch([...events].reverse()).orderTimelineRecorded.salesPeople).toEqual(expected);
  });

  it('reads no change from an edit of other fields, another line, or an id that is not one', () => {
    expect(
      planBatch([
        line('EDITED', { orderName: { from: 'A', to: 'B' } }, at(1), 1),
        line('QA_PICKED', { salesPersonId: BO }, at(2), 2),
        line('EDITED', { salesPersonId: 'bo' }, at(3), 3),
      ]).orderTimelineRecorded.salesPeople,
    ).toEqual([]);
  });
});

describe('timelineDetails', () => {
  it('reads the tag from the flat fields, else from the reason, and leaves what is absent or odd null', () => {
    const tagId = '1a2b3c4d-2d3f-4e5a-8b6c-7d8e9f0a1b2c';
    expect(timelineDetails({ imageId: 'not-a-uuid', tagId, tagName: 'Glare', tagCategory: 'IMAGE_ERROR', role: 'QA_EDITOR' })).toEqual({
      imageId: null,
      tagId,
      tagName: 'Glare',
      tagCategory: 'IMAGE_ERROR',
      qaRole: 'QA_EDITOR',
    });
    expect(timelineDetails({ reason: { tagId, name: 'Glare' } })).toEqual({ imageId: null, tagId, tagName: 'Glare', tagCategory: null, qaRole: null });
    expect(timelineDetails({ reason: 'dirty', tagName: 42 })).toEqual({ imageId: null, tagId: null, tagName: null, tagCategory: null, qaRole: null });
  });
});

describe('an account saved twice in one batch', () => {
  it('keeps the newest name and the earliest creation time, in either order', () => {
    const id = '00000000-0000-4000-8000-0000000000aa';
    const saved = (displayName: string, createdAt: string, at: string) =>
      ({ kind: 'accountSaved', id: `${displayName}-${at}`, seq: 0, storedAt: null, payload: { userId: id, userRole: 'Dealership', displayName, email: 'a@example.test', createdAt, at } }) as FactEvent;
    const older = saved('Old Motors', '2026-09-01T00:00:00.000Z', '2026-09-01T00:00:00.000Z');
    const newer = saved('Old Motors A/S', '2026-11-25T00:00:00.000Z', '2026-11-25T00:00:00.000Z');
    for (const events of [[older, newer], [newer, older]]) {
      expect(planBatch(events).accountSaved).toEqual([
        { id, role: 'Dealership', displayName: 'Old Motors A/S', email: 'a@example.test', createdAt: '2026-09-01T00:00:00.000Z', at: '2026-11-25T00:00:00.000Z' },
      ]);
    }
  });
});
