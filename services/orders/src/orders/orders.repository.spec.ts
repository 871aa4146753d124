import { dayAnchor } from './orders.repository';

describe('dayAnchor (where a deep page of the orders list starts)', () => {
  const days = [
    { day: '2026-11-18', n: 3 },
    { day: '2026-11-19', n: 5 },
    { day: '2026-11-21', n: 2 },
  ];

  it('finds the day of the order `skip` places from the newest, and the orders before that day', () => {
    expect(dayAnchor(days, 'DESC', 0)).toEqual({ day: '2026-11-21', before: 0 });
    expect(dayAnchor(days, 'DESC', 1)).toEqual({ day: '2026-11-21', before: 0 });
    expect(dayAnchor(days, 'DESC', 2)).toEqual({ day: '2026-11-19', before: 2 });
    expect(dayAnchor(days, 'DESC', 7)).toEqual({ day: '2026-11-18', before: 7 });
    expect(dayAnchor(days, 'DESC', 9)).toEqual({ day: '2026-11-18', before: 7 });
  });

  it('and from the oldest; nothing past the end', () => {
    expect(dayAnchor(days, 'ASC', 2)).toEqual({ day: '2026-11-18', before: 0 });
    expect(dayAnchor(days, 'ASC', 3)).toEqual({ day: '2026-11-19', before: 3 });
    expect(dayAnchor(days, 'ASC', 8)).toEqual({ day: '2026-11-21', before: 8 });
    expect(dayAnchor(days, 'ASC', 10)).toBeNull();
    expect(dayAnchor([], 'DESC', 0)).toBeNull();
  });
});
