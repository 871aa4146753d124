import { percentChange, type CountedEventName, type QaActivityRole, type StatisticsWindowRequest } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { dashboardQueries } from '../../../api/dashboard';
import { ChartCard } from '../components/ChartCard';
import { StatCard } from '../components/StatCard';
import { useStatistics } from '../useStatistics';
import { lastMonth, periodLabel, qaUserBars, splitMinutes } from './adminDashboardLogic';
import { Bars, emptySlices, Pie, Summary, useLocaleTag } from '../components/Charts';
import { ImageRatioChart } from './ImageRatioCharts';

const THIS_MONTH: StatisticsWindowRequest = { timePeriod: 'month', timeFrame: 'current' };
const LAST_MONTH: StatisticsWindowRequest = { timePeriod: 'month', timeFrame: 'last' };

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;
const cards = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } } as const;

function useQaActivities() {
  const current = useStatistics(dashboardQueries.qaActivities(THIS_MONTH));
  const last = useStatistics(dashboardQueries.qaActivities(LAST_MONTH));
  return { current, last };
}

/** Orders each editor (or coordinator) worked on this month and last month. */
function QaUsersCard({ role }: { role: QaActivityRole }) {
  const { t } = useTranslation();
  const { current, last } = useQaActivities();
  const bars = qaUserBars(role, current.data?.users ?? [], last.data?.users ?? []);
  const title = role === 'QA_EDITOR' ? t('dashboard.admin.qa.editors') : t('dashboard.admin.qa.coordinators');
  return (
    <ChartCard
      title={title}
      subtitle={t('dashboard.admin.qa.thisAndLastMonth')}
      loading={current.isPending || last.isPending}
      error={current.error ?? last.error ?? undefined}
      empty={bars.length === 0}
      csv={{ filename: role === 'QA_EDITOR' ? 'orders-per-editor' : 'orders-per-coordinator', rows: bars.map((b) => ({ name: b.name, thisMonth: b.current, lastMonth: b.last })) }}
    >
      <Bars
        horizontal
        labels={bars.map((b) => b.name)}
        series={[
          { label: t('dashboard.admin.qa.thisMonth'), data: bars.map((b) => b.current) },
          { label: t('dashboard.admin.qa.lastMonth'), data: bars.map((b) => b.last) },
        ]}
        valueLabel={t('dashboard.admin.orders')}
      />
    </ChartCard>
  );
}

/** Minutes from a QA pick to the order leaving QA, this month. */
function AverageTimeCard() {
  const { t } = useTranslation();
  const { current } = useQaActivities();
  const minutes = current.data?.averageMinutesPerOrder ?? null;
  const value = minutes === null ? null : t('dashboard.admin.qa.duration', splitMinutes(minutes));
  return <StatCard label={t('dashboard.admin.qa.averageTime')} value={value} loading={current.isPending} />;
}

const useEvents = (eventName: CountedEventName) =>
  useStatistics(dashboardQueries.totalEvents({ eventName }));

/** One kind of timeline event per day over the last 30 days, with its total and change. */
function EventsChart({ eventName, title }: { eventName: CountedEventName; title: string }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useEvents(eventName);
  const data = query.data;
  const rows = data?.rows ?? [];
  return (
    <ChartCard
      title={title}
      subtitle={t('dashboard.admin.lastDays', { count: 30 })}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={data !== undefined && data.total === 0}
      csv={{ filename: `${eventName.toLowerCase()}-30-days`, rows: rows.map((r) => ({ day: r.day.slice(0, 10), events: r.total_events })) }}
    >
      {data && (
        <>
          <Summary total={t('dashboard.admin.total', { count: data.total })} change={percentChange(data.average, data.previousAverage)} />
          <Bars labels={rows.map((r) => periodLabel(r.day, 'day', locale))} series={[{ label: title, data: rows.map((r) => r.total_events) }]} />
        </>
      )}
    </ChartCard>
  );
}

/** A 30-day count as a number card, with the change of its daily average. */
function EventsCard({ eventName, label }: { eventName: CountedEventName; label: string }) {
  const query = useEvents(eventName);
  const data = query.data;
  return <StatCard label={label} value={data ? data.total : null} change={data ? percentChange(data.average, data.previousAverage) : undefined} loading={query.isPending} />;
}

/** Orders that left QA this month without a declined, repushed or re-edit-requested picture, against the others. */
function FlawlessOrdersCard() {
  const { t } = useTranslation();
  const query = useStatistics(dashboardQueries.flawlessOrders(THIS_MONTH));
  const slices = query.data
    ? [
        { label: t('dashboard.admin.qa.flawless'), value: query.data.totalFlawlessOrders },
        { label: t('dashboard.admin.qa.flawed'), value: query.data.totalOrdersWithFlaws },
      ]
    : [];
  return (
    <ChartCard
      title={t('dashboard.admin.qa.flawlessOrders')}
      subtitle={t('dashboard.admin.qa.thisMonth')}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={emptySlices(slices)}
      csv={{ filename: 'flawless-orders', rows: slices.map((s) => ({ label: s.label, orders: s.value })) }}
    >
      <Pie slices={slices} />
    </ChartCard>
  );
}

/** The QA section: what admin and QA see of the QA team's work. */
export function QaSection({ now }: { now: Date }) {
  const { t } = useTranslation();
  const month = lastMonth(now);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={cards}>
        <AverageTimeCard />
        <EventsCard eventName="IMAGE_APPROVED" label={t('dashboard.admin.qa.approved')} />
        <EventsCard eventName="IMAGE_DECLINED" label={t('dashboard.admin.qa.declined')} />
        <EventsCard eventName="RE_EDIT_REQUESTED" label={t('dashboard.admin.qa.reEditRequests')} />
        <EventsCard eventName="DELIVERED" label={t('dashboard.admin.qa.delivered')} />
      </Box>
      <Box sx={grid}>
        <QaUsersCard role="QA_EDITOR" />
        <QaUsersCard role="QA_COORDINATOR" />
        <ImageRatioChart kind="edited" month={month} namedWithSection />
        <ImageRatioChart kind="repushed" month={month} namedWithSection />
        <EventsChart eventName="QA_UPLOADED_PICTURE" title={t('dashboard.admin.qa.editedImages')} />
        <EventsChart eventName="IMAGE_REPUSHED" title={t('dashboard.admin.qa.repushedImages')} />
        <FlawlessOrdersCard />
      </Box>
    </Box>
  );
}
