import { describe, expect, it } from '@jest/globals';
import type { QaUserOrdersRow, RejectionReasonRow } from '@app/contracts/wire';
import { hours, lastMonth, monthLabel, oneDecimal, qaUserBars, ratioLabel, reasonMatrix, splitMinutes, stackTotals } from './adminDashboardLogic';

describe('admin dashboard rules', () => {
  it('names last month across a new year, and a month in the reader’s language', () => {
    expect(lastMonth(new Date(2027, 0, 3))).toBe('2026-12');
    expect(monthLabel('2026-10', 'de')).toBe('Oktober 2026');
    expect(monthLabel('2026-10', 'ja')).toBe('2026年10月');
  });

  it('writes one decimal as the language does, and durations in hours and minutes', () => {
    expect(oneDecimal(11.46, 'en')).toBe('11.5');
    expect(oneDecimal(11.46, 'de')).toBe('11,5');
    expect(oneDecimal(3, 'en')).toBe('3.0');
    expect(hours(95)).toBe(1.6);
    expect(hours(null)).toBeNull();
    expect(splitMinutes(95.4)).toEqual({ hours: 1, minutes: 35 });
    expect(splitMinutes(59.6)).toEqual({ hours: 1, minutes: 0 });
  });

  it('labels the ratio steps, the last one up to 100 %', () => {
    expect(ratioLabel({ percentage: 0 })).toBe('0–10 %');
    expect(ratioLabel({ percentage: 90 })).toBe('90–100 %');
  });

  it('sums stacked buckets, a missing part counting as nothing', () => {
    expect(stackTotals([{ a: 1, b: 2 }, { a: null, b: 5 }], [(r) => r.a, (r) => r.b])).toEqual([3, 5]);
  });

  it('puts each QA user of the role once, with this and last month, most orders this month first', () => {
    const row = (userId: string, name: string, role: QaUserOrdersRow['role'], totalorders: number): QaUserOrdersRow => ({ userId, user_displayName: name, role, totalorders });
    const current = [row('e1', 'Edith', 'QA_EDITOR', 3), row('e2', 'Eric', 'QA_EDITOR', 9), row('c1', 'Cora', 'QA_COORDINATOR', 4)];
    const last = [row('e1', 'Edith', 'QA_EDITOR', 7), row('e3', 'Emma', 'QA_EDITOR', 2)];
    expect(qaUserBars('QA_EDITOR', current, last)).toEqual([
      { name: 'Eric', current: 9, last: 0 },
      { name: 'Edith', current: 3, last: 7 },
      { name: 'Emma', current: 0, last: 2 },
    ]);
    expect(qaUserBars('QA_COORDINATOR', current, last)).toEqual([{ name: 'Cora', current: 4, last: 0 }]);
  });

  it('turns rejection reasons of one source into guides by total and one count per reason and guide', () => {
    const row = (styleGuideId: string, source: RejectionReasonRow['source'], reason: string, count: number): RejectionReasonRow => ({ styleGuideId, styleGuideName: `Guide ${styleGuideId}`, source, reason, count });
    const rows = [row('a', 'dealership', 'logo', 1), row('b', 'dealership', 'logo', 4), row('b', 'dealership', 'colour', 2), row('a', 'qa', 'Dust', 9)];
    expect(reasonMatrix(rows, 'dealership')).toEqual({
      guides: [
        { id: 'b', name: 'Guide b', total: 6 },
        { id: 'a', name: 'Guide a', total: 1 },
      ],
      reasons: ['logo', 'colour'],
      data: [
        [4, 1],
        [2, 0],
      ],
    });
    expect(reasonMatrix(rows, 'qa').reasons).toEqual(['Dust']);
  });
});
