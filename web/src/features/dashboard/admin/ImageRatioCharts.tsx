import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardQueries } from '../../../api/dashboard';
import { ChartCard } from '../components/ChartCard';
import { useStatistics } from '../useStatistics';
import { lastMonth, monthLabel, monthOptions, ratioLabel, type ImageRatioKind } from './adminDashboardLogic';
import { Bars, useLocaleTag } from '../components/Charts';

/**
 * How many orders of a month had which share of their images edited (or repushed), in steps
 * of 10 %. Monthly answers: kept a month.
 */
export function ImageRatioChart({ kind, month, namedWithSection = false }: { kind: ImageRatioKind; month: string; namedWithSection?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics(dashboardQueries.imageRatio(kind, month));
  const data = query.data;
  const rows = data?.rows ?? [];
  const title = kind === 'edited' ? t('dashboard.admin.editedRatio') : t('dashboard.admin.repushedRatio');
  const subtitle = data
    ? kind === 'edited'
      ? t('dashboard.admin.editedRatioHelp', { month: monthLabel(month, locale), orders: data.ordersWithImages, total: data.total_orders })
      : t('dashboard.admin.repushedRatioHelp', { month: monthLabel(month, locale), orders: data.ordersWithImages, total: data.total_orders })
    : monthLabel(month, locale);
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      namedWithSection={namedWithSection}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={rows.every((r) => r.total_orders === 0)}
      csv={{ filename: `${kind}-images-per-order-${month}`, rows: rows.map((r) => ({ percentage: ratioLabel(r), orders: r.total_orders })) }}
    >
      <Bars slant labels={rows.map(ratioLabel)} series={[{ label: t('dashboard.admin.orders'), data: rows.map((r) => r.total_orders) }]} valueLabel={t('dashboard.admin.orders')} />
    </ChartCard>
  );
}

/** The month picker of the ratio charts: January 2023 to last month, newest first. */
export function MonthPicker({ now, value, onChange }: { now: Date; value: string; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  return (
    <TextField select size="small" label={t('dashboard.admin.month')} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 200 }}>
      {monthOptions(now).map((m) => (
        <MenuItem key={m} value={m}>
          {monthLabel(m, locale)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The repushed and edited image ratio charts of a chosen month (last month at first). */
export function ImageRatioSection({ now }: { now: Date }) {
  const [month, setMonth] = useState(() => lastMonth(now));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <MonthPicker now={now} value={month} onChange={setMonth} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        <ImageRatioChart kind="repushed" month={month} />
        <ImageRatioChart kind="edited" month={month} />
      </Box>
    </Box>
  );
}
