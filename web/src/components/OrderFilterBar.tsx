import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ORDER_STATUSES, QA_STATUSES } from '@app/contracts/wire';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterDate, FilterSelect, type FilterState } from './data-grid/FilterFields';
import { SearchField } from './data-grid/SearchField';
import { useStatusLabels } from './StatusBadge';

/** The filters every list of orders has. */
export type OrderListFilter = 'search' | 'from' | 'to' | 'status' | 'QAstatus';

/**
 * The filter bar of a list of orders: the search, from and to, the status and (unless
 * `qaStatus` is false) the QA status, then the list's own filters (`children`) and Reset filters.
 */
export function OrderFilterBar({
  grid,
  testId,
  qaStatus = true,
  children,
}: {
  grid: FilterState<OrderListFilter> & { resetFilters: () => void };
  testId: string;
  qaStatus?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const labels = useStatusLabels();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} data-testid={testId}>
      <SearchField value={grid.filters.search} onChange={(v) => grid.setFilter('search', v)} />
      <FilterDate grid={grid} name="from" label={t('orders.filters.from')} />
      <FilterDate grid={grid} name="to" label={t('orders.filters.to')} />
      <FilterSelect grid={grid} name="status" label={t('fields.status')} options={ORDER_STATUSES.map((s) => ({ value: s, label: labels.status(s) }))} />
      {qaStatus && <FilterSelect grid={grid} name="QAstatus" label={t('fields.qaStatus')} options={QA_STATUSES.map((s) => ({ value: s, label: labels.qaStatus(s) }))} />}
      {children}
      <Button size="small" onClick={grid.resetFilters}>
        {t('grid.resetFilters')}
      </Button>
    </Box>
  );
}
