import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GridPager, type GridPagerProps } from '../../../components/data-grid/GridPager';
import { visuallyHidden } from '../../../components/visuallyHidden';

export interface AssignColumn<T> {
  header: string;
  render: (item: T) => ReactNode;
}

export interface AssignTablesProps<T extends { id: string }> {
  columns: AssignColumn<T>[];
  /** the item's name, for the buttons' labels ("Add Golf guide") */
  nameOf: (item: T) => string;
  /** every item there is (the page shown, when paged) */
  available: readonly T[] | undefined;
  assigned: readonly T[] | undefined;
  /** a failed load of either side */
  error?: Error | null;
  /** paging of the left table, 10 a page on the server (`useDataGrid`'s pager) */
  paging?: GridPagerProps['grid'];
  search?: { value: string; onChange: (value: string) => void };
  /** rows under group headings, in this order */
  groups?: ReadonlyArray<{ key: string; label: string }>;
  groupOf?: (item: T) => string;
  onAdd: (item: T) => void;
  onRemove: (item: T) => void;
  /** a change is on its way: the buttons wait */
  busy: boolean;
}

/**
 * Two tables side by side: everything there is on the left with an add button (an assigned
 * item shows as assigned), what the account has on the right with a remove button. Child
 * accounts, style guides and permissions of the profile use it, their state from `useAssignment`.
 */
export function AssignTables<T extends { id: string }>(props: AssignTablesProps<T>) {
  const { t } = useTranslation();
  const { nameOf, available, assigned, error, paging, search, onAdd, onRemove, busy } = props;
  const assignedIds = new Set((assigned ?? []).map((a) => a.id));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }} component="section" aria-label={t('profile.assign.available')}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h3">{t('profile.assign.available')}</Typography>
            {search && (
              <TextField size="small" type="search" label={t('fields.search')} value={search.value} onChange={(e) => search.onChange(e.target.value)} sx={{ minWidth: 180 }} />
            )}
          </Box>
          <ItemTable
            {...props}
            items={available}
            testId="available"
            action={(item) =>
              assignedIds.has(item.id) ? (
                <Tooltip title={t('profile.assign.isAssigned')}>
                  <CheckCircleOutline fontSize="small" color="success" aria-label={t('profile.assign.isAssigned')} sx={{ m: 1 }} />
                </Tooltip>
              ) : (
                <Tooltip title={t('profile.assign.addOf', { name: nameOf(item) })}>
                  <span>
                    <IconButton size="small" color="primary" aria-label={t('profile.assign.addOf', { name: nameOf(item) })} disabled={busy} onClick={() => onAdd(item)}>
                      <AddCircleOutline fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )
            }
          />
          {paging && paging.total > 0 && <GridPager grid={paging} />}
        </Paper>
        <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }} component="section" aria-label={t('profile.assign.assigned')}>
          <Typography variant="h3">{t('profile.assign.assigned')}</Typography>
          <ItemTable
            {...props}
            items={assigned}
            testId="assigned"
            action={(item) => (
              <Tooltip title={t('common.removeOf', { name: nameOf(item) })}>
                <span>
                  <IconButton size="small" color="error" aria-label={t('common.removeOf', { name: nameOf(item) })} disabled={busy} onClick={() => onRemove(item)}>
                    <RemoveCircleOutline fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          />
        </Paper>
      </Box>
    </Box>
  );
}

function ItemTable<T extends { id: string }>({
  columns,
  items,
  groups,
  groupOf,
  action,
  testId,
}: AssignTablesProps<T> & { items: readonly T[] | undefined; action: (item: T) => ReactNode; testId: string }) {
  const { t } = useTranslation();
  if (items === undefined) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (items.length === 0) return <Typography color="text.secondary">{t('grid.noRows')}</Typography>;
  const sections = groups && groupOf ? groups.map((g) => ({ ...g, items: items.filter((i) => groupOf(i) === g.key) })).filter((g) => g.items.length) : [{ key: '', label: '', items }];
  const row = (item: T) => (
    <TableRow key={item.id} hover>
      {columns.map((c) => (
        <TableCell key={c.header} sx={{ overflowWrap: 'anywhere' }}>
          {c.render(item)}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ width: 48, p: 0.5 }}>
        {action(item)}
      </TableCell>
    </TableRow>
  );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header}>{c.header}</TableCell>
            ))}
            <TableCell align="right" sx={{ width: 48 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('common.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sections.map((s) => (
            <Fragment key={s.key}>
              {s.label && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} component="th" scope="rowgroup" sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                    {s.label}
                  </TableCell>
                </TableRow>
              )}
              {s.items.map(row)}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
