import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderListItem, UserView } from '@app/contracts/wire';
import { orderKeys, ordersApi } from '../../../api/orders';
import { salesPeopleQueries } from '../../../api/salesPeople';
import { formatTimestamp } from '../../../components/data-grid/columns';
import { FilterSelect } from '../../../components/data-grid/FilterFields';
import { DataTable, type TableColumn } from '../../../components/data-grid/DataTable';
import { fourteenDaysBack, useStartDateInUrl } from '../../../components/data-grid/useStartDateInUrl';
import { useDataGrid } from '../../../components/data-grid/useDataGrid';
import { StatusBadge } from '../../../components/StatusBadge';
import { ProfileLayout, useProfileId } from './ProfileLayout';
import { NoWrap } from '../../../components/NoWrap';
import { OrderFilterBar } from '../../../components/OrderFilterBar';

type Filter = 'search' | 'from' | 'to' | 'status' | 'QAstatus' | 'salesMan';
const FILTERS: readonly Filter[] = ['search', 'from', 'to', 'status', 'QAstatus', 'salesMan'];

/** `/profile/{id}/orders`: the account's orders, with the orders list's filters and a sales-person filter; its viewers (admin and QA) start 14 days back, as on the orders list. */
export function ProfileOrdersTab() {
  const ready = useStartDateInUrl(fourteenDaysBack());
  return <ProfileLayout tab="orders">{(account) => (ready ? <AccountOrders account={account} /> : null)}</ProfileLayout>;
}

function AccountOrders({ account }: { account: UserView }) {
  const { t } = useTranslation();
  const id = useProfileId();
  const grid = useDataGrid<OrderListItem, Filter>({
    queryKey: orderKeys.lists(),
    fetchPage: (query, signal) => ordersApi.list({ ...query, userId: id }, signal),
    filters: FILTERS,
    defaultSort: { field: 'createdAt', order: 'desc' },
  });
  const salesPeople = useQuery({ ...salesPeopleQueries.ofAccount(id), enabled: account.userRole === 'Dealership' });

  const columns: TableColumn<OrderListItem>[] = [
    {
      field: 'orderName',
      header: t('fields.orderName'),
      sortable: true,
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 140, overflowWrap: 'anywhere' }}>
          {row.orderName}
        </Typography>
      ),
    },
    { field: 'salesMan', header: t('fields.salesPerson'), render: (row) => row.salesMan?.name ?? '' },
    { field: 'status', header: t('fields.status'), sortable: true, render: (row) => <StatusBadge status={row.status} /> },
    { field: 'QAstatus', header: t('fields.qaStatus'), sortable: true, render: (row) => <StatusBadge qa={row.QAstatus} /> },
    { field: 'images', header: t('fields.images'), render: (row) => String(row.imageCount) },
    { field: 'createdAt', header: t('fields.created'), sortable: true, render: (row) => <NoWrap>{formatTimestamp(row.createdAt)}</NoWrap> },
    { field: 'updatedAt', header: t('fields.updated'), sortable: true, render: (row) => <NoWrap>{formatTimestamp(row.updatedAt)}</NoWrap> },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <OrderFilterBar grid={grid} testId="profile-orders-filters">
        <FilterSelect grid={grid} name="salesMan" label={t('fields.salesPerson')} options={(salesPeople.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
      </OrderFilterBar>
      <DataTable<OrderListItem> grid={grid} columns={columns} label={t('profile.tabs.orders')} rowLink={(row) => `/order/${row.id}`} />
    </Box>
  );
}

