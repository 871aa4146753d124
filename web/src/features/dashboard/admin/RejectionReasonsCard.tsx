import { RE_EDIT_REASONS, REJECTION_REASONS_DEFAULT_DAYS, type ReEditReason, type RejectionSource } from '@app/contracts/wire';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectionReasonQueries } from '../../../api/rejectionReasons';
import { ChartCard } from '../components/ChartCard';
import { reasonMatrix } from './adminDashboardLogic';
import { Bars } from '../components/Charts';

const isReEditReason = (value: string): value is ReEditReason => (RE_EDIT_REASONS as readonly string[]).includes(value);

/**
 * Why pictures were sent back in the last 30 days, per style guide: the dealerships' re-edit
 * requests by reason, or QA's declines by the IMAGE_ERROR tag chosen (`GET /dashboard/rejection-reasons`).
 */
export function RejectionReasonsCard() {
  const { t } = useTranslation();
  const [source, setSource] = useState<RejectionSource>('dealership');
  const query = useQuery({ ...rejectionReasonQueries.list({}), staleTime: 5 * 60_000 });
  const rows = query.data ?? [];
  const matrix = reasonMatrix(rows, source);
  const reasonName = (reason: string) => (source === 'dealership' && isReEditReason(reason) ? t(`reEdit.reasons.${reason}`) : reason);
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={source} onChange={(_e, next: RejectionSource | null) => next && setSource(next)}>
      <ToggleButton value="dealership">{t('dashboard.admin.reasons.dealership')}</ToggleButton>
      <ToggleButton value="qa">{t('dashboard.admin.reasons.qa')}</ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <ChartCard
      title={t('dashboard.admin.reasons.title')}
      subtitle={t('dashboard.admin.lastDays', { count: REJECTION_REASONS_DEFAULT_DAYS })}
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={matrix.guides.length === 0}
      action={toggle}
      csv={{
        filename: `rejection-reasons-${source}`,
        rows: rows.filter((r) => r.source === source).map((r) => ({ styleGuide: r.styleGuideName, reason: reasonName(r.reason), count: r.count })),
      }}
    >
      <Bars
        horizontal
        legend
        labels={matrix.guides.map((g) => g.name)}
        series={matrix.reasons.map((reason, i) => ({ label: reasonName(reason), data: matrix.data[i] ?? [], stack: 'reasons' }))}
      />
    </ChartCard>
  );
}
