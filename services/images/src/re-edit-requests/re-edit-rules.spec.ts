import { reEditSummary } from './re-edit-request-views';
import { dueHoursOf } from './re-edit-requests.service';
import type { ReEditRequest } from './re-edit-request.entity';

describe('re-edit request rules', () => {
  it('takes the due hours of the app setting when it is a positive number, else 4', () => {
    expect(dueHoursOf('10')).toBe(10);
    expect(dueHoursOf(' 0.5 ')).toBe(0.5);
    for (const value of [undefined, '', ' ', '0', '-2', 'four', 'Infinity']) expect(dueHoursOf(value)).toBe(4);
  });

  it('an open request past its due time is overdue; an answered one never is', () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    const request = (state: ReEditRequest['state'], dueAt: string) =>
      ({ id: 'r', reason: 'logo', text: null, state, dueAt: new Date(dueAt), answer: null }) as unknown as ReEditRequest;
    expect(reEditSummary(request('open', '2026-05-01T11:59:59.000Z'), now).overdue).toBe(true);
    expect(reEditSummary(request('open', '2026-05-01T12:00:01.000Z'), now).overdue).toBe(false);
    expect(reEditSummary(request('done', '2026-05-01T08:00:00.000Z'), now).overdue).toBe(false);
    expect(reEditSummary(request('declined', '2026-05-01T08:00:00.000Z'), now)).toEqual({
      id: 'r',
      reason: 'logo',
      text: null,
      state: 'declined',
      dueAt: '2026-05-01T08:00:00.000Z',
      overdue: false,
      answer: null,
    });
  });
});
