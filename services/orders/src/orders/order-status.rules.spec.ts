import { ORDER_MESSAGES, ORDER_STATUSES, QA_STATUSES, RpcError, type OrderStatus, type QaStatus } from '@app/contracts';
import { approvalPair, isValidPair, notePreview, resolveStatusChange, secondsSince } from './order-status.rules';

describe('paired status rules', () => {
  it('gives the QA status a chosen status is sent with', () => {
    for (const status of ['Uploading', 'QA stage', 'In Progress'] as OrderStatus[]) {
      expect(resolveStatusChange({ status })).toEqual({ status, QAstatus: 'Waiting For QA' });
    }
    for (const status of ['Delivering', 'Ready to download', 'Completed'] as OrderStatus[]) {
      expect(resolveStatusChange({ status })).toEqual({ status, QAstatus: 'Approved' });
    }
  });

  it('gives the status a chosen QA status sets', () => {
    expect(resolveStatusChange({ QAstatus: 'Waiting For QA' })).toEqual({ status: 'QA stage', QAstatus: 'Waiting For QA' });
    expect(resolveStatusChange({ QAstatus: 'Waiting For Edition' })).toEqual({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
    expect(resolveStatusChange({ QAstatus: 'Approved' })).toEqual({ status: 'Ready to download', QAstatus: 'Approved' });
  });

  it('accepts both only when they go together', () => {
    const valid = ORDER_STATUSES.flatMap((s) => QA_STATUSES.map((q) => [s, q] as [OrderStatus, QaStatus])).filter(([s, q]) => isValidPair(s, q));
    expect(valid).toEqual([
      ['Uploading', 'Waiting For QA'],
      ['In Progress', 'Waiting For QA'],
      ['QA stage', 'Waiting For QA'],
      ['QA stage', 'Waiting For Edition'],
      ['Delivering', 'Approved'],
      ['Ready to download', 'Approved'],
      ['Completed', 'Approved'],
    ]);
    expect(resolveStatusChange({ status: 'QA stage', QAstatus: 'Waiting For Edition' })).toEqual({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
    let err: unknown;
    try {
      resolveStatusChange({ status: 'Completed', QAstatus: 'Waiting For QA' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ status: 400, message: ORDER_MESSAGES.statusPairInvalid('Completed', 'Waiting For QA') });
  });

  it('changes nothing when neither is given', () => {
    expect(resolveStatusChange({})).toBeNull();
  });

  it('approves or sends back', () => {
    expect(approvalPair(true)).toEqual({ status: 'Ready to download', QAstatus: 'Approved' });
    expect(approvalPair(false)).toEqual({ status: 'QA stage', QAstatus: 'Waiting For Edition' });
  });
});

describe('note preview', () => {
  it('cuts at 60 characters with …, counting characters rather than UTF-16 units', () => {
    expect(notePreview(null)).toBeNull();
    expect(notePreview('')).toBeNull();
    expect(notePreview('a'.repeat(60))).toBe('a'.repeat(60));
    expect(notePreview('a'.repeat(61))).toBe(`${'a'.repeat(60)}…`);
    expect(notePreview(`${'🚗'.repeat(61)}`)).toBe(`${'🚗'.repeat(60)}…`);
  });
});

describe('seconds since creation', () => {
  it('rounds and never goes below zero', () => {
    const created = new Date('2026-01-01T10:00:00.000Z');
    expect(secondsSince(created, new Date('2026-01-01T12:00:00.400Z'))).toBe(7200);
    expect(secondsSince(created, new Date('2026-01-01T09:59:00.000Z'))).toBe(0);
  });
});
