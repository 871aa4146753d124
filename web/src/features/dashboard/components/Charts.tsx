import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { chartMax, CHART_HEADROOM } from '@app/contracts/wire';
import { textWidth } from '../../../components/data-grid/headerWidth';
import { useFormat } from '../format';

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
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const max = chartMax(values, headroom);
  const band = { scaleType: 'band' as const, data: labels };
  const value = { min: 0, max, valueFormatter: (n: number) => format.number(n) };
  const tall = height ?? (horizontal ? Math.max(160, labels.length * 36 + 48) : 260);
  return (
    <Box data-testid="bar-chart" data-max={max} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={tall}
        layout={horizontal ? 'horizontal' : 'vertical'}
        series={[
          {
            data: values,
            label: seriesLabel,
            color: theme.palette.primary.main,
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
                { id: 'value', value, label: valueLabel, color: theme.palette.primary.main },
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
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <PieChart
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
