import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  formatValidationErrors,
  InactiveUsersQuery,
  isStatisticsMonth,
  lastStatisticsMonth,
  MonthQuery,
  ServiceLevelsQuery,
  STATISTICS_MESSAGES,
  StatisticsWindowQuery,
  TotalEventsQuery,
} from '@app/contracts';

/** the query as the gateway and the statistics service take it (query text in), or the message it is refused with */
async function check<T extends object>(cls: new () => T, query: Record<string, string>): Promise<{ ok: T } | { refused: string }> {
  const value = plainToInstance(cls, query);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length ? { refused: formatValidationErrors(errors) } : { ok: value };
}

describe('the month of the ratio charts (timeStamp)', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('runs from January 2023 to the month before now, in UTC', () => {
    expect(lastStatisticsMonth(now)).toBe('2026-10');
    expect(lastStatisticsMonth(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12');
    // 23:30 on 31 October in New York is already November in UTC
    expect(lastStatisticsMonth(new Date('2026-11-01T03:30:00Z'))).toBe('2026-10');
    expect(isStatisticsMonth('2023-01', now)).toBe(true);
    expect(isStatisticsMonth('2026-10', now)).toBe(true);
    expect(isStatisticsMonth('2022-12', now)).toBe(false);
    expect(isStatisticsMonth('2026-11', now)).toBe(false);
  });

  it('takes only YYYY-MM with a real month', () => {
    for (const bad of ['2023-13', '2023-00', '2023-1', '2023-01-01', '202301', ' 2023-01', '2023-01 ', 'last', '', 2023]) {
      expect(isStatisticsMonth(bad, now)).toBe(false);
    }
  });

  it('refuses a month out of range or malformed with one message that says which months', async () => {
    expect(await check(MonthQuery, { timeStamp: '2023-01' })).toHaveProperty('ok');
    expect(await check(MonthQuery, { timeStamp: lastStatisticsMonth() })).toHaveProperty('ok');
    expect(await check(MonthQuery, {})).toHaveProperty('ok');
    for (const timeStamp of ['2022-12', '2023-13', '2099-01', '2023-1', 'x']) {
      expect(await check(MonthQuery, { timeStamp })).toEqual({ refused: STATISTICS_MESSAGES.badMonth });
    }
  });
});

describe('the other dashboard queries', () => {
  it('takes the inactive-users page from 1 to 1,000,000 and the days 14, 20 or 30', async () => {
    expect(await check(InactiveUsersQuery, { page: '1', timeFrame: '30' })).toEqual({ ok: { page: 1, timeFrame: 30 } });
    expect(await check(InactiveUsersQuery, { page: '1000000' })).toHaveProperty('ok');
    expect(await check(InactiveUsersQuery, { page: '0' })).toEqual({ refused: 'page must not be less than 1' });
    expect(await check(InactiveUsersQuery, { page: '1000001' })).toEqual({ refused: 'page must not be greater than 1000000' });
    expect(await check(InactiveUsersQuery, { page: '1.5' })).toEqual({ refused: 'page must be an integer number' });
    expect(await check(InactiveUsersQuery, { timeFrame: '15' })).toEqual({ refused: 'timeFrame must be one of the following values: 14, 20, 30' });
  });

  it('takes 1 to 52 weeks of service levels', async () => {
    expect(await check(ServiceLevelsQuery, { weeks: '52' })).toEqual({ ok: { weeks: 52 } });
    expect(await check(ServiceLevelsQuery, { weeks: '0' })).toEqual({ refused: 'weeks must not be less than 1' });
    expect(await check(ServiceLevelsQuery, { weeks: '53' })).toEqual({ refused: 'weeks must not be greater than 52' });
  });

  it('takes a period, a frame and an event name only from their lists', async () => {
    expect(await check(StatisticsWindowQuery, { timePeriod: 'week', timeFrame: 'LAST_14_DAYS' })).toHaveProperty('ok');
    expect(await check(StatisticsWindowQuery, { timePeriod: 'hour' })).toEqual({ refused: 'timePeriod must be one of the following values: day, week, month, year' });
    expect(await check(StatisticsWindowQuery, { timeFrame: 'next' })).toMatchObject({ refused: expect.stringMatching(/^timeFrame must be one of the following values: current, last, TODAY/) });
    expect(await check(TotalEventsQuery, { eventName: 'image_repushed' })).toMatchObject({ refused: expect.stringMatching(/^eventName must be one of the following values: IMAGE_REPUSHED/) });
  });
});
