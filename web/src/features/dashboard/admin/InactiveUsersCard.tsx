import { DEFAULT_INACTIVE_USER_DAYS, ROLES, type Role, INACTIVE_USER_DAYS, INACTIVE_USERS_PAGE_SIZE, type InactiveUserDays } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { dashboardApi } from '../../../api/dashboard';
import { GridPager } from '../../../components/data-grid/GridPager';
import { formatDateTime } from '../../../utils/date';
import { ChartCard } from '../components/ChartCard';
import { useStatistics } from '../useStatistics';
import { adminDashboardKeys, pageCount } from './adminDashboardLogic';

/** The settings tab of an account's profile: where an inactive account's row leads. */
export const profileSettingsPath = (userId: string) => `/profile/${userId}/settings/`;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Accounts without a sign-in or an order for 14, 20 or 30 days, 10 a page; a row opens the account's settings. */
export function InactiveUsersCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [days, setDays] = useState<InactiveUserDays>(DEFAULT_INACTIVE_USER_DAYS);
  const [page, setPage] = useState(1);
  const query = useStatistics(adminDashboardKeys.inactiveUsers(days, page), (signal) => dashboardApi.inactiveUsers({ timeFrame: days, page }, signal));
  const data = query.data;
  const rows = data?.results ?? [];
  const pages = pageCount(data?.count ?? 0, INACTIVE_USERS_PAGE_SIZE);
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
      onChange={(e) => {
        setDays(Number(e.target.value) as InactiveUserDays);
        setPage(1);
      }}
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
      loading={query.isPending}
      error={query.error ?? undefined}
      empty={data !== undefined && data.count === 0}
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
      <GridPager
        grid={{
          page,
          pageCount: pages,
          total: data?.count ?? 0,
          first: () => setPage(1),
          previous: () => setPage((p) => Math.max(1, p - 1)),
          next: () => setPage((p) => Math.min(pages, p + 1)),
          last: () => setPage(pages),
        }}
      />
    </ChartCard>
  );
}
