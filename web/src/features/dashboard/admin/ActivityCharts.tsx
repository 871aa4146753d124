import { QA_PROMISED_HOURS, type StatisticsWindowRequest } from '@app/contracts/wire';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dashboardQueries } from '../../../api/dashboard';
import { ChartCard } from '../components/ChartCard';
import { useStatistics } from '../useStatistics';
import { hasStageTimes, hours, periodLabel, SERVICE_LEVEL_WEEKS } from './adminDashboardLogic';
import { Bars, useLocaleTag } from '../components/Charts';

const WEEK: StatisticsWindowRequest = { timePeriod: 'week', timeFrame: 'current' };

/** This week's orders by status, per day, stacked. */
export function OrdersByStatusCard() {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics(dashboardQueries.ordersByStatus(WEEK));
  const data = query.data;
  const rows = data?.rows ?? [];
  const statuses = [
    { key: 'uploading', label: t('dashboard.admin.status.uploading') },
    { key: 'inProgress', label: t('dashboard.admin.status.inProgress') },
    { key: 'qaStage', label: t('dashboard.admin.status.qaStage') },
    { key: 'finished', label: t('dashboard.admin.status.finished') },
  ] as const;
  return (
    <ChartCard
      title={t('dashboard.admin.ordersByStatus')}
      subtitle={t('dashboard.admin.thisWeek')}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={data !== undefined && data.uploading + data.inProgress + data.qaStage + data.finished === 0}
      csv={{
        filename: 'orders-by-status',
        rows: rows.map((r) => ({ day: r.period.slice(0, 10), uploading: r.uploading, inProgress: r.inProgress, qaStage: r.qaStage, finished: r.finished })),
      }}
    >
      <Bars
        labels={rows.map((r) => periodLabel(r.period, 'day', locale))}
        series={statuses.map((s) => ({ label: s.label, data: rows.map((r) => r[s.key]), stack: 'status' }))}
        valueLabel={t('dashboard.admin.orders')}
      />
    </ChartCard>
  );
}

/** Average hours of each stage (upload, pipeline, QA, delivery) for the orders of each of the last 14 days. */
export function StageTimesCard() {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics(dashboardQueries.orderTimeline({ timeLineStep: 'day' }));
  const rows = query.data?.rows ?? [];
  const stages = [
    { label: t('dashboard.admin.stages.upload'), of: (r: (typeof rows)[number]) => r.averageUploadMinutes },
    { label: t('dashboard.admin.stages.pipeline'), of: (r: (typeof rows)[number]) => r.averageInProgressMinutes },
    { label: t('dashboard.admin.stages.qa'), of: (r: (typeof rows)[number]) => r.averageQaStageMinutes },
    { label: t('dashboard.admin.stages.delivery'), of: (r: (typeof rows)[number]) => r.averageDeliveryMinutes },
  ];
  return (
    <ChartCard
      title={t('dashboard.admin.stageTimes')}
      subtitle={t('dashboard.admin.last14Days')}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={!hasStageTimes(rows)}
      csv={{
        filename: 'stage-times',
        rows: rows.map((r) => ({
          day: r.period.slice(0, 10),
          orders: r.totalOrders,
          uploadMinutes: r.averageUploadMinutes,
          pipelineMinutes: r.averageInProgressMinutes,
          qaMinutes: r.averageQaStageMinutes,
          deliveryMinutes: r.averageDeliveryMinutes,
        })),
      }}
    >
      <Bars
        labels={rows.map((r) => periodLabel(r.period, 'day', locale))}
        series={stages.map((s) => ({ label: s.label, data: rows.map((r) => hours(s.of(r))), stack: 'stages' }))}
        valueLabel={t('dashboard.admin.hours')}
        unit={t('dashboard.admin.hoursUnit')}
      />
    </ChartCard>
  );
}

/** Per week: median and 90th percentile hours from upload to Ready to download, and the share within the promised time. */
export function QaServiceLevelsCard() {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const query = useStatistics(dashboardQueries.qaServiceLevels({ weeks: SERVICE_LEVEL_WEEKS }));
  const rows = query.data?.rows ?? [];
  const labels = rows.map((r) => periodLabel(r.week, 'day', locale));
  return (
    <ChartCard
      title={t('dashboard.admin.serviceLevels')}
      subtitle={t('dashboard.admin.serviceLevelsHelp', { weeks: SERVICE_LEVEL_WEEKS })}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={rows.every((r) => r.orders === 0)}
      csv={{
        filename: 'qa-service-levels',
        rows: rows.map((r) => ({
          week: r.week.slice(0, 10),
          orders: r.orders,
          medianMinutes: r.medianMinutes,
          p90Minutes: r.p90Minutes,
          withinPromisePercent: r.withinPromise === null ? null : Math.round(r.withinPromise * 1000) / 10,
        })),
      }}
    >
      <Bars
        labels={labels}
        series={[
          { label: t('dashboard.admin.median'), data: rows.map((r) => hours(r.medianMinutes)) },
          { label: t('dashboard.admin.p90'), data: rows.map((r) => hours(r.p90Minutes)) },
        ]}
        valueLabel={t('dashboard.admin.hours')}
        unit={t('dashboard.admin.hoursUnit')}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('dashboard.admin.withinPromise', { hours: QA_PROMISED_HOURS })}
      </Typography>
      <Bars
        labels={labels}
        series={[{ label: t('dashboard.admin.withinPromise', { hours: QA_PROMISED_HOURS }), data: rows.map((r) => (r.withinPromise === null ? null : Math.round(r.withinPromise * 100))) }]}
        max={100}
        height={200}
        unit="%"
        valueLabel="%"
      />
    </ChartCard>
  );
}
