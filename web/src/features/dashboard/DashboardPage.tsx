import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@app/contracts/wire';
import { useMe } from '../../app/useSession';
import { DealershipDashboard } from './DealershipDashboard';
import { ManagementDashboard } from './ManagementDashboard';

/* The admin dashboard (QA sees its QA section) loads only for those who see it. */
const AdminDashboard = lazy(() => import('./admin/AdminDashboard').then((m) => ({ default: m.AdminDashboard })));

/** Which dashboard a role sees on `/dashboard`. */
export type DashboardKind = 'dealership' | 'management' | 'admin';

export function dashboardOf(role: Role): DashboardKind {
  if (role === 'Management') return 'management';
  if (role === 'Admin' || role === 'QA') return 'admin';
  return 'dealership';
}

/**
 * `/dashboard`: the signed-in user's dashboard by role. A dealership (and its signed-in sales
 * person) sees its own statistics, management its child accounts', admin the admin dashboard,
 * QA the admin dashboard's QA section.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const kind = me ? dashboardOf(me.userRole) : undefined;
  const spinner = <CircularProgress size={28} aria-label={t('common.loading')} />;
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h1">{t('dashboard.title')}</Typography>
      {!me && spinner}
      {me && kind === 'dealership' && <DealershipDashboard accountId={me.id} />}
      {me && kind === 'management' && <ManagementDashboard accountId={me.id} />}
      {me && kind === 'admin' && (
        <Suspense fallback={spinner}>
          <AdminDashboard />
        </Suspense>
      )}
    </Container>
  );
}
