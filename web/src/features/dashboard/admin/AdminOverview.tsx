import { percentChange, type StatisticsWindowRequest } from '@app/contracts/wire';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardQueries } from '../../../api/dashboard';
import { ChartCard } from '../components/ChartCard';
import { StatCard } from '../components/StatCard';
import { useStatistics } from '../useStatistics';
import { lastMonth, monthLabel, oneDecimal, TOP_STYLE_GUIDES } from './adminDashboardLogic';
import { Bars, emptySlices, Pie, useLocaleTag, type PieSlice } from '../components/Charts';

const YEAR: StatisticsWindowRequest = { timePeriod: 'year', timeFrame: 'current' };
const MONTH: StatisticsWindowRequest = { timePeriod: 'month', timeFrame: 'current' };

/** Uploaded cars this month, with the change of the daily average against the 30 days before. */
export function UploadedCarsCard() {
  const { t } = useTranslation();
  const query = useStatistics(dashboardQueries.ordersPerPeriod(MONTH));
  const data = query.data;
  return (
    <StatCard
      label={t('dashboard.admin.uploadedCars')}
      value={data ? data.total : null}
      change={data ? percentChange(data.average, data.previousAverage) : undefined}
      loading={query.isPending}
    />
  );
}

/** Pictures per car, one decimal. */
export function AveragePicturesCard() {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics(dashboardQueries.averageImagesPerCar(YEAR));
  return (
    <StatCard
      label={t('dashboard.admin.averagePictures')}
      value={query.data ? oneDecimal(query.data.avg, locale) : null}
      loading={query.isPending}
    />
  );
}

/** Orders per style guide this year, the ten with most orders (the CSV has every guide). */
export function OrdersPerStyleGuideCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useStatistics(dashboardQueries.ordersPerStyleGuide(userId, YEAR));
  const rows = [...(query.data?.rows ?? [])].sort((a, b) => b.total_orders - a.total_orders);
  const top = rows.slice(0, TOP_STYLE_GUIDES);
  return (
    <ChartCard
      title={t('dashboard.admin.ordersPerStyleGuide')}
      subtitle={t('dashboard.admin.thisYear')}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={rows.every((r) => r.total_orders === 0)}
      csv={{ filename: 'orders-per-style-guide', rows: rows.map((r) => ({ styleGuide: r.style_guide_name, orders: r.total_orders })) }}
    >
      <Bars horizontal labels={top.map((r) => r.style_guide_name)} series={[{ label: t('dashboard.admin.orders'), data: top.map((r) => r.total_orders) }]} />
    </ChartCard>
  );
}

function PieCard({ title, subtitle, filename, slices, loading, error }: { title: string; subtitle: string; filename: string; slices: PieSlice[]; loading: boolean; error: unknown }) {
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      loading={loading}
      error={error ?? undefined}
      empty={emptySlices(slices)}
      csv={{ filename, rows: slices.map((s) => ({ label: s.label, count: s.value })) }}
    >
      <Pie slices={slices} />
    </ChartCard>
  );
}

/** Mobile orders by app version this year. */
export function AppVersionsCard() {
  const { t } = useTranslation();
  const query = useStatistics(dashboardQueries.appVersions(YEAR));
  const slices = (query.data?.rows ?? []).map((r) => ({ label: r.appVersion, value: r.count }));
  return (
    <PieCard
      title={t('dashboard.admin.appVersions')}
      subtitle={t('dashboard.admin.thisYear')}
      filename="app-versions"
      slices={slices}
      loading={query.isPending}
      error={query.error}
    />
  );
}

/** Orders made in the mobile app against the web app, this year. */
export function DevicesCard() {
  const { t } = useTranslation();
  const query = useStatistics(dashboardQueries.devices(YEAR));
  const slices = query.data
    ? [
        { label: t('dashboard.admin.mobile'), value: query.data.mobile },
        { label: t('dashboard.admin.webApp'), value: query.data.webApp },
      ]
    : [];
  return <PieCard title={t('dashboard.admin.devices')} subtitle={t('dashboard.admin.thisYear')} filename="devices" slices={slices} loading={query.isPending} error={query.error} />;
}

function EditedOrdersPie({ month }: { month: string }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics(dashboardQueries.imageRatio('edited', month));
  const data = query.data;
  const slices = data
    ? [
        { label: t('dashboard.admin.edited'), value: data.ordersWithImages },
        { label: t('dashboard.admin.notEdited'), value: Math.max(0, data.total_orders - data.ordersWithImages) },
      ]
    : [];
  return (
    <PieCard
      title={t('dashboard.admin.editedOrders')}
      subtitle={monthLabel(month, locale)}
      filename={`edited-orders-${month}`}
      slices={slices}
      loading={query.isPending}
      error={query.error}
    />
  );
}

/** Edited against not edited orders of last month, asked for once its button is clicked. */
export function EditedOrdersCard({ now }: { now: Date }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const [shown, setShown] = useState(false);
  if (shown) return <EditedOrdersPie month={lastMonth(now)} />;
  return (
    <ChartCard title={t('dashboard.admin.editedOrders')} subtitle={monthLabel(lastMonth(now), locale)}>
      <Button variant="outlined" onClick={() => setShown(true)} sx={{ my: 4, mx: 'auto', display: 'flex' }}>
        {t('dashboard.admin.showEditedOrders')}
      </Button>
    </ChartCard>
  );
}
