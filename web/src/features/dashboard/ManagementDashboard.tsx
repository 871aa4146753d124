import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { percentChange, UPLOADED_CARS_HEADROOM } from '@app/contracts/wire';
import { dashboardQueries } from '../../api/dashboard';
import { userKeys, usersApi } from '../../api/users';
import { ChartCard } from './components/ChartCard';
import { CountBarChart } from './components/Charts';
import { RefreshStatistics } from './components/RefreshStatistics';
import { StatCard } from './components/StatCard';
import { WindowPicker } from './components/WindowPicker';
import { dealershipRows, hasCounts, LAST_30_DAYS_WINDOW, periodRows, salesPersonName, salesPersonRows, styleGuideRows, windowSlug } from './dashboardLogic';
import { useFormat } from './format';
import { useDashboardWindow } from './useDashboardWindow';
import { useStatistics } from './useStatistics';

const ALL = 'all';

/**
 * A management account's statistics: an account picker (All, then each child account, kept in
 * `?account=`), the uploaded cars per bucket, the car and sales-person counts, the cars per
 * style guide, and the last 30 days' cars per dealership, or per sales person once one account is
 * chosen.
 */
export function ManagementDashboard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [window, setWindow] = useDashboardWindow();
  const [params, setParams] = useSearchParams();
  const children = useQuery({ queryKey: userKeys.children(accountId), queryFn: ({ signal }) => usersApi.children(accountId, signal) });
  const accounts = [...(children.data ?? [])].sort((a, b) => a.displayName.localeCompare(b.displayName, format.locale));
  const wanted = params.get('account');
  const chosen = accounts.find((a) => a.id === wanted);
  const scope = chosen?.id ?? accountId;
  const choose = (id: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (id === ALL) out.delete('account');
        else out.set('account', id);
        return out;
      },
      { replace: true },
    );

  const orders = useStatistics(dashboardQueries.dealershipOrders(scope, window));
  const styleGuides = useStatistics(dashboardQueries.ordersPerStyleGuide(scope, window));
  const byDealership = useStatistics(dashboardQueries.ordersByDealership(accountId, LAST_30_DAYS_WINDOW), { enabled: chosen === undefined });
  const bySalesPerson = useStatistics(dashboardQueries.ordersPerSalesMan(scope, LAST_30_DAYS_WINDOW), { enabled: chosen !== undefined });
  // sales people: the chosen account's, or every child account's together
  const counted = chosen ? [chosen] : accounts;
  const salesPeople = useQueries({
    queries: counted.map((a) => ({ queryKey: userKeys.statistics(a.id), queryFn: ({ signal }: { signal: AbortSignal }) => usersApi.statistics(a.id, signal) })),
  });
  const salesPeopleCount = salesPeople.every((q) => q.data) ? salesPeople.reduce((sum, q) => sum + (q.data?.salesManCount ?? 0), 0) : null;

  const rows = orders.data?.rows ?? [];
  const guides = (styleGuides.data?.rows ?? []).filter((r) => r.total_orders > 0);
  const without = t('dashboard.common.noSalesPerson');
  const perAccount = chosen
    ? (bySalesPerson.data?.rows ?? []).map((r) => ({ label: salesPersonName(r, without), value: r.totalorders }))
    : (byDealership.data?.rows ?? []).map((r) => ({ label: r.user_displayName, value: r.totalorders }));
  const perAccountQuery = chosen ? bySalesPerson : byDealership;
  const slug = windowSlug(window);
  const windowName = t(`dashboard.common.windows.${window.timeFrame}.${window.timePeriod}`);

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="management-dashboard">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end' }}>
        <TextField
          select
          size="small"
          label={t('dashboard.management.account')}
          value={chosen?.id ?? ALL}
          onChange={(e) => choose(e.target.value)}
          sx={{ minWidth: 220, maxWidth: '100%', flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          <MenuItem value={ALL}>{t('dashboard.management.all')}</MenuItem>
          {accounts.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.displayName}
            </MenuItem>
          ))}
        </TextField>
        <WindowPicker value={window} onChange={setWindow} />
        <RefreshStatistics also={[userKeys.children(accountId), ['users', 'statistics']]} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <StatCard label={t('dashboard.common.carsUploaded')} value={orders.data?.total ?? null} loading={orders.isPending} />
        <StatCard label={t('dashboard.management.salesPeopleCount')} value={salesPeopleCount} loading={children.isPending || salesPeople.some((q) => q.isPending)} />
        <StatCard
          label={t('dashboard.common.averagePerDay')}
          value={orders.data?.average ?? null}
          change={orders.data ? percentChange(orders.data.average, orders.data.previousAverage) : undefined}
          loading={orders.isPending}
        />
      </Box>
      <ChartCard
        title={t('dashboard.management.uploadedCarsPerPeriod')}
        subtitle={windowName}
        loading={orders.isPending}
        error={orders.error ?? undefined}
        empty={!hasCounts(rows.map((r) => r.count))}
        csv={{ filename: `uploaded-cars-${slug}`, rows: periodRows(rows) }}
      >
        <CountBarChart
          labels={rows.map((r) => format.bucket(r.period, window.timePeriod))}
          values={rows.map((r) => r.count)}
          seriesLabel={t('dashboard.common.cars')}
          headroom={UPLOADED_CARS_HEADROOM}
        />
      </ChartCard>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChartCard
          title={t('dashboard.management.perStyleGuide')}
          subtitle={windowName}
          loading={styleGuides.isPending}
          error={styleGuides.error ?? undefined}
          empty={guides.length === 0}
          csv={{ filename: `cars-per-style-guide-${slug}`, rows: styleGuideRows(guides) }}
        >
          <CountBarChart horizontal labels={guides.map((r) => r.style_guide_name)} values={guides.map((r) => r.total_orders)} seriesLabel={t('dashboard.common.cars')} />
        </ChartCard>
        <ChartCard
          title={chosen ? t('dashboard.management.perSalesPerson') : t('dashboard.management.perDealership')}
          subtitle={t('dashboard.common.last30Days')}
          loading={perAccountQuery.isPending}
          error={perAccountQuery.error ?? undefined}
          empty={!hasCounts(perAccount.map((r) => r.value))}
          csv={
            chosen
              ? { filename: 'cars-per-sales-person-last-30-days', rows: salesPersonRows(bySalesPerson.data?.rows ?? [], without) }
              : { filename: 'cars-per-dealership-last-30-days', rows: dealershipRows(byDealership.data?.rows ?? []) }
          }
        >
          <CountBarChart horizontal labels={perAccount.map((r) => r.label)} values={perAccount.map((r) => r.value)} seriesLabel={t('dashboard.common.cars')} />
        </ChartCard>
      </Box>
    </Box>
  );
}
