import type { ImageStatisticsPerPeriodView, OrderStatisticsPerPeriodView, StatisticsWindowRequest } from '@app/contracts/wire';
import { percentChange } from '@app/contracts/wire';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardQueries } from '../../../api/dashboard';
import { ChartCard } from '../components/ChartCard';
import { useStatistics } from '../useStatistics';
import { periodLabel } from './adminDashboardLogic';
import { Bars, Summary, useLocaleTag } from '../components/Charts';

const YEAR: StatisticsWindowRequest = { timePeriod: 'year', timeFrame: 'current' };

type Kind = 'orders' | 'images';

function PeriodChart({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics<OrderStatisticsPerPeriodView | ImageStatisticsPerPeriodView>(
    kind === 'orders' ? dashboardQueries.ordersPerPeriod(YEAR) : dashboardQueries.imagesPerPeriod(YEAR),
  );
  const data = query.data;
  const rows = data?.rows ?? [];
  const title = kind === 'orders' ? t('dashboard.admin.orderStatistics') : t('dashboard.admin.imageStatistics');
  const series = kind === 'orders' ? t('dashboard.admin.orders') : t('dashboard.admin.images');
  return (
    <ChartCard
      title={title}
      subtitle={t('dashboard.admin.thisYear')}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={data !== undefined && data.total === 0}
      csv={{ filename: `${kind}-per-month`, rows: rows.map((r) => ({ month: r.period.slice(0, 7), [kind]: r.count })) }}
    >
      {data && (
        <>
          <Summary total={t('dashboard.admin.total', { count: data.total })} change={percentChange(data.average, data.previousAverage)} />
          <Bars labels={rows.map((r) => periodLabel(r.period, 'month', locale))} series={[{ label: series, data: rows.map((r) => r.count) }]} valueLabel={series} />
        </>
      )}
    </ChartCard>
  );
}

/** The order and image statistics of the year, each asked for only once its button is clicked. */
export function PeriodStatistics() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Record<Kind, boolean>>({ orders: false, images: false });
  const toggle = (kind: Kind) => setShown((s) => ({ ...s, [kind]: !s[kind] }));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant={shown.orders ? 'contained' : 'outlined'} startIcon={<BarChartOutlined />} aria-pressed={shown.orders} onClick={() => toggle('orders')}>
          {t('dashboard.admin.showOrderStatistics')}
        </Button>
        <Button variant={shown.images ? 'contained' : 'outlined'} startIcon={<BarChartOutlined />} aria-pressed={shown.images} onClick={() => toggle('images')}>
          {t('dashboard.admin.showImageStatistics')}
        </Button>
      </Box>
      {(shown.orders || shown.images) && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
          {shown.orders && <PeriodChart kind="orders" />}
          {shown.images && <PeriodChart kind="images" />}
        </Box>
      )}
    </Box>
  );
}
