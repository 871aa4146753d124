import type { CustomerListItem, Role, UserListItem } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { userKeys, usersApi } from '../../api/users';
import { useMe } from '../../app/useSession';
import { DataGridPage } from '../../components/data-grid/DataGridPage';
import { FilterDate } from '../../components/data-grid/FilterFields';
import { SearchField } from '../../components/data-grid/SearchField';
import { useStandardColumns } from '../../components/data-grid/columns';
import { defaultFrom, useStartDateInUrl } from '../../components/data-grid/useStartDateInUrl';
import { useDataGrid, type DataGridState } from '../../components/data-grid/useDataGrid';
import { languageOf } from '../../i18n/languages';
import { ACCOUNT_ROLES } from './accountFormRules';
import { COUNTRIES, countryName } from './countries';

type Filter = 'search' | 'country' | 'userRole' | 'from' | 'to';

/** The page's frame, as the orders list has it. */
export const PAGE = { p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1600, mx: 'auto', boxSizing: 'border-box' } as const;

/**
 * `/customers`: the admin's list of every account (search, country, role, creation dates; rows
 * open the profile), QA's list of the dealerships with their order counts (read-only: rows
 * open the account form without its save). Filters and the page live in the URL; the dates
 * start 14 days back (written into the URL before the first fetch, so the list and the fields
 * agree), as the orders list does for admin and QA.
 */
export function CustomersPage() {
  const { data: me } = useMe();
  // admin and QA start 14 days back: the date goes into the URL before the first fetch
  const ready = useStartDateInUrl(me ? defaultFrom(me.userRole) : undefined);
  if (!me || !ready) return null;
  return (
    <Box sx={PAGE}>
      {me.userRole === 'Admin' ? <AdminCustomers /> : <QaCustomers />}
    </Box>
  );
}

function AdminCustomers() {
  const { t } = useTranslation();
  const grid = useDataGrid<UserListItem, Filter>({ queryKey: userKeys.lists(), fetchPage: (query, signal) => usersApi.list(query, signal), filters: ['search', 'country', 'userRole', 'from', 'to'] });
  const std = useStandardColumns<UserListItem>();
  const columns: GridColDef<UserListItem>[] = [
    { field: 'displayName', headerName: t('account.fields.dealershipName'), flex: 1, minWidth: 180, sortable: false },
    { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 200, sortable: false },
    { field: 'country', headerName: t('account.fields.country'), width: 140, sortable: false, valueGetter: (_v, row) => row.address.country },
    { field: 'userRole', headerName: t('customers.fields.role'), width: 130, sortable: false, valueFormatter: (v: Role) => t(`roles.${v}`) },
    { field: 'contact', headerName: t('account.contactPerson'), flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => row.contactPerson.name },
    { ...std.created(), sortable: false },
  ];
  return (
    <DataGridPage<UserListItem>
      grid={grid}
      title={t('customers.title')}
      label={t('customers.title')}
      columns={columns}
      rowLink={(row) => `/profile/${row.id}/orders`}
      filters={
        <Filters grid={grid}>
          <TextField
            select
            size="small"
            label={t('customers.fields.role')}
            value={grid.filters.userRole}
            onChange={(e) => grid.setFilter('userRole', e.target.value)}
            sx={{ minWidth: 170 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('customers.filters.allRoles')}</MenuItem>
            {ACCOUNT_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        </Filters>
      }
    />
  );
}

function QaCustomers() {
  const { t } = useTranslation();
  const grid = useDataGrid<CustomerListItem, Filter>({ queryKey: userKeys.customers(), fetchPage: (query, signal) => usersApi.customers(query, signal), filters: ['search', 'country', 'from', 'to'] });
  const std = useStandardColumns<CustomerListItem>();
  const columns: GridColDef<CustomerListItem>[] = [
    { field: 'displayName', headerName: t('account.fields.dealershipName'), flex: 1, minWidth: 180, sortable: false },
    { field: 'country', headerName: t('account.fields.country'), width: 140, sortable: false, valueGetter: (_v, row) => row.address.country },
    { field: 'city', headerName: t('account.fields.city'), width: 140, sortable: false, valueGetter: (_v, row) => row.address.city },
    { field: 'contact', headerName: t('account.contactPerson'), flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => row.contactPerson.name },
    { field: 'ordersCount', headerName: t('customers.fields.ordersCount'), width: 120, sortable: false, type: 'number' },
    { ...std.created(), sortable: false },
  ];
  return (
    <DataGridPage<CustomerListItem>
      grid={grid}
      title={t('customers.title')}
      label={t('customers.title')}
      columns={columns}
      rowLink={(row) => `/customer/${row.id}`}
      filters={<Filters grid={grid} />}
    />
  );
}

/** Search, country, creation dates and the list's own filters (the page adds the reset). */
function Filters<Row>({ grid, children }: { grid: DataGridState<Row, Filter>; children?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).locale;
  const countries = useMemo(
    () => COUNTRIES.map((c) => ({ value: c.label, name: countryName(c, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} data-testid="customers-filters">
      <SearchField value={grid.filters.search} onChange={(v) => grid.setFilter('search', v)} />
      <TextField
        select
        size="small"
        label={t('account.fields.country')}
        value={grid.filters.country}
        onChange={(e) => grid.setFilter('country', e.target.value)}
        sx={{ minWidth: 200 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('customers.filters.allCountries')}</MenuItem>
        {countries.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <FilterDate grid={grid} name="from" label={t('customers.filters.from')} />
      <FilterDate grid={grid} name="to" label={t('customers.filters.to')} />
      {children}
    </Box>
  );
}
