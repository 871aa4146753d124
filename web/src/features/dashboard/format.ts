import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatisticsPeriod } from '@app/contracts/wire';
import { languageOf } from '../../i18n/languages';

/**
 * A bucket's start (ISO time) as the axis shows it, by the chart's period: the hour of a day,
 * the weekday of a week, the day of a month, the month of a year. Buckets are counted in UTC
 * by the statistics service, so they are read in UTC (a bucket never shows as the day before).
 */
export function bucketLabel(period: string, timePeriod: StatisticsPeriod, locale: string): string {
  const at = new Date(period);
  if (Number.isNaN(at.getTime())) return period;
  const options: Intl.DateTimeFormatOptions =
    timePeriod === 'day'
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : timePeriod === 'week'
        ? { weekday: 'short' }
        : timePeriod === 'month'
          ? { day: 'numeric' }
          : { month: 'short' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
}

/** Numbers, shares and changes in the interface's language. */
export function formatters(locale: string) {
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const change = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return {
    locale,
    number: (n: number) => whole.format(n),
    /** 0..1 as a percentage */
    share: (fraction: number) => share.format(fraction),
    /** a percent change (12.5 for +12.5 %) with its sign */
    percentChange: (percent: number) => change.format(percent / 100),
    bucket: (period: string, timePeriod: StatisticsPeriod) => bucketLabel(period, timePeriod, locale),
  };
}

export type Format = ReturnType<typeof formatters>;

export function useFormat(): Format {
  const { i18n } = useTranslation();
  const locale = languageOf(i18n.language).locale;
  return useMemo(() => formatters(locale), [locale]);
}
