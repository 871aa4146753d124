import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { percentChange, UPLOADED_CARS_HEADROOM } from '@app/contracts/wire';
import { dashboardQueries } from '../../api/dashboard';
import { ChartCard } from './components/ChartCard';
import { CountBarChart, HalfDoughnut, ShareDoughnut } from './components/Charts';
import { RefreshStatistics } from './components/RefreshStatistics';
import { StatCard } from './components/StatCard';
import { WindowPicker } from './components/WindowPicker';
import { hasCounts, periodRows, salesPersonName, salesPersonRows, windowSlug } from './dashboardLogic';
import { useFormat } from './format';
import { useDashboardWindow } from './useDashboardWindow';
import { useStatistics } from './useStatistics';

/**
 * A dealership's statistics (the dealership itself, its signed-in sales person, or the admin on
 * its profile): the uploaded cars per bucket of the chosen window with the 30-day average and
 * its change, this week against the best week, and each sales person's share of the orders.
 */
export function DealershipDashboard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [window, setWindow] = useDashboardWindow();
  const orders = useStatistics(dashboardQueries.dealershipOrders(accountId, window));
  const perSalesPerson = useStatistics(dashboardQueries.ordersPerSalesMan(accountId, window));
  const rows = orders.data?.rows ?? [];
  const counts = rows.map((r) => r.count);
  const without = t('dashboard.common.noSalesPerson');
  const people = (perSalesPerson.data?.rows ?? []).filter((r) => r.totalorders > 0);
  const slug = windowSlug(window);

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="dealership-dashboard">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
        <WindowPicker value={window} onChange={setWindow} />
        <RefreshStatistics />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        <StatCard label={t('dashboard.common.carsUploaded')} value={orders.data?.total ?? null} loading={orders.isPending} />
        <StatCard
          label={t('dashboard.common.averagePerDay')}
          value={orders.data?.average ?? null}
          change={orders.data ? percentChange(orders.data.average, orders.data.previousAverage) : undefined}
          loading={orders.isPending}
        />
        <StatCard label={t('dashboard.dealership.thisWeek')} value={orders.data?.currentWeek ?? null} loading={orders.isPending} />
        <StatCard label={t('dashboard.dealership.bestWeek')} value={orders.data?.bestWeek ?? null} loading={orders.isPending} />
      </Box>
      <ChartCard
        title={t('dashboard.common.uploadedCars')}
        subtitle={t(`dashboard.common.windows.${window.timeFrame}.${window.timePeriod}`)}
        loading={orders.isPending}
        error={orders.error ?? undefined}
        empty={!hasCounts(counts)}
        csv={{ filename: `uploaded-cars-${slug}`, rows: periodRows(rows) }}
      >
        <CountBarChart
          labels={rows.map((r) => format.bucket(r.period, window.timePeriod))}
          values={counts}
          seriesLabel={t('dashboard.common.cars')}
          headroom={UPLOADED_CARS_HEADROOM}
        />
      </ChartCard>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChartCard
          title={t('dashboard.dealership.weekTitle')}
          subtitle={t('dashboard.dealership.weekSubtitle')}
          loading={orders.isPending}
          error={orders.error ?? undefined}
          empty={!orders.data || orders.data.bestWeek === 0}
          csv={orders.data ? { filename: 'week-against-best-week', rows: [{ thisWeek: orders.data.currentWeek, bestWeek: orders.data.bestWeek }] } : undefined}
        >
          {orders.data && (
            <HalfDoughnut value={orders.data.currentWeek} of={orders.data.bestWeek} valueLabel={t('dashboard.dealership.thisWeek')} ofLabel={t('dashboard.dealership.bestWeek')} />
          )}
        </ChartCard>
        <ChartCard
          title={t('dashboard.dealership.salesPeopleTitle')}
          subtitle={t(`dashboard.common.windows.${window.timeFrame}.${window.timePeriod}`)}
          loading={perSalesPerson.isPending}
          error={perSalesPerson.error ?? undefined}
          empty={people.length === 0}
          csv={{ filename: `orders-per-sales-person-${slug}`, rows: salesPersonRows(people, without) }}
        >
          <ShareDoughnut parts={people.map((r) => ({ id: r.salesManId ?? 'none', label: salesPersonName(r, without), value: r.totalorders }))} />
        </ChartCard>
      </Box>
    </Box>
  );
}
