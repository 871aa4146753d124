/**
 * The charts of every dashboard (dealership, management, the admin's and an account's
 * statistics): bars and doughnuts in one colour scheme.
 */

import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { chartMax, CHART_HEADROOM } from '@app/contracts/wire';
import { useTranslation } from 'react-i18next';
import { textWidth } from '../../../components/data-grid/headerWidth';
import { languageOf } from '../../../i18n/languages';
import { stackTotals } from '../dashboardLogic';
import { useFormat } from '../format';

/**
 * The series and slice colours of every chart, in this order: the theme's primary blue (a
 * chart of one series is all primary), its secondary amber, then colours told apart from
 * them and from each other.
 */
export function chartColors(theme: Theme): string[] {
  return [theme.palette.primary.main, theme.palette.secondary.main, '#4fa3d9', '#7a5195', '#2a9d8f', '#ef5675', '#8d6e63', '#9e9d24'];
}

/** The colour scheme of the current theme. */
function useChartColors(): string[] {
  return chartColors(useTheme());
}

/** Value labels on the bars while they have room for them. */
const LABELLED_BARS = 12;

/**
 * The width of the names beside lying bars: the longest name's (tick labels are 12 px, the
 * measure is of 14 px text), at most 240 px, 120 px on a phone, where a longer name is cut.
 */
function namesWidth(labels: readonly string[], wide: boolean): number {
  const longest = labels.reduce((w, label) => Math.max(w, textWidth(label)), 0);
  return Math.min(wide ? 240 : 120, Math.ceil((longest * 12) / 14) + 14);
}

export interface CountBarChartProps {
  /** what each bar is (a bucket, a dealership, a style guide) */
  labels: string[];
  values: number[];
  /** the series' name (the tooltip's) */
  seriesLabel: string;
  /** the axis maximum is the highest value plus this share (`CHART_HEADROOM`, `UPLOADED_CARS_HEADROOM`) */
  headroom?: number;
  /** bars lying down, their names on the left: for names rather than times */
  horizontal?: boolean;
  height?: number;
}

/**
 * Counts as bars. The value axis ends at `chartMax(values, headroom)`, so the highest bar never
 * touches the top; the values are written on the bars when there are at most 12.
 */
export function CountBarChart({ labels, values, seriesLabel, headroom = CHART_HEADROOM, horizontal = false, height }: CountBarChartProps) {
  const format = useFormat();
  const theme = useTheme();
  const colors = useChartColors();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const max = chartMax(values, headroom);
  const band = { scaleType: 'band' as const, data: labels };
  const value = { min: 0, max, valueFormatter: (n: number) => format.number(n) };
  const tall = height ?? (horizontal ? Math.max(160, labels.length * 36 + 48) : 260);
  return (
    <Box data-testid="bar-chart" data-max={max} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        colors={colors}
        height={tall}
        layout={horizontal ? 'horizontal' : 'vertical'}
        series={[
          {
            data: values,
            label: seriesLabel,
            valueFormatter: (n) => (n === null ? '' : format.number(n)),
            // above a standing bar (the headroom leaves room); inside a lying one, whose end is clipped at the axis' end
            ...(labels.length <= LABELLED_BARS ? { barLabel: 'value' as const, barLabelPlacement: horizontal ? ('center' as const) : ('outside' as const) } : {}),
          },
        ]}
        xAxis={[horizontal ? { ...value, height: 28 } : { ...band, height: 28 }]}
        yAxis={[horizontal ? { ...band, width: namesWidth(labels, wide) } : { ...value, width: 40 }]}
        hideLegend
        grid={horizontal ? { vertical: true } : { horizontal: true }}
        margin={{ left: 4, right: 12, top: 12, bottom: 4 }}
        sx={horizontal ? { [`& .${barClasses.label}`]: { fill: theme.palette.primary.contrastText, fontWeight: 600 } } : undefined}
      />
    </Box>
  );
}

/** Outer radius of the half doughnut: it fits a phone's card (about 300 px wide). */
const GAUGE_RADIUS = 140;

/**
 * A half doughnut: `value` against `of` (this week against the best week), the numbers in
 * words under it.
 */
export function HalfDoughnut({ value, of, valueLabel, ofLabel }: { value: number; of: number; valueLabel: string; ofLabel: string }) {
  const theme = useTheme();
  const format = useFormat();
  const rest = Math.max(0, of - value);
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
      <Box sx={{ width: '100%', maxWidth: 320 }}>
        <PieChart
          height={GAUGE_RADIUS + 4}
          hideLegend
          margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
          series={[
            {
              startAngle: -90,
              endAngle: 90,
              innerRadius: GAUGE_RADIUS * 0.62,
              outerRadius: GAUGE_RADIUS,
              cy: GAUGE_RADIUS,
              data: [
                { id: 'value', value, label: valueLabel, color: chartColors(theme)[0] },
                { id: 'rest', value: rest, label: ofLabel, color: theme.palette.action.disabledBackground },
              ],
              valueFormatter: (item) => format.number(item.value),
            },
          ]}
        />
      </Box>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }} data-testid="half-doughnut-value">
        {format.number(value)} / {format.number(of)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {valueLabel}: {format.number(value)} · {ofLabel}: {format.number(of)}
      </Typography>
    </Box>
  );
}

export interface Share {
  id: string;
  label: string;
  value: number;
}

/** Shares of a whole as a doughnut with each part's percentage, and a legend that wraps. */
export function ShareDoughnut({ parts }: { parts: Share[] }) {
  const format = useFormat();
  const colors = useChartColors();
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <PieChart
        colors={colors}
        height={260}
        series={[
          {
            innerRadius: '45%',
            paddingAngle: 1,
            cornerRadius: 3,
            data: parts.map((p) => ({ id: p.id, value: p.value, label: p.label })),
            arcLabel: (item) => (total > 0 && item.value / total >= 0.06 ? format.share(item.value / total) : ''),
            valueFormatter: (item) => `${format.number(item.value)} (${format.share(total > 0 ? item.value / total : 0)})`,
          },
        ]}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </Box>
  );
}

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
  const colors = useChartColors();
  return horizontal ? (
    <BarChart
      colors={colors}
      layout="horizontal"
      height={Math.max(height, labels.length * 28 + 80)}
      yAxis={[{ ...band, width: 136 }]}
      xAxis={[{ max: top, label: valueLabel, tickMinStep: 1, height: valueLabel ? 52 : 32 }]}
      series={bars}
      hideLegend={!legend}
    />
  ) : (
    <BarChart
      colors={colors}
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
  const colors = useChartColors();
  return (
    <PieChart
      colors={colors}
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
