import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { chartMax } from '@app/contracts/wire';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../i18n/languages';
import { stackTotals } from './adminDashboardLogic';

/** A percent change with its sign in the reader's language ("+33.3%", "+33,3 %"). */
export function percentText(change: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change / 100);
}

/** The BCP 47 tag of the interface's language, for Intl formatting. */
export function useLocaleTag(): string {
  const { i18n } = useTranslation();
  return languageOf(i18n.language).locale;
}

/**
 * A chart's headline under its title: the total, and the percent change of the daily average
 * of the last 30 days against the 30 days before (an arrow, green up, red down).
 */
export function Summary({ total, change }: { total: string; change?: number | null }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="summary-total">
        {total}
      </Typography>
      {change !== undefined && change !== null && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: change >= 0 ? 'success.main' : 'error.main' }} data-testid="summary-change">
          {change >= 0 ? <ArrowUpward fontSize="small" /> : <ArrowDownward fontSize="small" />}
          <Typography variant="body2">{t('dashboard.admin.change', { change: percentText(change, locale) })}</Typography>
        </Box>
      )}
    </Box>
  );
}

export interface BarSeriesSpec {
  label: string;
  data: ReadonlyArray<number | null>;
  /** series with the same stack name are drawn on top of each other */
  stack?: string;
}

export interface BarsProps {
  /** one label per bucket */
  labels: readonly string[];
  series: readonly BarSeriesSpec[];
  /** the value axis' title ("Hours", "Orders") */
  valueLabel?: string;
  /** a fixed maximum (100 for shares); otherwise the highest bucket plus 10 % */
  max?: number;
  /** bars from the left, for long bucket names (style guides) */
  horizontal?: boolean;
  height?: number;
  /** the unit after each value in the tooltip */
  unit?: string;
  /** show the legend; by default when there are two series or more */
  legend?: boolean;
  /**
   * slant the bucket labels, so all of them show on a phone (ratio steps); dates stay
   * upright and the chart leaves out those that would overlap
   */
  slant?: boolean;
}

/**
 * A bar chart of the dashboard: the value axis up to the highest bucket (stacks summed) plus
 * 10 %; long bucket names (style guides, people) read from the left with `horizontal`.
 */
export function Bars({ labels, series, valueLabel, max, horizontal = false, height = 260, unit, legend = series.length > 1, slant = false }: BarsProps) {
  const stacked = series.some((s) => s.stack);
  const values = stacked
    ? stackTotals(
        labels.map((_, i) => i),
        series.map((s) => (i: number) => s.data[i] ?? null),
      )
    : series.flatMap((s) => s.data.map((v) => v ?? 0));
  const top = max ?? chartMax(values);
  const slanted = !horizontal && slant;
  const band = { scaleType: 'band' as const, data: [...labels] };
  const valueFormatter = (v: number | null) => (v === null ? '–' : unit ? `${v} ${unit}` : String(v));
  const bars = series.map((s) => ({ label: s.label, data: [...s.data], stack: s.stack, valueFormatter }));
  return horizontal ? (
    <BarChart
      layout="horizontal"
      height={Math.max(height, labels.length * 28 + 80)}
      yAxis={[{ ...band, width: 136 }]}
      xAxis={[{ max: top, label: valueLabel, tickMinStep: 1, height: valueLabel ? 52 : 32 }]}
      series={bars}
      hideLegend={!legend}
    />
  ) : (
    <BarChart
      height={height}
      xAxis={[{ ...band, height: slanted ? 64 : 'auto', tickLabelStyle: slanted ? { angle: -40, textAnchor: 'end', fontSize: 11 } : undefined }]}
      yAxis={[{ max: top, label: valueLabel, width: valueLabel ? 56 : 40, tickMinStep: max === undefined ? 1 : undefined }]}
      series={bars}
      hideLegend={!legend}
    />
  );
}

export interface PieSlice {
  label: string;
  value: number;
}

/** A pie with its counts in the legend ("Mobile: 12"), so the numbers read without hovering. */
export function Pie({ slices, height = 220 }: { slices: readonly PieSlice[]; height?: number }) {
  return (
    <PieChart
      height={height}
      series={[
        {
          data: slices.map((s, i) => ({ id: i, value: s.value, label: `${s.label}: ${s.value}` })),
          innerRadius: 30,
          paddingAngle: 1,
          cornerRadius: 3,
        },
      ]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}

/** Whether every slice is 0: the pie says "No data yet" instead. */
export const emptySlices = (slices: readonly PieSlice[]) => slices.every((s) => s.value === 0);
