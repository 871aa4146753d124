import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/useSession';
import { rejectionReasonKeys } from '../../../api/rejectionReasons';
import { ChartSectionTitleId } from '../components/ChartCard';
import { RefreshStatistics } from '../components/RefreshStatistics';
import { QaServiceLevelsCard, OrdersByStatusCard, StageTimesCard } from './ActivityCharts';
import { AppVersionsCard, AveragePicturesCard, DevicesCard, EditedOrdersCard, OrdersPerStyleGuideCard, UploadedCarsCard } from './AdminOverview';
import { ImageRatioSection } from './ImageRatioCharts';
import { InactiveUsersCard } from './InactiveUsersCard';
import { PeriodStatistics } from './PeriodStatistics';
import { QaSection } from './QaSection';
import { RejectionReasonsCard } from './RejectionReasonsCard';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;
const threeColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <ChartSectionTitleId.Provider value={titleId}>{children}</ChartSectionTitleId.Provider>
    </Box>
  );
}

/**
 * The admin dashboard (the content of `/dashboard` for an admin, under the page's title): the
 * orders and images, the apps, the stage times, inactive accounts, edited and repushed
 * pictures, QA service levels and rejection reasons, then the QA section. A QA account sees
 * only the QA section.
 */
export function AdminDashboard() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  // one clock for the page: the month picker and "last month" agree while it is open
  const now = useMemo(() => new Date(), []);
  if (!me) return null;
  const admin = me.userRole === 'Admin';
  // the page (`/dashboard`) holds the title and the margins; this is its content
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <RefreshStatistics also={admin ? [rejectionReasonKeys.all()] : []} />
      </Box>
      {admin && (
        <>
          <Section title={t('dashboard.admin.overview')}>
            <PeriodStatistics />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', maxWidth: 640 }}>
              <UploadedCarsCard />
              <AveragePicturesCard />
            </Box>
            <Box sx={threeColumns}>
              <OrdersPerStyleGuideCard userId={me.id} />
              <AppVersionsCard />
              <DevicesCard />
              <EditedOrdersCard now={now} />
              <OrdersByStatusCard />
              <StageTimesCard />
            </Box>
          </Section>
          <Section title={t('dashboard.admin.imagesPerOrder')}>
            <ImageRatioSection now={now} />
          </Section>
          <Section title={t('dashboard.admin.quality')}>
            <Box sx={twoColumns}>
              <QaServiceLevelsCard />
              <RejectionReasonsCard />
            </Box>
          </Section>
          <InactiveUsersCard />
        </>
      )}
      <Section title={t('dashboard.admin.qa.title')}>
        <QaSection now={now} />
      </Section>
    </Box>
  );
}
