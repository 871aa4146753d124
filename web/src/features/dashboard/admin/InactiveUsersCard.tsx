import { DEFAULT_INACTIVE_USER_DAYS, ROLES, type Role, INACTIVE_USER_DAYS, type Expiring, type InactiveUserDays, type InactiveUserRow } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { dashboardApi, dashboardKeys } from '../../../api/dashboard';
import { GridPager } from '../../../components/data-grid/GridPager';
import { useDataGrid, type PageOf } from '../../../components/data-grid/useDataGrid';
import { formatDateTime } from '../../../utils/date';
import { ChartCard } from '../components/ChartCard';
import { useStatisticsStorage } from '../useStatistics';

/** The settings tab of an account's profile: where an inactive account's row leads. */
export const profileSettingsPath = (userId: string) => `/profile/${userId}/settings/`;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

const isDays = (value: number): value is InactiveUserDays => (INACTIVE_USER_DAYS as readonly number[]).includes(value);

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Accounts without a sign-in or an order for 14, 20 or 30 days, 10 a page; a row opens the account's settings. */
export function InactiveUsersCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // paged in the card's own state (the dashboard's URL is left alone), each page kept like every dashboard answer
  const grid = useDataGrid<InactiveUserRow, 'timeFrame'>({
    mode: 'local',
    queryKey: dashboardKeys.inactiveUsers(),
    filters: ['timeFrame'],
    defaultFilters: { timeFrame: String(DEFAULT_INACTIVE_USER_DAYS) },
    fetchPage: (query, signal) => dashboardApi.inactiveUsers({ timeFrame: Number(query['timeFrame']) as InactiveUserDays, page: query.page }, signal),
    storage: useStatisticsStorage<PageOf<InactiveUserRow> & Expiring>(),
  });
  const chosen = Number(grid.filters.timeFrame);
  const days: InactiveUserDays = isDays(chosen) ? chosen : DEFAULT_INACTIVE_USER_DAYS;
  const { rows, page } = grid;
  const never = t('dashboard.admin.inactive.never');
  // date and time each kept whole: on a phone the time goes under the date, never a date cut at its hyphens
  const when = (value: string | null) => {
    if (value === null) return never;
    const [date, time] = formatDateTime(new Date(value)).split(' ');
    return (
      <>
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {date}
        </Box>{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {time}
        </Box>
      </>
    );
  };

  const filter = (
    <TextField
      select
      size="small"
      label={t('dashboard.admin.inactive.filter')}
      value={days}
      onChange={(e) => grid.setFilter('timeFrame', String(e.target.value))}
      sx={{ minWidth: 160 }}
    >
      {INACTIVE_USER_DAYS.map((d) => (
        <MenuItem key={d} value={d}>
          {t('dashboard.admin.inactive.days', { count: d })}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <ChartCard
      title={t('dashboard.admin.inactive.title')}
      subtitle={t('dashboard.admin.inactive.help', { count: days })}
      loading={grid.isLoading}
      error={grid.error ?? undefined}
      empty={grid.isSuccess && grid.total === 0}
      action={filter}
      csv={{
        filename: `inactive-users-${days}-days-page-${page}`,
        rows: rows.map((r) => ({ name: r.displayName, email: r.email, role: r.userRole, lastSignIn: r.lastSignInAt, lastOrder: r.lastOrderAt })),
      }}
    >
      <Table size="small" sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'break-word' }, '& th:first-of-type': { width: { xs: '34%', sm: '25%' } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.name')}</TableCell>
            <TableCell sx={hideOnPhone}>{t('fields.email')}</TableCell>
            <TableCell sx={hideOnPhone}>{t('dashboard.admin.inactive.role')}</TableCell>
            <TableCell>{t('dashboard.admin.inactive.lastSignIn')}</TableCell>
            <TableCell>{t('dashboard.admin.inactive.lastOrder')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.userId} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(profileSettingsPath(row.userId))}>
              <TableCell>
                <RouterLink to={profileSettingsPath(row.userId)} onClick={(e) => e.stopPropagation()}>
                  {row.displayName}
                </RouterLink>
              </TableCell>
              <TableCell sx={hideOnPhone}>{row.email}</TableCell>
              <TableCell sx={hideOnPhone}>{isRole(row.userRole) ? t(`roles.${row.userRole}`) : row.userRole}</TableCell>
              <TableCell>{when(row.lastSignInAt)}</TableCell>
              <TableCell>{when(row.lastOrderAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <GridPager grid={grid} />
    </ChartCard>
  );
}
